import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { isPostgres } from "~/db/dialect";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { settlePaymentOnCancel } from "~/features/payments/index.server";
import { loadSettings } from "~/features/settings/index.server";
import { queueWaitlistOffers } from "./freed-time.server";
import { clockNow } from "~/lib/clock";
import { conflict, notFound } from "~/lib/http-error";
import { queueCancellationMails, type CancellationCause } from "./booking-jobs.server";
import { loadBooking, type BookingRecord } from "./booking-record.server";

/*
 * The one way a booking is cancelled, whoever or whatever cancels it (the customer's link, the shop,
 * an erasure request, a closure, a payment that expired): the booking is marked cancelled with a
 * higher sequence, its time freed, and both sides are mailed a calendar file that cancels the event.
 */

export const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled.";
export const ALREADY_CHANGED_MESSAGE = "This booking changed a moment ago. Please reload the page and try again.";

/** Frees a booking's time: a manual slot is on offer again, an appointment's own slot is released. */
export async function freeSlot(db: Db, slotId: number) {
  const freed = await db
    .updateTable("booking_slots")
    .set((eb) => ({
      status: eb
        .case()
        .when("kind", "=", "appointment")
        .then("released" as const)
        .else("available" as const)
        .end(),
    }))
    .where("id", "=", slotId)
    .returning("date")
    .executeTakeFirst();
  // Whoever waits for that day is offered the time first (decision 033).
  if (freed) await queueWaitlistOffers(db, freed.date);
}

/**
 * Takes the slot's row lock before the booking's on PostgreSQL, in the order deleting a slot takes
 * them (slot, then its booking by the cascade), so a cancel or a move racing a delete waits instead
 * of deadlocking. SQLite's write transaction already holds everything.
 */
export async function lockSlot(trx: Db, slotId: number) {
  if (isPostgres(trx))
    await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).forUpdate().execute();
}

/**
 * Cancels a booking inside the caller's transaction. The status check makes a second cancel a
 * refusal; the slot freed is the one the booking holds at that moment, even if the customer moved
 * it after it was read. The shop cancels what it saw: with `onSlot`, a booking still on that slot.
 * The sequence goes up so the cancelling calendar file outranks every file sent before it.
 */
export async function cancelBookingRecord(
  db: Db,
  booking: BookingRecord,
  cause: CancellationCause,
  now: Date,
  onSlot?: number,
): Promise<BookingRecord> {
  await lockSlot(db, booking.slotId);
  const cancelledAt = now.toISOString();
  const cancelled = await db
    .updateTable("bookings")
    .set((eb) => ({
      status: "cancelled",
      cancelled_by: cause,
      cancelled_at: cancelledAt,
      sequence: eb("sequence", "+", 1),
    }))
    .where("id", "=", booking.id)
    .where("status", "=", "confirmed")
    .$if(onSlot !== undefined, (query) => query.where("slot_id", "=", onSlot!))
    .returning(["slot_id", "sequence"])
    .executeTakeFirst();
  if (!cancelled) throw conflict(onSlot === undefined ? ALREADY_CANCELLED_MESSAGE : ALREADY_CHANGED_MESSAGE);
  await freeSlot(db, cancelled.slot_id);
  const current = await loadBooking(db, { id: booking.id });
  if (!current) throw new Error(`Booking ${booking.id} vanished inside its own transaction`);
  await queueCancellationMails(db, current, cause, now);
  // The shop's cancellation refunds in full; the customer's refunds ahead of the notice and keeps a deposit inside it.
  const noticeHours = (await loadSettings(db)).cancellationNoticeHours;
  await settlePaymentOnCancel(db, current, cause === "customer" ? "customer" : "admin", noticeHours, now);
  return current;
}

/**
 * Cancels a confirmed booking by its id in a transaction of its own and starts the mails: the
 * path for the shop's own reasons (a closure, an expired payment) that hold no manage link.
 */
export async function cancelBookingById(
  ctx: Pick<AppContext, "db">,
  bookingId: number,
  cause: Exclude<CancellationCause, "customer">,
  now: Date = clockNow(),
): Promise<BookingRecord> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await loadBooking(trx, { id: bookingId });
    if (!booking) throw notFound("Booking");
    return cancelBookingRecord(trx, booking, cause, now);
  });
  nudgeJobWorkers();
  return cancelled;
}
