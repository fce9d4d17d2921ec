import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import type { ShopSettings } from "~/features/settings";
import { loadSettings } from "~/features/settings/index.server";
import { hasStarted, hoursUntil } from "~/lib/shop-time";
import { paymentFacts } from "~/features/payments/index.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { findOpenTimes, loadSchedules } from "./availability.server";
import { queueRescheduleMails, type CancellationCause } from "./booking-jobs.server";
import { calendarFile, manageUrl, type MailOutcome, type MovedBy } from "./booking-mail.server";
import { loadBooking, loadSeriesBookings, toSummary, type BookingRecord } from "./booking-record.server";
import {
  bookTimeTransaction,
  assertNoOverlappingBooking,
  candidatesFor,
  claimComputedTime,
  hashManageToken,
  queuedMailStatus,
  type ComputedTimeClaim,
} from "./booking.server";
import {
  MAX_ONLINE_MOVES,
  movedTooOftenMessage,
  type AdminSlot,
  type CancelScope,
  type ManagedBooking,
  type MoveOptions,
  type ReschedulePickerQuery,
  type RescheduleRequest,
} from "./booking.schema";
import { getSlot } from "./slots.server";
import { clockNow } from "~/lib/clock";
import { customerKey } from "~/features/customers";
import {
  ALREADY_CANCELLED_MESSAGE,
  ALREADY_CHANGED_MESSAGE,
  cancelBookingRecord,
  freeSlot,
  lockSlot,
} from "./cancellation.server";

/* After the booking: the customer's private link, moving it, and cancelling by the customer or the shop. */

const NOT_CONFIRMED_MESSAGE = "This booking is not confirmed: it was never paid for.";
const SAME_TIME_MESSAGE = "That is already the time of your booking. Please choose another time.";
const KEEP_BARBER_MESSAGE =
  "A booking can move with the same barber or to anyone free. Please call us to change barber.";
const MOVE_BUCKET = "booking-move";
const HOUR_MS = 3_600_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Names the booking a customer changes: the token of its private link, or, on the customer's own page
 * (signed in by a one-time link), its reference under their lower-cased e-mail address.
 */
export type BookingKey = string | { reference: string; customerEmail: string };

async function findByToken(db: Db, key: BookingKey) {
  const booking =
    typeof key !== "string"
      ? await loadBooking(db, key)
      : TOKEN_PATTERN.test(key)
        ? await loadBooking(db, { tokenHash: hashManageToken(key) })
        : undefined;
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

/** The later dates of the booking's series that are still booked for the same customer, in order. */
async function laterInSeries(db: Db, booking: BookingRecord) {
  if (booking.seriesId === null) return [];
  const position = booking.seriesPosition ?? 0;
  return (await loadSeriesBookings(db, booking.seriesId)).filter(
    (other) =>
      other.status === "confirmed" &&
      (other.seriesPosition ?? 0) > position &&
      customerKey(other.customerEmail) === customerKey(booking.customerEmail),
  );
}

const toManaged = (
  booking: BookingRecord,
  noticeHours: number,
  now: Date,
  facts: PaymentFacts,
  later: number,
): ManagedBooking => ({
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
  laterInSeries: later,
});

/** The booking as the manage page, the customer's page and their API show it, with its payment. */
export async function managedBooking(db: Db, booking: BookingRecord, noticeHours: number, now: Date) {
  const [facts, later] = await Promise.all([paymentFacts(db, booking, noticeHours, now), laterInSeries(db, booking)]);
  return toManaged(booking, noticeHours, now, facts, later.length);
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

export async function getBookingByToken(db: Db, token: BookingKey, options: ManageOptions): Promise<ManagedBooking> {
  return managedBooking(db, await findByToken(db, token), options.noticeHours, options.now ?? clockNow());
}

/**
 * The slot a move may reuse the time of: an appointment's own slot is released by the move, so its
 * time counts as free; a manual slot goes back on offer to everyone, so its time stays busy.
 */
export const ownTimeOf = (booking: BookingRecord) => (booking.slotKind === "appointment" ? booking.slotId : undefined);

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
  token: BookingKey,
  query: ReschedulePickerQuery,
  now: Date = clockNow(),
) {
  const [booking, shop] = await Promise.all([findByToken(ctx.db, token), loadSettings(ctx.db)]);
  return {
    booking: await managedBooking(ctx.db, booking, shop.cancellationNoticeHours, now),
    moveOptions: await moveOptionsFor(ctx, booking, shop, query, now),
  };
}

/**
 * The calendar file for the manage page's download: a confirmed booking's event, or for a cancelled
 * one the file that removes it (a calendar that imports it drops the event the earlier files added).
 */
export async function bookingIcsByToken(ctx: AppContext, token: string) {
  const booking = await findByToken(ctx.db, token);
  const cancelled = booking.status === "cancelled";
  const { filename, content } = calendarFile(
    await loadSettings(ctx.db),
    booking,
    cancelled ? undefined : manageUrl(ctx.config, token),
    cancelled,
  );
  return { reference: booking.reference, filename, ics: content };
}

interface MoveRecordOptions {
  claim: ComputedTimeClaim;
  shop: ShopSettings;
  now: Date;
  movedBy: MovedBy;
}

/**
 * Moves a booking to a new computed time inside the caller's transaction, for the customer's link
 * and the shop's calendar alike: the new time is taken under the same lock as a new booking, the
 * booking row then points at it by a conditional UPDATE (409 if it changed meanwhile), and the old
 * time is freed. The customer is mailed, the calendar file's SEQUENCE goes up and the reminder moves.
 */
async function moveRecord(trx: Db, booking: BookingRecord, options: MoveRecordOptions): Promise<BookingRecord> {
  await lockSlot(trx, booking.slotId);
  const slotId = await claimComputedTime(trx, options.claim, options.shop, options.now);
  // After the barbers' lock, in the order a new booking takes the locks; the owner may overlap on purpose.
  if (options.movedBy === "customer") {
    await assertNoOverlappingBooking(trx, {
      email: booking.customerEmail,
      date: options.claim.date,
      startTime: options.claim.startTime,
      durationMinutes: booking.durationMinutes,
      exceptBookingId: booking.id,
    });
  }
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
  await queueRescheduleMails(trx, after, { date, startTime, endTime, memberName }, options.now, options.movedBy);
  return after;
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
  token: BookingKey,
  request: RescheduleRequest,
  options: { client: string; now?: Date },
): Promise<ManagedBooking> {
  const now = options.now ?? clockNow();
  const [shop, team] = await Promise.all([loadSettings(ctx.db), loadSchedules(ctx.db)]);
  // Every try counts, failed ones too (each takes the barbers' lock, each move mails two people); one
  // refused by the limit does not.
  const limit = {
    bucket: MOVE_BUCKET,
    subject: options.client,
    max: ctx.config.limits.bookingPerHour,
    windowMs: HOUR_MS,
  };
  if (!(await recordWithinLimits(ctx.db, [limit], now)).allowed) {
    throw new HttpError(
      429,
      `You have changed bookings several times recently. Please try again later or call us on ${shop.phone}.`,
    );
  }
  const moved = await bookTimeTransaction(ctx.db, async (trx) => {
    const booking = await findByToken(trx, token);
    assertChangeable(booking, shop, now, "changed");
    if (booking.sequence >= MAX_ONLINE_MOVES) throw conflict(movedTooOftenMessage(shop.phone));
    if (request.memberId !== undefined && request.memberId !== booking.memberId) throw badRequest(KEEP_BARBER_MESSAGE);
    if (request.date === booking.date && request.startTime === booking.startTime) throw badRequest(SAME_TIME_MESSAGE);
    return moveRecord(trx, booking, {
      claim: {
        date: request.date,
        startTime: request.startTime,
        lengthMinutes: booking.durationMinutes,
        candidates: candidatesFor(team, booking.serviceIds, request.memberId),
        exceptSlotId: ownTimeOf(booking),
      },
      shop,
      now,
      movedBy: "customer",
    });
  });
  nudgeJobWorkers();
  return managedBooking(ctx.db, moved, shop.cancellationNoticeHours, now);
}

/**
 * The customer cancels through the private link, up to the notice period; both sides are mailed. With
 * `following`, every later date of its repeat appointments goes too, in the same transaction, each by the
 * same rules (one that can no longer be cancelled online stays).
 */
export async function cancelBookingByToken(
  ctx: AppContext,
  token: BookingKey,
  now: Date = clockNow(),
  scope: CancelScope = "one",
): Promise<ManagedBooking> {
  const shop = await loadSettings(ctx.db);
  const notice = shop.cancellationNoticeHours;
  const customerMayCancel = async (trx: Db, booking: BookingRecord) =>
    cancellableWith(booking, await paymentFacts(trx, booking, notice, now), notice, now);
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await findByToken(trx, token);
    if (!(await customerMayCancel(trx, booking))) assertChangeable(booking, shop, now, "cancelled");
    const later = scope === "following" ? await laterInSeries(trx, booking) : [];
    const record = await cancelBookingRecord(trx, booking, "customer", now);
    for (const next of later) {
      if (await customerMayCancel(trx, next)) await cancelBookingRecord(trx, next, "customer", now);
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
  ctx: AppContext,
  slotId: number,
  now: Date = clockNow(),
  cause: Exclude<CancellationCause, "customer"> = "admin",
): Promise<AdminCancellation> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).executeTakeFirst();
    if (!slot) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: slotId });
    if (!booking) throw conflict("This slot has no booking to cancel.");
    return cancelBookingRecord(trx, booking, cause, now, slotId);
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
    if (booking?.status === "confirmed") await cancelBookingRecord(trx, booking, cause, now);
  }
}

export interface AdminMove {
  date: string;
  startTime: string;
  /** The barber it goes to; the booking's own when absent (a booking without one goes to whoever is free). */
  memberId?: number | undefined;
  /** Outside the barber's or the shop's hours, on the owner's word. */
  override: boolean;
}

export interface AdminMoveOutcome {
  booking: BookingRecord;
  /** The booking as it was, so the calendar can offer to undo the move. */
  previous: { date: string; startTime: string; memberId: number | null };
}

/**
 * The owner moves a booking from the calendar, in one step: any time and any barber who does its
 * services, not held to the customer's notice, horizon or number of moves, and outside the hours
 * only with `override`. The same fitting and locking rules as a booking (`moveRecord`).
 */
export async function moveBookingByAdmin(
  ctx: AppContext,
  bookingId: number,
  request: AdminMove,
  now: Date = clockNow(),
): Promise<AdminMoveOutcome> {
  const [shop, team] = await Promise.all([loadSettings(ctx.db), loadSchedules(ctx.db)]);
  const result = await bookTimeTransaction(ctx.db, async (trx) => {
    const booking = await loadBooking(trx, { id: bookingId });
    if (!booking) throw notFound("Booking");
    if (booking.status === "cancelled") throw conflict(ALREADY_CANCELLED_MESSAGE);
    const memberId = request.memberId ?? booking.memberId ?? undefined;
    if (request.date === booking.date && request.startTime === booking.startTime && memberId === booking.memberId) {
      throw badRequest("That is already the booking's time and barber. Please choose another.");
    }
    if (request.override && memberId === undefined) throw badRequest("Please choose a barber to book outside hours.");
    const moved = await moveRecord(trx, booking, {
      claim: {
        date: request.date,
        startTime: request.startTime,
        lengthMinutes: booking.durationMinutes,
        candidates: candidatesFor(team, booking.serviceIds, memberId),
        exceptSlotId: ownTimeOf(booking),
        owner: { outsideHours: request.override },
      },
      shop,
      now,
      movedBy: "shop",
    });
    return {
      booking: moved,
      previous: { date: booking.date, startTime: booking.startTime, memberId: booking.memberId },
    };
  });
  nudgeJobWorkers();
  return result;
}
