import { randomUUID } from "node:crypto";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { activePaymentRules } from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, conflict } from "~/lib/http-error";
import { seriesRefusals } from "../booking-series.server";
import { queueSeriesConfirmation, type SeriesJobEntry } from "../booking-jobs.server";
import { loadBooking, loadSeries, loadSeriesParts, type BookingRecord } from "../booking-record.server";
import { type AppointmentRequest, type RepeatRequest } from "../booking.schema";
import { type BookingConfirmation } from "../booking-answers.schema";
import { paidSeriesMessage } from "../booking-messages.schema";
import { seriesDates } from "../rules/availability";
import { bookAppointment } from "./create.server";
import { confirm, placeAppointment, type PlaceOptions } from "./place.server";
import { hashManageToken, manageTokenForOccurrence } from "./tokens.server";

/* Repeat appointments (decision 032): one booking per date, each by the single booking's rules and lock. */

/**
 * Books every date of a series. The first is booked exactly as a single booking (the same answer when it
 * cannot be, the form's one-time token, the limits); each later date is then booked on its own through the
 * same path, and a date that is not free is recorded as a gap with the engine's reason. One mail confirms all.
 */
async function placeSeries(
  ctx: RequestContext,
  input: AppointmentRequest,
  repeat: RepeatRequest,
  options: PlaceOptions,
): Promise<BookingConfirmation> {
  const now = options.now ?? clockNow();
  // A series pays nothing up front: the shop that asks a payment takes single bookings only (decision 032).
  if (!options.byAdmin && (await activePaymentRules(ctx)).policy !== "none") {
    throw conflict(paidSeriesMessage((await ctx.settings()).phone));
  }
  const first = await confirm(ctx, input, { ...options, now }, (at, write) =>
    bookAppointment(ctx, input, at, { ...write, series: { id: randomUUID(), position: 0 } }),
  );
  const firstBooking = await loadBooking(ctx.db, { tokenHash: hashManageToken(first.manageToken) });
  if (!firstBooking) throw new Error(`Booking ${first.reference} vanished after it was made`);
  // The same form sent once before without a repeat booked its one date alone.
  if (!firstBooking.seriesId) return first;
  await completeSeries(
    ctx,
    input,
    repeat,
    firstBooking.seriesId,
    { booking: firstBooking, token: first.manageToken },
    {
      ...options,
      now,
    },
  );
  return { ...first, series: await loadSeries(ctx.db, firstBooking.seriesId) };
}

/**
 * Books each later date the series does not hold yet, then queues its one mail. The same form sent again runs
 * it too: a first send cut short (the process stopped between two dates) is finished and its mail sent, and a
 * whole series is left as it was, a date cancelled since included (decision 032).
 */
async function completeSeries(
  ctx: RequestContext,
  input: AppointmentRequest,
  repeat: RepeatRequest,
  seriesId: string,
  first: { booking: BookingRecord; token: string },
  options: PlaceOptions & { now: Date },
) {
  const tokenOf = (position: number) => manageTokenForOccurrence(ctx.config, input.idempotencyKey, position);
  const held = await heldOccurrences(ctx.db, seriesId);
  // A form changed before it came back books no date from its new values: what the first send held is mailed.
  const asFirstSent =
    input.date === first.booking.date &&
    input.startTime === first.booking.startTime &&
    input.services.join() === first.booking.serviceIds.join();
  const dates = seriesDates(input.date, repeat.everyWeeks, repeat.times);
  const entries: SeriesJobEntry[] = [{ status: "booked", bookingId: first.booking.id }];
  const lastPosition = Math.max(dates.length - 1, ...held.keys());
  for (let position = 1; position <= lastPosition; position++) {
    const date = asFirstSent ? dates[position] : undefined;
    const entry =
      held.get(position) ??
      (date === undefined
        ? undefined
        : await bookOccurrence(ctx, input, { seriesId, position, date }, tokenOf, options));
    if (entry) entries.push(entry);
  }
  await queueSeriesConfirmation(ctx.db, seriesId, first.booking.id, entries);
  nudgeJobWorkers();
}

/** Said in the series' mail of a date cancelled before the mail went (a closure, the barber's time off). */
const CANCELLED_SINCE = "Cancelled since it was booked";

/**
 * The later dates a series holds already, by place: booked, cancelled since, or recorded as not free. A booking
 * outweighs a gap recorded for the same place (a send that lost a race to the other send of the same form).
 */
async function heldOccurrences(db: Db, seriesId: string) {
  const { bookings, gaps } = await loadSeriesParts(db, seriesId);
  const held = new Map<number, SeriesJobEntry>();
  for (const gap of gaps) {
    held.set(gap.position, { status: "unavailable", date: gap.date, startTime: gap.start_time, reason: gap.reason });
  }
  for (const booking of bookings) {
    const position = booking.seriesPosition ?? 0;
    held.set(
      position,
      booking.status === "confirmed"
        ? { status: "booked", bookingId: booking.id }
        : { status: "unavailable", date: booking.date, startTime: booking.startTime, reason: CANCELLED_SINCE },
    );
  }
  return held;
}

async function bookOccurrence(
  ctx: RequestContext,
  input: AppointmentRequest,
  place: { seriesId: string; position: number; date: string },
  tokenOf: (position: number) => string,
  options: PlaceOptions & { now: Date },
): Promise<SeriesJobEntry> {
  const { seriesId, position, date } = place;
  const token = tokenOf(position);
  try {
    const { booking } = await bookAppointment(ctx, { ...input, date }, options.now, {
      manageToken: token,
      secrets: ctx.config,
      byAdmin: options.byAdmin,
      series: { id: seriesId, position, horizonUntil: date },
    });
    return { status: "booked", bookingId: booking.id };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    // The same form sent twice at once: the other send may have just booked this date.
    const raced = (await heldOccurrences(ctx.db, seriesId)).get(position);
    if (raced) return raced;
    const [refusal] = await seriesRefusals(ctx, input, [date], position, options.now);
    const reason = refusal ?? error.message;
    await ctx.db
      .insertInto("booking_series_gaps")
      .values({ series_id: seriesId, position, date, start_time: input.startTime, reason })
      .onConflict((conflict) => conflict.columns(["series_id", "position"]).doNothing())
      .execute();
    return { status: "unavailable", date, startTime: input.startTime, reason };
  }
}

/** POST /api/bookings and the booking page: a single appointment, or with `repeat` a series of them. */
export const placeBooking = (ctx: RequestContext, input: AppointmentRequest, options: PlaceOptions) =>
  input.repeat ? placeSeries(ctx, input, input.repeat, options) : placeAppointment(ctx, input, options);
