import { z } from "zod";
import { bookingPaymentSchema } from "~/features/payments";
import { MAIL_STATUSES } from "~/lib/mail-status";
import type { ReschedulePickerQuery } from "./booking.schema";

/* What the booking API and pages answer: slots, bookings, confirmations and the owner's calendar. */

/** "released": the slot of a computed appointment that was cancelled; it holds no time and is listed nowhere. */
export const SLOT_STATUSES = ["available", "booked", "released"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** What anyone may see: no customer data. */
export const publicSlotSchema = z.object({
  id: z.int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(SLOT_STATUSES),
  memberId: z.int().nullable(),
  memberName: z.string().nullable(),
});
export type PublicSlot = z.infer<typeof publicSlotSchema>;

/** The admin list: booked slots carry the customer fields of spec section 3. */
export const adminSlotSchema = publicSlotSchema.extend({
  bookingId: z.int().optional(),
  reference: z.string().optional(),
  customerName: z.string().optional(),
  customerEmail: z.string().optional(),
  customerPhone: z.string().optional(),
  notes: z.string().optional(),
  /** Service ids as strings, as the spec's client sends them. */
  selectedServices: z.array(z.string()).optional(),
  /** A JSON-encoded list of titles, the shape the spec's admin page reads. */
  selectedServiceTitles: z.string().optional(),
  /** Pounds, fee included. */
  total: z.number().optional(),
  /** Minutes. */
  duration: z.int().optional(),
  mailStatus: z.enum(MAIL_STATUSES).optional(),
  mailError: z.string().nullable().optional(),
  bookedAt: z.string().optional(),
  attendance: z.enum(["attended", "no-show"]).nullable().optional(),
  /** The customer's no-shows over all their bookings, to flag someone who often misses appointments. */
  customerNoShows: z.int().optional(),
  /** The booking's deposit, prepayment or card on file; null when it has none. */
  payment: bookingPaymentSchema.nullable().optional(),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;

const bookedServiceSchema = z.object({
  title: z.string(),
  /** Pounds. */
  price: z.number(),
  duration: z.int(),
});
export type BookedService = z.infer<typeof bookedServiceSchema>;

const bookingSummarySchema = z.object({
  reference: z.string(),
  memberId: z.int().nullable(),
  memberName: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  services: z.array(bookedServiceSchema),
  /** Pounds. */
  subtotal: z.number(),
  fee: z.number(),
  total: z.number(),
  /** Minutes. */
  duration: z.int(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

/** One date of a series: booked (with its reference) or unavailable (with the reason). */
export const seriesOccurrenceSchema = z.object({
  date: z.string(),
  startTime: z.string(),
  status: z.enum(["booked", "unavailable"]),
  reference: z.string().optional(),
  reason: z.string().optional(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

/** One date of a series before it is booked. */
export const seriesPreviewSchema = seriesOccurrenceSchema.omit({ status: true, reference: true }).extend({
  status: z.enum(["available", "unavailable"]),
});
export type SeriesPreviewDate = z.infer<typeof seriesPreviewSchema>;

/** The answer to a successful booking: everything the confirmation screen shows. */
export const bookingConfirmationSchema = bookingSummarySchema.extend({
  /** Every date of the repeat appointments it was booked with; absent for a booking on its own. */
  series: z.array(seriesOccurrenceSchema).optional(),
  /** The private manage-link token; shown once, stored only as a hash. */
  manageToken: z.string(),
  mailStatus: z.enum(MAIL_STATUSES),
  /** "awaiting_payment" until the deposit is paid or the card saved at `payment.checkoutUrl`. */
  status: z.enum(["confirmed", "awaiting_payment"]),
  payment: bookingPaymentSchema.nullable(),
  /** A member's covered service (decision 058): "Included in your membership — 1 of 2 visits left this month". */
  included: z.string().optional(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

/** How sending a booking's mails went; when they failed, the shop should call the customer. */
export const mailOutcomeSchema = z.object({ status: z.enum(MAIL_STATUSES), error: z.string().nullable() });

/** The answer to the shop cancelling a booking. */
export const adminCancellationSchema = z.object({
  slot: adminSlotSchema,
  reference: z.string(),
  /** Whether the customer was told by mail; when not, the shop should call them. */
  customerMail: mailOutcomeSchema,
});

/** Every state a booking can be in (`bookings.status`). */
export const BOOKING_STATUSES = ["confirmed", "cancelled", "awaiting_payment", "expired"] as const;

/** What the private manage page shows. */
export const managedBookingSchema = bookingSummarySchema.extend({
  status: z.enum(BOOKING_STATUSES),
  payment: bookingPaymentSchema.nullable(),
  /** Said before the customer confirms a cancellation that keeps the deposit or may cost the fee; null when none. */
  cancelWarning: z.string().nullable(),
  customerName: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  canCancel: z.boolean(),
  /** Whether the customer may still move it online (up to the notice period, a few times at most). */
  canReschedule: z.boolean(),
  cancelNoticeHours: z.int(),
  /** How many later dates of its repeat appointments are still booked: what "this and all later ones" cancels too. */
  laterInSeries: z.int(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

/** What the manage page's picker offers: the open dates and the chosen date's start times. */
export interface MoveOptions {
  dates: string[];
  date: string | null;
  times: Array<{ startTime: string; endTime: string }>;
  barber: ReschedulePickerQuery["barber"];
  /** The barber a move keeps, or null for whoever is free. */
  memberId: number | null;
  memberName: string | null;
}

export const teamBlockSchema = z.object({
  id: z.int(),
  memberId: z.int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  note: z.string(),
});
export type TeamBlock = z.infer<typeof teamBlockSchema>;

/** A booking in the way of a block, closure or time off: enough for the owner to find and move it. */
export const clashingBookingSchema = z.object({
  id: z.int(),
  reference: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  customerName: z.string(),
});
export type ClashingBooking = z.infer<typeof clashingBookingSchema>;

/** The answer to the owner's move: the booking with its new time and barber, and where it was (for Undo). */
export const adminMoveResultSchema = bookingSummarySchema.extend({
  id: z.int(),
  status: z.enum(["confirmed", "cancelled"]),
  customerName: z.string(),
  sequence: z.int(),
  previous: z.object({ date: z.string(), startTime: z.string(), memberId: z.int().nullable() }),
  /** Placed outside the barber's or the shop's hours on the owner's word (recorded in the audit log). */
  outsideHours: z.boolean(),
});
export type AdminMoveResult = z.infer<typeof adminMoveResultSchema>;

/** The answer to a walk-in: the booking as recorded. */
export const walkInResultSchema = bookingSummarySchema.extend({ id: z.int(), customerName: z.string() });
