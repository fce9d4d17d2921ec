import type { Db } from "~/db/client.server";
import { giveBackBookingSpend } from "~/features/gift-cards/index.server";
import { giveBackMemberVisit } from "~/features/memberships/index.server";

/**
 * What a booking cancelled in time (or never paid) gives back besides a bank card's money: its gift-card part to
 * the card, and its membership visit to the month's allowance. Payments calls it where it settles the booking.
 */
export async function giveBackPrepaid(trx: Db, bookingId: number, reason: string, now: Date) {
  await giveBackBookingSpend(trx, bookingId, reason, now);
  await giveBackMemberVisit(trx, bookingId, now);
}
