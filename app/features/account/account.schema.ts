import { adminMembershipSchema } from "~/features/memberships";
import { bookingPaymentSchema } from "~/features/payments";
import { z } from "zod";

/* The customer's own page (issue 23): shared by its forms, its route actions and /api/account. */

export const SIGN_IN_LINK_MINUTES = 15;

export const SIGN_IN_EMAIL_MESSAGE = "Please enter a valid email address";

/** `POST /api/account/sign-in`. */
export const signInRequestSchema = z.object({
  email: z
    .string({ error: SIGN_IN_EMAIL_MESSAGE })
    .trim()
    .max(254, SIGN_IN_EMAIL_MESSAGE)
    .pipe(z.email({ error: SIGN_IN_EMAIL_MESSAGE })),
});

/** The one answer to every well-formed request, customer or not: nobody can probe who books here. */
export const SIGN_IN_SENT_MESSAGE =
  "If we have bookings for that address, a sign-in link is on its way. It works once, for 15 minutes.";

export const SIGN_IN_LINK_GONE_MESSAGE =
  "This sign-in link has expired or has already been used. Please ask for a new one.";

export const NOT_SIGNED_IN_MESSAGE = "Please sign in to see your bookings.";

export const signInSentSchema = z.object({ message: z.string() });

export const accountBookingSchema = z.object({
  reference: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(["confirmed", "cancelled", "awaiting_payment", "expired"]),
  /** The services' titles, as booked. */
  services: z.array(z.string()),
  memberName: z.string().nullable(),
  /** Pounds. */
  total: z.number(),
  /** Whether the appointment has begun: past bookings offer "Book again", upcoming ones a change. */
  past: z.boolean(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** The booking page with the same services and barber chosen; null when none of its services is still offered. */
  bookAgain: z.string().nullable(),
  /** The booking's deposit, prepayment or card on file (pounds); null when it has none. */
  payment: bookingPaymentSchema.nullable(),
});

export type AccountBooking = z.infer<typeof accountBookingSchema>;

/**
 * The customer's page's lists: "Upcoming" is what they are still going to (booked, or held while it is paid
 * for); a future booking cancelled or not paid in time is listed apart, and started ones are past visits.
 */
export function accountSections<T extends Pick<AccountBooking, "status" | "past">>(bookings: readonly T[]) {
  const ahead = bookings.filter((booking) => !booking.past);
  const standing = (booking: T) => booking.status === "confirmed" || booking.status === "awaiting_payment";
  return {
    upcoming: ahead.filter(standing),
    cancelled: ahead.filter((booking) => !standing(booking)),
    past: bookings.filter((booking) => booking.past),
  };
}

/** `GET /api/account`: upcoming bookings first (soonest first), then past ones (latest first). */
export const accountSchema = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  bookings: z.array(accountBookingSchema),
  /** The customer's memberships (decision 058): visits left, the next payment, cancel and change card. */
  memberships: z.array(adminMembershipSchema),
});

export type Account = z.infer<typeof accountSchema>;
