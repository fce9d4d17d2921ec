import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { paymentFacts, settlePaymentOnCancel } from "~/features/payments/index.server";
import type { ShopSettings } from "~/features/settings";
import { clockNow } from "~/lib/clock";
import { conflict, notFound } from "~/lib/http-error";
import { queueCancellationMails, type CancellationCause } from "../booking-jobs.server";
import type { MailOutcome } from "../booking-mail.server";
import { loadBooking, type BookingRecord } from "../booking-record.server";
import type { CancelScope } from "../booking.schema";
import type { AdminSlot, ManagedBooking } from "../booking-answers.schema";
import { findByToken, laterInSeries, managedBooking, type BookingKey } from "../manage.server";
import { cancellable, cancellableWith } from "../rules/changes";
import { getSlot } from "../slot-rows.server";
import { freeSlot, lockSlot } from "./claim.server";
import { queuedMailStatus } from "./place.server";
import { giveBackPrepaid } from "./give-back.server";

/*
 * The one way a booking is cancelled, whoever or whatever cancels it (the customer's link or own page, the
 * shop, an erasure request, a closure, a barber's time off): the booking is marked cancelled with a higher
 * sequence, its time freed, its payment settled, and both sides are mailed a calendar file that cancels the event.
 */

export const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled.";
export const ALREADY_CHANGED_MESSAGE = "This booking changed a moment ago. Please reload the page and try again.";
const NOT_CONFIRMED_MESSAGE = "This booking is not confirmed: it was never paid for.";

/** Refuses a change by the customer once the booking is cancelled or inside the notice period. */
export function assertChangeable(
  booking: BookingRecord,
  shop: ShopSettings,
  now: Date,
  change: "cancelled" | "changed",
) {
  if (booking.status === "cancelled") throw conflict(ALREADY_CANCELLED_MESSAGE);
  if (booking.status !== "confirmed") throw conflict(NOT_CONFIRMED_MESSAGE);
  if (!cancellable(booking, shop.cancellationNoticeHours, now)) {
    throw conflict(
      `Bookings can only be ${change} online up to ${shop.cancellationNoticeHours} hours before the appointment. Please call us on ${shop.phone}.`,
    );
  }
}

/** Who cancels: the customer, whose notice decides whether a deposit is kept, or the shop for a reason of its own. */
export type Canceller = { cause: "customer"; noticeHours: number } | { cause: Exclude<CancellationCause, "customer"> };

/**
 * Cancels a booking inside the caller's transaction. The status check makes a second cancel a
 * refusal; the slot freed is the one the booking holds at that moment, even if the customer moved
 * it after it was read. The shop cancels what it saw: with `onSlot`, a booking still on that slot.
 * The sequence goes up so the cancelling calendar file outranks every file sent before it.
 */
export async function cancelBookingRecord(
  db: Db,
  booking: BookingRecord,
  canceller: Canceller,
  now: Date,
  onSlot?: number,
): Promise<BookingRecord> {
  const { cause } = canceller;
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
  await settlePaymentOnCancel(
    db,
    current,
    canceller.cause === "customer" ? "customer" : "admin",
    canceller.cause === "customer" ? canceller.noticeHours : 0,
    now,
    giveBackPrepaid,
  );
  return current;
}

/**
 * Cancels a confirmed booking by its id in a transaction of its own and starts the mails: the
 * path for the shop's own reasons (a closure, an expired payment) that hold no manage link.
 */
export async function cancelBookingById(
  ctx: Pick<RequestContext, "db">,
  bookingId: number,
  cause: Exclude<CancellationCause, "customer">,
  now: Date = clockNow(),
): Promise<BookingRecord> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await loadBooking(trx, { id: bookingId });
    if (!booking) throw notFound("Booking");
    return cancelBookingRecord(trx, booking, { cause }, now);
  });
  nudgeJobWorkers();
  return cancelled;
}

/**
 * The customer cancels through the private link, up to the notice period; both sides are mailed. With
 * `following`, every later date of its repeat appointments goes too, in the same transaction, each by the
 * same rules (one that can no longer be cancelled online stays).
 */
export async function cancelBookingByToken(
  ctx: RequestContext,
  token: BookingKey,
  now: Date = clockNow(),
  scope: CancelScope = "one",
): Promise<ManagedBooking> {
  const shop = await ctx.settings();
  const notice = shop.cancellationNoticeHours;
  const customerMayCancel = async (trx: Db, booking: BookingRecord) =>
    cancellableWith(booking, await paymentFacts(trx, booking, notice, now), notice, now);
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await findByToken(trx, token);
    if (!(await customerMayCancel(trx, booking))) assertChangeable(booking, shop, now, "cancelled");
    const later = scope === "following" ? await laterInSeries(trx, booking) : [];
    const customer = { cause: "customer", noticeHours: notice } as const;
    const record = await cancelBookingRecord(trx, booking, customer, now);
    for (const next of later) {
      if (await customerMayCancel(trx, next)) await cancelBookingRecord(trx, next, customer, now);
    }
    return record;
  });
  nudgeJobWorkers();
  return managedBooking(ctx.db, cancelled, shop.cancellationNoticeHours, now);
}

export interface AdminCancellation {
  slot: AdminSlot;
  reference: string;
  /** Whether the customer's mail is on its way ("pending"); when not, the shop should call them. */
  customerMail: MailOutcome;
}

/** The shop cancels the booking on a slot (for itself or for an erasure request): its time is free again and both sides are mailed. */
export async function cancelBookingByAdmin(
  ctx: RequestContext,
  slotId: number,
  now: Date = clockNow(),
  cause: Exclude<CancellationCause, "customer"> = "admin",
): Promise<AdminCancellation> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).executeTakeFirst();
    if (!slot) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: slotId });
    if (!booking) throw conflict("This slot has no booking to cancel.");
    return cancelBookingRecord(trx, booking, { cause }, now, slotId);
  });
  nudgeJobWorkers();
  return {
    slot: await getSlot(ctx.db, slotId),
    reference: cancelled.reference,
    customerMail: { status: queuedMailStatus(ctx), error: null },
  };
}

/**
 * The shop cancels bookings on days it closes or a barber takes off, inside the caller's transaction
 * (the one that stores the closure), each with the mails of any cancellation by the shop. A booking
 * cancelled meanwhile by its customer is left as it is. The caller nudges the job workers after commit.
 */
export async function cancelBookingsByShop(
  trx: Db,
  bookingIds: readonly number[],
  now: Date,
  cause: Extract<CancellationCause, "closure" | "admin">,
) {
  for (const id of bookingIds) {
    const booking = await loadBooking(trx, { id });
    if (booking?.status === "confirmed") await cancelBookingRecord(trx, booking, { cause }, now);
  }
}
