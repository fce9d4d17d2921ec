import { z } from "zod";
import { multiLine } from "~/lib/schema-fields";
import { bookingPaymentSchema } from "~/features/payments/payments.schema";

/* Customer records, attendance and the owner's notes: shared by the admin screens and the API. */

export const ATTENDANCE_VALUES = ["attended", "no-show"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];

const ATTENDANCE_MESSAGE = 'Attendance must be "attended", "no-show" or null';

/** `PATCH /api/bookings/{id}`: null takes a mark back. */
export const attendanceSchema = z.object({
  attendance: z.enum(ATTENDANCE_VALUES, { error: ATTENDANCE_MESSAGE }).nullable(),
});

export const customerNotesSchema = z.object({
  notes: multiLine(z.string({ error: "Notes must be text" }).trim().max(5000, "Notes must be at most 5000 characters")),
});

export const customerSearchSchema = z
  .string()
  .trim()
  .max(100, "Search must be at most 100 characters")
  .optional()
  .transform((value) => value || undefined);

/** A customer with this many no-shows is flagged on their bookings. */
export const NO_SHOW_FLAG = 2;

export const CUSTOMER_KEY_MESSAGE =
  "A customer is named by their e-mail address, like name@example.com, or a walk-in by phone:07700900123 or walk-in:OB-ABCD2345";

/** One customer is one e-mail address, whatever its case. */
export const customerKey = (email: string) => email.trim().toLowerCase();

/** The name a walk-in gets when the owner gives none: such a walk-in is nobody's record. */
export const WALK_IN_NAME = "Walk-in";

const PHONE_KEY = "phone:";
const WALK_IN_KEY = "walk-in:";

/** +447700900123 and 07700900123 are one phone (both are stored: the booking form keeps what was typed). */
const nationalPhone = (phone: string) => phone.replace(/^\+44/, "0");

/** Who a record is about: an e-mail address; for bookings without one, a phone; with neither, one named walk-in. */
export type RecordOwner = { email: string } | { phone: string } | { reference: string };

/**
 * The key of the record a booking belongs to (decision 036): its e-mail, lower-cased; without one (a walk-in)
 * `phone:` and the phone in its 0 form; with neither, `walk-in:` and the booking's reference, so a walk-in who
 * gave only a name is a record of their own. An unnamed walk-in belongs to no record: null.
 */
export function recordKeyOf(booking: { email: string; phone: string; name: string; reference: string }) {
  if (booking.email.trim()) return customerKey(booking.email);
  if (booking.phone) return `${PHONE_KEY}${nationalPhone(booking.phone)}`;
  return booking.name === WALK_IN_NAME ? null : `${WALK_IN_KEY}${booking.reference}`;
}

/** The record key a URL names (`/api/customers/{key}`, `/admin/customers/{key}`), checked; an old e-mail URL still works. */
export const customerKeySchema = z
  .string({ error: CUSTOMER_KEY_MESSAGE })
  .trim()
  .transform((value, ctx): RecordOwner => {
    const phone = value.startsWith(PHONE_KEY) ? value.slice(PHONE_KEY.length) : undefined;
    if (phone !== undefined && /^0\d{10}$/.test(phone)) return { phone };
    const reference = value.startsWith(WALK_IN_KEY) ? value.slice(WALK_IN_KEY.length) : undefined;
    if (reference !== undefined && /^OB-[A-Z0-9]{8}$/.test(reference)) return { reference };
    if (z.email().safeParse(value).success) return { email: customerKey(value) };
    ctx.addIssue({ code: "custom", message: CUSTOMER_KEY_MESSAGE });
    return z.NEVER;
  });

/** The key of the record about an owner, as `recordKeyOf` writes it. */
export const keyOfOwner = (owner: RecordOwner) =>
  "email" in owner ? owner.email : "phone" in owner ? `${PHONE_KEY}${owner.phone}` : `${WALK_IN_KEY}${owner.reference}`;

export const customerPath = (key: string) => `/admin/customers/${encodeURIComponent(key)}`;

export const customerSummarySchema = z.object({
  /** What names the record in its URL: the e-mail, or for a walk-in without one `phone:…` or `walk-in:…`. */
  key: z.string(),
  /** Empty for a walk-in's record. */
  email: z.string(),
  /** From their latest booking. */
  name: z.string(),
  phone: z.string(),
  /** Confirmed bookings, past and future. */
  bookings: z.int(),
  noShows: z.int(),
  /** `yyyy-MM-dd` of the latest appointment that has started, and of the next one to come. */
  lastVisit: z.string().nullable(),
  nextVisit: z.string().nullable(),
  /** Pounds: the totals of the confirmed appointments that have started, no-shows left out. */
  totalSpent: z.number(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerBookingSchema = z.object({
  bookingId: z.int(),
  reference: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(["confirmed", "cancelled", "awaiting_payment", "expired"]),
  services: z.array(z.string()),
  /** The deposit, prepayment or card on file, with what was refunded or charged; null for a booking without one. */
  payment: bookingPaymentSchema.nullable(),
  /** Whether the customer asked for texts with this booking. */
  smsConsent: z.boolean(),
  /** Pounds. */
  total: z.number(),
  attendance: z.enum(ATTENDANCE_VALUES).nullable(),
  /** Attendance can be recorded once a confirmed appointment has started. */
  canRecordAttendance: z.boolean(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

export const customerMessageSchema = z.object({
  id: z.int(),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type CustomerMessage = z.infer<typeof customerMessageSchema>;

export const customerRecordSchema = customerSummarySchema.extend({
  notes: z.string(),
  history: z.array(customerBookingSchema),
  messages: z.array(customerMessageSchema),
  /** The customer's phone answered STOP to a text: no text goes to it, whatever a booking's consent. */
  textsStopped: z.boolean(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const erasureResultSchema = z.object({
  cancelledBookings: z.int(),
  erasedBookings: z.int(),
  erasedMessages: z.int(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;
