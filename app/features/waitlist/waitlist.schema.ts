import { z } from "zod";
import { appointmentRequestSchema, BOOKING_STATUSES, bookingRequestSchema } from "~/features/booking";
import { bookingPaymentSchema } from "~/features/payments";
import { isClockTime } from "~/lib/shop-time";

/* The waitlist (decision 033): the join form and API body, the offer and the owner's list. Browser-safe. */

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "declined", "expired", "cancelled"] as const;
export type WaitlistStatusName = (typeof WAITLIST_STATUSES)[number];

export const ALREADY_WAITING_MESSAGE =
  "You are already on the waitlist for that day. We will e-mail you as soon as a time frees up.";
export const WAITLIST_PAST_DAY_MESSAGE = "That day has passed. Please choose today or a later day.";
export const WAITLIST_TOO_FAR_MESSAGE = "That day is not open for booking yet. Please choose an earlier day.";
export const WINDOW_ORDER_MESSAGE = "The latest start must not be before the earliest start";
export const OFFER_CLAIMED_MESSAGE =
  "This offer has already been claimed. Your booking confirmation was sent by e-mail.";
export const OFFER_EXPIRED_MESSAGE =
  "Sorry, this offer has expired and the time has gone to the next person waiting. Please choose another time.";
export const OFFER_DECLINED_MESSAGE =
  "You turned this time down, so it is free for others now. Thank you for letting us know.";
export const OFFER_WITHDRAWN_MESSAGE = "Sorry, this offer is no longer available. Please choose another time.";
export const JOINED_MESSAGE =
  "You are on the waitlist. When a time that fits frees up, we will e-mail you a link to claim it.";

const windowTime = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || isClockTime(value), "Times must be written as HH:mm (24-hour clock)");

/** The booking's own fields and messages: the day, the services, the barber (or Anyone) and the customer. */
export const waitlistJoinSchema = bookingRequestSchema
  .pick({ services: true, customerName: true, customerEmail: true, customerPhone: true, smsConsent: true })
  .extend(appointmentRequestSchema.pick({ date: true, memberId: true }).shape)
  .extend({
    /** The earliest start the customer can make, `HH:mm`; none: from opening. */
    earliest: windowTime,
    /** The latest start the customer can make, `HH:mm`; none: until closing. */
    latest: windowTime,
  })
  .refine((entry) => !entry.earliest || !entry.latest || entry.earliest <= entry.latest, {
    message: WINDOW_ORDER_MESSAGE,
    path: ["latest"],
  });

export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;
export type WaitlistJoin = z.output<typeof waitlistJoinSchema>;

/** GET /api/waitlist (admin): one row of the owner's list. */
export const waitlistEntrySchema = z.object({
  id: z.int(),
  date: z.string(),
  services: z.array(z.string()).describe("The titles of the services waited for"),
  memberName: z.string().nullable().describe("The barber asked for; null: anyone"),
  customerName: z.string(),
  customerEmail: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  offerExpiresAt: z.string().nullable().describe("While offered: when the held time goes to the next in line"),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** GET /api/waitlist/{token}: the offer as its link shows it (no customer data beyond the first name). */
export const waitlistOfferSchema = z.object({
  status: z.enum(WAITLIST_STATUSES),
  date: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  memberName: z.string().nullable(),
  services: z.array(z.string()),
  expiresAt: z.string().nullable(),
  /** Why the offer cannot be claimed, or null while it can. */
  message: z.string().nullable(),
  bookingStatus: z
    .enum(BOOKING_STATUSES)
    .nullable()
    .describe("Once claimed, how the booking stands (awaiting_payment while a deposit or card is asked); null before"),
  payment: bookingPaymentSchema
    .nullable()
    .describe(
      "Claimed where the shop asks a deposit or card: the booking's payment (its checkoutUrl while it can be paid); null when none was asked",
    ),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** The join page with the booking page's choices filled in (the same query names: date, service, barber). */
export function waitlistJoinPath(choices: { date?: string | null; serviceIds: readonly string[]; barber?: string }) {
  const query = new URLSearchParams();
  if (choices.date) query.set("date", choices.date);
  for (const id of choices.serviceIds) query.append("service", id);
  if (choices.barber) query.set("barber", choices.barber);
  const search = query.toString();
  return search ? `/waitlist?${search}` : "/waitlist";
}
