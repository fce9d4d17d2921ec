import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { lockCustomerOfBooking } from "~/features/customer-identity/index.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import type { ShopSettings } from "~/features/settings";
import { assertVisitStaysInItsMonth } from "~/features/memberships/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { loadSchedules } from "../availability.server";
import { queueRescheduleMails } from "../booking-jobs.server";
import type { MovedBy } from "../booking-mail.server";
import { loadBooking, type BookingRecord } from "../booking-record.server";
import { type RescheduleRequest } from "../booking.schema";
import { type ManagedBooking } from "../booking-answers.schema";
import { MAX_ONLINE_MOVES, movedTooOftenMessage } from "../booking-messages.schema";
import { findByToken, managedBooking, ownTimeOf, type BookingKey } from "../manage.server";
import type { ComputedTimeClaim } from "../rules/claim";
import { ALREADY_CANCELLED_MESSAGE, ALREADY_CHANGED_MESSAGE, assertChangeable } from "./cancel.server";
import { bookTimeTransaction, claimComputedTime, freeSlot, lockSlot, requireCandidates } from "./claim.server";
import { refuseOverlap } from "./overlap.server";

/* Moving a booking to another time: by the customer (private link or own page) or by the owner (calendar). */

const SAME_TIME_MESSAGE = "That is already the time of your booking. Please choose another time.";
const KEEP_BARBER_MESSAGE =
  "A booking can move with the same barber or to anyone free. Please call us to change barber.";
const MOVE_BUCKET = "booking-move";
const HOUR_MS = 3_600_000;

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
    await lockCustomerOfBooking(trx, booking.id);
    await refuseOverlap(trx, {
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
  await queueRescheduleMails(
    trx,
    after,
    options.shop,
    { date, startTime, endTime, memberName },
    options.now,
    options.movedBy,
  );
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
  ctx: RequestContext,
  token: BookingKey,
  request: RescheduleRequest,
  options: { client: string; now?: Date },
): Promise<ManagedBooking> {
  const now = options.now ?? clockNow();
  const [shop, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
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
    await assertVisitStaysInItsMonth(trx, booking.id, request);
    return moveRecord(trx, booking, {
      claim: {
        date: request.date,
        startTime: request.startTime,
        lengthMinutes: booking.durationMinutes,
        candidates: requireCandidates(team, booking.serviceIds, request.memberId),
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
  ctx: RequestContext,
  bookingId: number,
  request: AdminMove,
  now: Date = clockNow(),
): Promise<AdminMoveOutcome> {
  const [shop, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
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
        candidates: requireCandidates(team, booking.serviceIds, memberId),
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
