import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { findServicesByIds, listServices } from "~/features/services/index.server";
import type { Service } from "~/features/services";
import { listTeam } from "~/features/team/index.server";
import { badRequest } from "~/lib/http-error";
import {
  availableDates,
  availableTimes,
  bookableDates,
  type AvailabilityRules,
  type AvailableTime,
  type BusySpan,
  type MemberSchedule,
  memberStartTimes,
  performsAll,
  reachingTo,
} from "./rules/availability";
import { bookingFeePence, type ShopSettings } from "~/features/settings";
import { type AvailabilityDatesQuery, type AvailabilityQuery } from "./booking.schema";
import { SERVICE_GONE_MESSAGE } from "./booking-messages.schema";
import { bookingTotals } from "./rules/totals";
import { clockNow } from "~/lib/clock";

/*
 * The team's schedules and the services change a few times a month and are read by every availability request,
 * booking and look at the queue: queries that cost more than computing the day. They are kept per database handle
 * under the content version, which a trigger bumps in the same transaction as any write to the team, its services,
 * hours or time off, or to the services (migrations 002, 005 and 033), as the settings are (settings.server.ts);
 * bookings move a version of their own (decision 066). A transaction's handle is a key of its own, so a write
 * path reading inside one always reads the rows.
 */
function keptUnderContentVersion<T>(read: (db: Db) => Promise<T>) {
  const cache = new WeakMap<Db, { version: number; value: T }>();
  return async ({ db, contentVersion }: ShopReads): Promise<T> => {
    // Read before the rows, so what is cached under a version is never older than that version.
    const version = await contentVersion();
    const hit = cache.get(db);
    if (hit?.version === version) return hit.value;
    const value = await read(db);
    cache.set(db, { version, value });
    return value;
  };
}

/** The active members as the engine reads them (service ids as numbers), read from the rows now. */
export async function readSchedules(db: Db): Promise<readonly MemberSchedule[]> {
  return (await listTeam(db, { activeOnly: true })).map((member) => ({
    id: member.id,
    name: member.name,
    serviceIds: member.serviceIds.map(Number),
    weeklyHours: member.weeklyHours,
    timeOff: member.timeOff,
  }));
}

/** The active members as the engine reads them, kept under the request's content version. */
export const loadSchedules = keptUnderContentVersion(readSchedules);

/** Every service, kept under the request's content version. */
const loadServices = keptUnderContentVersion(listServices);

/**
 * The time members hold between two dates: booked appointments, manual slots still on offer and
 * the blocks they set aside. A booking being moved names its own slot, which then does not stand
 * in the way of its new time.
 */
export function loadBusySpans(
  db: Db,
  memberIds: number[],
  from: string,
  to: string,
  exceptSlotId?: number,
): Promise<BusySpan[]> {
  return memberIds.length === 0 ? Promise.resolve([]) : busySpans(db, { memberIds, from, to, exceptSlotId });
}

/**
 * The time every member holds on one day from a moment on: what ends at or before `endingAfter` (`HH:mm`) stands
 * in nobody's way any more, so a full day's morning is never read (the walk-in queue asks this at every look).
 */
export const loadBusySpansAfter = (db: Db, date: string, endingAfter: string) =>
  busySpans(db, { from: date, to: date, endingAfter });

/**
 * Every member's held time between two dates, asked without waiting for the team: on PostgreSQL it then travels
 * beside the settings and services rather than after them (the engine looks only at the members it is given).
 */
const everyonesBusySpans = (db: Db, from: string, to: string) => busySpans(db, { from, to });

interface SpanQuery {
  /** Every member's when left out. */
  memberIds?: number[];
  from: string;
  to: string;
  endingAfter?: string;
  exceptSlotId?: number;
}

async function busySpans(db: Db, { memberIds, from, to, endingAfter, exceptSlotId }: SpanQuery): Promise<BusySpan[]> {
  // One statement for both (one round trip to PostgreSQL): the bookings' and manual slots' time, then the blocks.
  const rows = await db
    .selectFrom("booking_slots")
    .select(["member_id", "date", "start_time", "end_time"])
    .$if(memberIds === undefined, (query) => query.where("member_id", "is not", null))
    .$if(memberIds !== undefined, (query) => query.where("member_id", "in", memberIds!))
    .where("date", ">=", from)
    .where("date", "<=", to)
    .$if(endingAfter !== undefined, (query) => query.where("end_time", ">", endingAfter!))
    .where("status", "!=", "released")
    .$if(exceptSlotId !== undefined, (query) => query.where("id", "!=", exceptSlotId!))
    .unionAll(
      db
        .selectFrom("team_blocks")
        .select(["member_id", "date", "start_time", "end_time"])
        .$if(memberIds !== undefined, (query) => query.where("member_id", "in", memberIds!))
        .where("date", ">=", from)
        .where("date", "<=", to)
        .$if(endingAfter !== undefined, (query) => query.where("end_time", ">", endingAfter!)),
    )
    .execute();
  return rows.map((row) => ({
    memberId: row.member_id!,
    date: row.date,
    startTime: row.start_time,
    endTime: row.end_time,
  }));
}

/** The chosen services, all of them still offered, and their totals with the fee of the moment. */
export async function chosenServices(db: Db, serviceIds: number[], shop: ShopSettings) {
  return withTotals(offered(await findServicesByIds(db, serviceIds), serviceIds), shop);
}

/** chosenServices from the services kept under the request's content version: the availability and a new booking. */
export async function chosenServicesOf(reads: ShopReads, serviceIds: number[], shop: ShopSettings) {
  return withTotals(offered(await loadServices(reads), serviceIds), shop);
}

const withTotals = (services: Service[], shop: ShopSettings) => ({
  services,
  totals: bookingTotals(services, bookingFeePence(shop)),
});

/** The chosen services among those listed, refused unless every one of them is still offered. */
function offered(listed: readonly Service[], serviceIds: number[]) {
  const services = listed.filter((service) => serviceIds.includes(service.id));
  if (services.length !== serviceIds.length) throw badRequest(SERVICE_GONE_MESSAGE);
  return services;
}

interface AvailabilityInputs {
  rules: AvailabilityRules;
  members: readonly MemberSchedule[];
  lengthMinutes: number;
}

async function availabilityInputs(ctx: ShopReads, serviceIds: number[]): Promise<AvailabilityInputs> {
  // All at once: on PostgreSQL each read is a round trip, and the services' length does not need the settings.
  const [rules, members, services] = await Promise.all([ctx.settings(), loadSchedules(ctx), loadServices(ctx)]);
  return {
    rules,
    members,
    lengthMinutes: bookingTotals(offered(services, serviceIds), bookingFeePence(rules)).durationMinutes,
  };
}

/** GET /api/availability: one entry per start time and member on a date. */
export async function getAvailability(
  ctx: ShopReads,
  query: AvailabilityQuery,
  now: Date = clockNow(),
): Promise<AvailableTime[]> {
  const [{ rules, members, lengthMinutes }, busy] = await Promise.all([
    availabilityInputs(ctx, query.services),
    everyonesBusySpans(ctx.db, query.date, query.date),
  ]);
  return availableTimes(
    members,
    { date: query.date, serviceIds: query.services, lengthMinutes, memberId: query.member },
    rules,
    busy,
    now,
  );
}

/** GET /api/availability/dates: the dates with at least one fitting time. */
export async function getAvailableDates(
  ctx: ShopReads,
  query: AvailabilityDatesQuery,
  now: Date = clockNow(),
): Promise<string[]> {
  const [{ rules, members, lengthMinutes }, busy] = await Promise.all([
    availabilityInputs(ctx, query.services),
    everyonesBusySpans(ctx.db, query.from, query.to),
  ]);
  return availableDates(
    members,
    { from: query.from, to: query.to, serviceIds: query.services, lengthMinutes, memberId: query.member },
    rules,
    busy,
    now,
  );
}

export interface OpenTimesRequest {
  serviceIds: readonly number[];
  lengthMinutes: number;
  memberId?: number | undefined;
  /** A booking being moved: its own time counts as free. */
  exceptSlotId?: number;
  /** The date whose times are wanted; the first open date when it has none. */
  date?: string | undefined;
}

/**
 * The open dates from today to the booking horizon and the start times of one of them (each time
 * once, whoever holds it), for a booking whose length is already known: the manage page's picker.
 */
export async function findOpenTimes(ctx: ShopReads, request: OpenTimesRequest, now: Date = clockNow()) {
  const [rules, members] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  const { first, last } = bookableDates(rules, now);
  const busy = await loadBusySpans(
    ctx.db,
    members.map((member) => member.id),
    first,
    last,
    request.exceptSlotId,
  );
  const query = { serviceIds: request.serviceIds, lengthMinutes: request.lengthMinutes, memberId: request.memberId };
  const dates = availableDates(members, { ...query, from: first, to: last }, rules, busy, now);
  const date = request.date && dates.includes(request.date) ? request.date : dates[0];
  const starts = date ? availableTimes(members, { ...query, date }, rules, busy, now) : [];
  const times = starts.filter(
    (time, index) => starts.findIndex((other) => other.startTime === time.startTime) === index,
  );
  return { dates, date: date ?? null, times: times.map(({ startTime, endTime }) => ({ startTime, endTime })) };
}

export interface OwnerStartsRequest {
  memberId: number;
  date: string;
  serviceIds: readonly number[];
  lengthMinutes: number;
  /** A booking being moved: its own slot does not stand in the way. */
  exceptSlotId?: number | undefined;
}

/**
 * The free start times the owner is offered for a barber on a date: the engine's, on the shop's grid, inside
 * the barber's hours and clear of their bookings and blocks, but without the customers' notice and horizon
 * (the owner books the time they see). None for a barber who does not do all the services.
 */
export async function ownerStartTimes(ctx: ShopReads, request: OwnerStartsRequest, now: Date = clockNow()) {
  const [rules, members] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  const member = members.find((candidate) => candidate.id === request.memberId);
  if (!member || !performsAll(member, request.serviceIds)) return [];
  const busy = await loadBusySpans(ctx.db, [member.id], request.date, request.date, request.exceptSlotId);
  const ownerRules = { ...reachingTo(rules, request.date, now), minimumNoticeMinutes: 0 };
  return memberStartTimes(member, request.date, request.lengthMinutes, ownerRules, busy, now);
}
