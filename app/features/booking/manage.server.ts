import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { customerKey } from "~/features/customers";
import { paymentFacts } from "~/features/payments/index.server";
import type { ShopSettings } from "~/features/settings";
import { clockNow } from "~/lib/clock";
import { notFound } from "~/lib/http-error";
import { findOpenTimes } from "./availability.server";
import { calendarFile, manageUrl } from "./booking-mail.server";
import { loadBooking, loadSeriesBookings, toSummary, type BookingRecord } from "./booking-record.server";
import type { ReschedulePickerQuery } from "./booking.schema";
import type { ManagedBooking, MoveOptions } from "./booking-answers.schema";
import { cancellableWith, movable } from "./rules/changes";
import { hashManageToken } from "./write/tokens.server";

/* After the booking: what the customer's private link and own page show (the changes themselves are in write/). */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Names the booking a customer changes: the token of its private link, or, on the customer's own page
 * (signed in by a one-time link), its reference under their lower-cased e-mail address.
 */
export type BookingKey = string | { reference: string; customerEmail: string };

export async function findByToken(db: Db, key: BookingKey) {
  const booking =
    typeof key !== "string"
      ? await loadBooking(db, key)
      : TOKEN_PATTERN.test(key)
        ? await loadBooking(db, { tokenHash: hashManageToken(key) })
        : undefined;
  if (!booking) throw notFound("Booking");
  return booking;
}

type PaymentFacts = Awaited<ReturnType<typeof paymentFacts>>;

/** The later dates of the booking's series that are still booked for the same customer, in order. */
export async function laterInSeries(db: Db, booking: BookingRecord) {
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
  ctx: RequestContext,
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
      ctx,
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
  ctx: RequestContext,
  token: BookingKey,
  query: ReschedulePickerQuery,
  now: Date = clockNow(),
) {
  const [booking, shop] = await Promise.all([findByToken(ctx.db, token), ctx.settings()]);
  return {
    booking: await managedBooking(ctx.db, booking, shop.cancellationNoticeHours, now),
    moveOptions: await moveOptionsFor(ctx, booking, shop, query, now),
  };
}

/**
 * The calendar file for the manage page's download: a confirmed booking's event, or for a cancelled
 * one the file that removes it (a calendar that imports it drops the event the earlier files added).
 */
export async function bookingIcsByToken(ctx: RequestContext, token: string) {
  const booking = await findByToken(ctx.db, token);
  const cancelled = booking.status === "cancelled";
  const { filename, content } = calendarFile(
    await ctx.settings(),
    booking,
    cancelled ? undefined : manageUrl(ctx.config, token),
    cancelled,
  );
  return { reference: booking.reference, filename, ics: content };
}
