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

export const CUSTOMER_EMAIL_MESSAGE = "A customer is named by their e-mail address, like name@example.com";

/** One customer is one e-mail address, whatever its case. */
export const customerKey = (email: string) => email.trim().toLowerCase();

/** The e-mail address that names a customer in a URL (`/api/customers/{email}`). */
export const customerEmailSchema = z
  .string({ error: CUSTOMER_EMAIL_MESSAGE })
  .trim()
  .pipe(z.email({ error: CUSTOMER_EMAIL_MESSAGE }));

export const customerPath = (email: string) => `/admin/customers/${encodeURIComponent(customerKey(email))}`;

export const customerSummarySchema = z.object({
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
