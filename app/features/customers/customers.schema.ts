import { z } from "zod";
import { multiLine } from "~/lib/schema-fields";
import { bookingPaymentSchema } from "~/features/payments";
import { adminMembershipSchema } from "~/features/memberships";

/* Customer records, attendance and the owner's notes: shared by the admin screens and the API. */

export const ATTENDANCE_VALUES = ["attended", "no-show"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];

const ATTENDANCE_MESSAGE = 'Attendance must be "attended", "no-show" or null';

/** `PATCH /api/bookings/{id}`: null takes a mark back. */
export const attendanceSchema = z.object({
  attendance: z.enum(ATTENDANCE_VALUES, { error: ATTENDANCE_MESSAGE }).nullable(),
});

/** The most the owner's notes on a customer hold. */
export const NOTES_MAX = 5000;

export const customerNotesSchema = z.object({
  notes: multiLine(
    z.string({ error: "Notes must be text" }).trim().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
  ),
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
  "A customer is named by their number, like 42, or (as before customers were rows) their e-mail address, like name@example.com, or a walk-in's phone:07700900123 or walk-in:OB-ABCD2345";

/** One customer is one e-mail address, whatever its case. */
export const customerKey = (email: string) => email.trim().toLowerCase();

/** The name a walk-in gets when the owner gives none: such a walk-in is nobody's record. */
export const WALK_IN_NAME = "Walk-in";

const PHONE_KEY = "phone:";
const WALK_IN_KEY = "walk-in:";

/** Who a record URL named before customers were rows (decision 036): an e-mail address; a phone; one named walk-in. */
export type LegacyRecordKey = { email: string } | { phone: string } | { reference: string };

/**
 * A record key of the URLs before customers were rows (decision 036), checked: an e-mail address (any case),
 * `phone:` and a phone in its 0 form, or `walk-in:` and a booking's reference. They still find the customer
 * (decision 041), and the admin page redirects them to the customer's number.
 */
export const customerKeySchema = z
  .string({ error: CUSTOMER_KEY_MESSAGE })
  .trim()
  .transform((value, ctx): LegacyRecordKey => {
    const phone = value.startsWith(PHONE_KEY) ? value.slice(PHONE_KEY.length) : undefined;
    if (phone !== undefined && /^0\d{10}$/.test(phone)) return { phone };
    const reference = value.startsWith(WALK_IN_KEY) ? value.slice(WALK_IN_KEY.length) : undefined;
    if (reference !== undefined && /^OB-[A-Z0-9]{8}$/.test(reference)) return { reference };
    if (z.email().safeParse(value).success) return { email: customerKey(value) };
    ctx.addIssue({ code: "custom", message: CUSTOMER_KEY_MESSAGE });
    return z.NEVER;
  });

/** A customer's number in a URL: at most nine digits, inside both engines' integer. */
export const CUSTOMER_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** What a record URL may name (`/api/customers/{key}`, `/admin/customers/{key}`): the customer's number, or an old key. */
export const recordKeySchema = z
  .string({ error: CUSTOMER_KEY_MESSAGE })
  .trim()
  .refine((value) => CUSTOMER_ID_PATTERN.test(value) || customerKeySchema.safeParse(value).success, {
    message: CUSTOMER_KEY_MESSAGE,
  });

export const customerPath = (key: string | number) => `/admin/customers/${encodeURIComponent(key)}`;

export const customerSummarySchema = z.object({
  /** The customer's number, which names the record in its URL. */
  id: z.int(),
  /** The same number as text (what named the record in its URL before customers were rows). */
  key: z.string(),
  /** Empty for a customer who gave none (a walk-in). */
  email: z.string(),
  name: z.string(),
  /** E.164 (+447700900123); empty when none was given. */
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
  /** When and where (a booking's reference, "waitlist") the customer agreed to texts; null when they have not. */
  textConsent: z.object({ at: z.string(), source: z.string() }).nullable(),
  marketingConsent: z.object({ at: z.string(), source: z.string() }).nullable(),
  history: z.array(customerBookingSchema),
  messages: z.array(customerMessageSchema),
  /** The customer's phone answered STOP to a text: no text goes to it, whatever a booking's consent. */
  textsStopped: z.boolean(),
  /** The customer's memberships (decision 058): plan, status, period and the visits used in it. */
  memberships: z.array(adminMembershipSchema),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const erasureResultSchema = z.object({
  cancelledBookings: z.int(),
  erasedBookings: z.int(),
  erasedMessages: z.int(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;
