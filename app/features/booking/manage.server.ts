import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { isPostgres } from "~/db/dialect";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { countRecent, recordEvent } from "~/lib/rate-limit.server";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { loadSettings } from "~/features/settings/settings.server";
import { hasStarted, hoursUntil } from "~/lib/shop-time";
import { paymentFacts, settlePaymentOnCancel } from "~/features/payments/payment-records.server";
import { nudgeJobWorkers } from "~/features/jobs/jobs.server";
import { findOpenTimes, loadSchedules } from "./availability.server";
import { queueCancellationMail, queueRescheduleMails } from "./booking-jobs.server";
import { calendarFile, manageUrl, type MailOutcome } from "./booking-mail.server";
import { loadBooking, toSummary, type BookingRecord } from "./booking-record.server";
import { candidatesFor, claimComputedTime, hashManageToken, queuedMailStatus } from "./booking.server";
import {
  MAX_ONLINE_MOVES,
  movedTooOftenMessage,
  type AdminSlot,
  type ManagedBooking,
  type MoveOptions,
  type ReschedulePickerQuery,
  type RescheduleRequest,
} from "./booking.schema";
import { getSlot } from "./slots.server";

/* After the booking: the customer's private link, moving it, and cancelling by the customer or the shop. */

const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled.";
const NOT_CONFIRMED_MESSAGE = "This booking is not confirmed: it was never paid for.";
const ALREADY_CHANGED_MESSAGE = "This booking changed a moment ago. Please reload the page and try again.";
const SAME_TIME_MESSAGE = "That is already the time of your booking. Please choose another time.";
const KEEP_BARBER_MESSAGE =
  "A booking can move with the same barber or to anyone free. Please call us to change barber.";
const MOVE_BUCKET = "booking-move";
const HOUR_MS = 3_600_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function findByToken(db: Db, token: string) {
  const booking = TOKEN_PATTERN.test(token) ? await loadBooking(db, { tokenHash: hashManageToken(token) }) : undefined;
  if (!booking) throw notFound("Booking");
  return booking;
}

const cancellable = (booking: BookingRecord, noticeHours: number, now: Date) =>
  booking.status === "confirmed" && hoursUntil(booking.date, booking.startTime, now) > noticeHours;

const movable = (booking: BookingRecord, noticeHours: number, now: Date) =>
  cancellable(booking, noticeHours, now) && booking.sequence < MAX_ONLINE_MOVES;

type PaymentFacts = Awaited<ReturnType<typeof paymentFacts>>;

/** Inside the notice a customer with a payment on file may still cancel online: the warning says what it costs. */
const cancellableWith = (booking: BookingRecord, facts: PaymentFacts, noticeHours: number, now: Date) =>
  cancellable(booking, noticeHours, now) ||
  (booking.status === "confirmed" && facts.onFile && !hasStarted(booking.date, booking.startTime, now));

const toManaged = (booking: BookingRecord, noticeHours: number, now: Date, facts: PaymentFacts): ManagedBooking => ({
  ...toSummary(booking),
  status: booking.status,
  customerName: booking.customerName,
  cancelledAt: booking.cancelledAt,
  cancelledBy: booking.cancelledBy,
  canCancel: cancellableWith(booking, facts, noticeHours, now),
  canReschedule: movable(booking, noticeHours, now),
  cancelNoticeHours: noticeHours,
  payment: facts.payment,
  cancelWarning: facts.cancelWarning,
});

/** The booking as the manage page and its API show it, with its payment. */
async function managed(db: Db, booking: BookingRecord, noticeHours: number, now: Date) {
  return toManaged(booking, noticeHours, now, await paymentFacts(db, booking, noticeHours, now));
}

/** Refuses a change by the customer once the booking is cancelled or inside the notice period. */
function assertChangeable(booking: BookingRecord, shop: ShopSettings, now: Date, change: "cancelled" | "changed") {
  if (booking.status === "cancelled") throw conflict(ALREADY_CANCELLED_MESSAGE);
  if (booking.status !== "confirmed") throw conflict(NOT_CONFIRMED_MESSAGE);
  if (!cancellable(booking, shop.cancellationNoticeHours, now)) {
    throw conflict(
      `Bookings can only be ${change} online up to ${shop.cancellationNoticeHours} hours before the appointment. Please call us on ${shop.phone}.`,
    );
  }
}

export interface ManageOptions {
  noticeHours: number;
  now?: Date;
}

export async function getBookingByToken(db: Db, token: string, options: ManageOptions): Promise<ManagedBooking> {
  return managed(db, await findByToken(db, token), options.noticeHours, options.now ?? new Date());
}

/**
 * The slot a move may reuse the time of: an appointment's own slot is released by the move, so its
 * time counts as free; a manual slot goes back on offer to everyone, so its time stays busy.
 */
const ownTimeOf = (booking: BookingRecord) => (booking.slotKind === "appointment" ? booking.slotId : undefined);

/**
 * What the picker offers: the open dates and one date's start times for the booking's services and
 * length, with its own barber or anyone, never the booking's own time (and never a day where that is
 * all there is); none once the booking can no longer move.
 */
async function moveOptionsFor(
  ctx: AppContext,
  booking: BookingRecord,
  shop: ShopSettings,
  query: ReschedulePickerQuery,
  now: Date,
): Promise<MoveOptions | null> {
  if (!movable(booking, shop.cancellationNoticeHours, now)) return null;
  // A booking on a manual slot with no barber can only go to whoever is free.
  const barber = booking.memberId === null ? "any" : query.barber;
  const find = (date: string | undefined) =>
    findOpenTimes(
      ctx.db,
      {
        serviceIds: booking.serviceIds,
        lengthMinutes: booking.durationMinutes,
        memberId: barber === "same" ? (booking.memberId ?? undefined) : undefined,
        exceptSlotId: ownTimeOf(booking),
        date,
      },
      now,
    );
  const notOwn = (open: Awaited<ReturnType<typeof find>>) =>
    open.times.filter((time) => open.date !== booking.date || time.startTime !== booking.startTime);
  let open = await find(query.date ?? booking.date);
  let times = notOwn(open);
  let dates = open.dates;
  if (times.length === 0 && open.date === booking.date) {
    dates = dates.filter((date) => date !== booking.date);
    open = await find(dates[0]);
    times = dates[0] ? notOwn(open) : [];
  }
  return {
    dates,
    date: dates.length > 0 ? open.date : null,
    times,
    barber,
    memberId: barber === "same" ? booking.memberId : null,
    memberName: booking.memberName,
  };
}

/** The manage page: the booking as the API shows it and what it can move to, from one read. */
export async function getManagePage(
  ctx: AppContext,
  token: string,
  query: ReschedulePickerQuery,
  now: Date = new Date(),
) {
  const [booking, shop] = await Promise.all([findByToken(ctx.db, token), loadSettings(ctx.db)]);
  return {
    booking: await managed(ctx.db, booking, shop.cancellationNoticeHours, now),
    moveOptions: await moveOptionsFor(ctx, booking, shop, query, now),
  };
}

/** The calendar file of a confirmed booking, for the manage page's download. */
export async function bookingIcsByToken(ctx: AppContext, token: string) {
  const booking = await findByToken(ctx.db, token);
  if (booking.status !== "confirmed") throw conflict(ALREADY_CANCELLED_MESSAGE);
  const { filename, content } = calendarFile(await loadSettings(ctx.db), booking, manageUrl(ctx.config, token));
  return { reference: booking.reference, filename, ics: content };
}

/** Frees a booking's time: a manual slot is on offer again, an appointment's own slot is released. */
export async function freeSlot(db: Db, slotId: number) {
  await db
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
    .execute();
}

/**
 * Takes the slot's row lock before the booking's on PostgreSQL, in the order deleting a slot takes
 * them (slot, then its booking by the cascade), so a cancel or a move racing a delete waits instead
 * of deadlocking. SQLite's write transaction already holds everything.
 */
async function lockSlot(trx: Db, slotId: number) {
  if (isPostgres(trx))
    await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).forUpdate().execute();
}

/**
 * Marks the booking cancelled and frees its time, and queues the mail. The status check makes a
 * second cancel a refusal; the slot freed is the one the booking holds at that moment, even if the
 * customer moved it after it was read. The shop cancels what it saw: a booking still on `onSlot`.
 */
async function cancelRecord(
  db: Db,
  booking: BookingRecord,
  by: "customer" | "admin",
  now: Date,
  onSlot?: number,
): Promise<BookingRecord> {
  await lockSlot(db, booking.slotId);
  const cancelledAt = now.toISOString();
  const cancelled = await db
    .updateTable("bookings")
    .set({ status: "cancelled", cancelled_by: by, cancelled_at: cancelledAt })
    .where("id", "=", booking.id)
    .where("status", "=", "confirmed")
    .$if(onSlot !== undefined, (query) => query.where("slot_id", "=", onSlot!))
    .returning("slot_id")
    .executeTakeFirst();
  if (!cancelled) throw conflict(onSlot === undefined ? ALREADY_CANCELLED_MESSAGE : ALREADY_CHANGED_MESSAGE);
  await freeSlot(db, cancelled.slot_id);
  const current = cancelled.slot_id === booking.slotId ? booking : await loadBooking(db, { id: booking.id });
  if (!current) throw new Error(`Booking ${booking.id} vanished inside its own transaction`);
  await queueCancellationMail(db, current, by);
  await settlePaymentOnCancel(db, current, by, (await loadSettings(db)).cancellationNoticeHours, now);
  return { ...current, status: "cancelled", cancelledAt, cancelledBy: by };
}

/**
 * The customer moves their booking through the private link, up to the notice period: the same
 * services at another computed time, with the same barber or whoever is free. The new time is
 * taken under the same lock as a new booking and the old one freed in the same transaction, so
 * the booking is never without a time nor holding two. Both sides are mailed; the calendar file
 * keeps its UID with a higher SEQUENCE, and the reminder moves with the booking.
 */
export async function rescheduleBookingByToken(
  ctx: AppContext,
  token: string,
  request: RescheduleRequest,
  options: { client: string; now?: Date },
): Promise<ManagedBooking> {
  const now = options.now ?? new Date();
  const [shop, team] = await Promise.all([loadSettings(ctx.db), loadSchedules(ctx.db)]);
  // Every try counts, refused ones too: each takes the barbers' lock, and each move mails two people.
  if ((await countRecent(ctx.db, MOVE_BUCKET, options.client, HOUR_MS)) >= ctx.config.limits.bookingPerHour) {
    throw new HttpError(
      429,
      `You have changed bookings several times recently. Please try again later or call us on ${shop.phone}.`,
    );
  }
  await recordEvent(ctx.db, MOVE_BUCKET, options.client);
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const booking = await findByToken(trx, token);
    assertChangeable(booking, shop, now, "changed");
    if (booking.sequence >= MAX_ONLINE_MOVES) throw conflict(movedTooOftenMessage(shop.phone));
    if (request.memberId !== undefined && request.memberId !== booking.memberId) throw badRequest(KEEP_BARBER_MESSAGE);
    if (request.date === booking.date && request.startTime === booking.startTime) throw badRequest(SAME_TIME_MESSAGE);
    await lockSlot(trx, booking.slotId);
    const slotId = await claimComputedTime(
      trx,
      {
        date: request.date,
        startTime: request.startTime,
        lengthMinutes: booking.durationMinutes,
        candidates: candidatesFor(team, booking.serviceIds, request.memberId),
        exceptSlotId: ownTimeOf(booking),
      },
      shop,
      now,
    );
    const updated = await trx
      .updateTable("bookings")
      .set((eb) => ({ slot_id: slotId, sequence: eb("sequence", "+", 1) }))
      .where("id", "=", booking.id)
      .where("status", "=", "confirmed")
      .where("slot_id", "=", booking.slotId)
      .executeTakeFirst();
    // Cancelled or moved by another request since it was read: this move's new slot rolls back with it.
    if (updated.numUpdatedRows === 0n) throw conflict(ALREADY_CHANGED_MESSAGE);
    await freeSlot(trx, booking.slotId);
    const after = await loadBooking(trx, { id: booking.id });
    if (!after) throw new Error(`Booking ${booking.id} vanished inside its own transaction`);
    const { date, startTime, endTime, memberName } = booking;
    await queueRescheduleMails(trx, after, { date, startTime, endTime, memberName }, token, now);
    return after;
  });
  nudgeJobWorkers();
  return managed(ctx.db, moved, shop.cancellationNoticeHours, now);
}

/** The customer cancels through the private link, up to the notice period; the shop is told. */
export async function cancelBookingByToken(
  ctx: AppContext,
  token: string,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const shop = await loadSettings(ctx.db);
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await findByToken(trx, token);
    const facts = await paymentFacts(trx, booking, shop.cancellationNoticeHours, now);
    if (!cancellableWith(booking, facts, shop.cancellationNoticeHours, now)) {
      assertChangeable(booking, shop, now, "cancelled");
    }
    return cancelRecord(trx, booking, "customer", now);
  });
  nudgeJobWorkers();
  return managed(ctx.db, cancelled, shop.cancellationNoticeHours, now);
}

export interface AdminCancellation {
  slot: AdminSlot;
  reference: string;
  /** Whether the customer's mail is on its way ("pending"); when not, the shop should call them. */
  customerMail: MailOutcome;
}

/** The shop cancels the booking on a slot: its time is free again and the customer is mailed. */
export async function cancelBookingByAdmin(
  ctx: AppContext,
  slotId: number,
  now: Date = new Date(),
): Promise<AdminCancellation> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).executeTakeFirst();
    if (!slot) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: slotId });
    if (!booking) throw conflict("This slot has no booking to cancel.");
    return cancelRecord(trx, booking, "admin", now, slotId);
  });
  nudgeJobWorkers();
  return {
    slot: await getSlot(ctx.db, slotId),
    reference: cancelled.reference,
    customerMail: { status: queuedMailStatus(ctx), error: null },
  };
}
