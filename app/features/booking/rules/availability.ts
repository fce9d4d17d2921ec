import { dayOfWeek, openingRangesOn, rangeCovering, weekdayRanges } from "~/features/settings/opening-hours";
import type { DateRange, ShopSettings, TimeRange, WeeklyHours } from "~/features/settings/settings.schema";
import { addDays, fromMinutes, shopInstant, shopMoment, shopToday, toMinutes } from "~/lib/shop-time";

/*
 * The bookable times, computed from explicit inputs and nothing else (no clock, no database),
 * so the page, the API and the booking guard agree and the rules can be tested one by one.
 */

/** The shop's settings that decide availability. */
export type AvailabilityRules = Pick<
  ShopSettings,
  | "openingHours"
  | "closures"
  | "minimumNoticeMinutes"
  | "bookingHorizonWeeks"
  | "slotIntervalMinutes"
  | "bookingBufferMinutes"
>;

export interface MemberSchedule {
  id: number;
  name: string;
  serviceIds: readonly number[];
  weeklyHours: WeeklyHours;
  timeOff: readonly DateRange[];
}

/** Time a member is already holding on a date: their bookings and manual slots. */
export interface BusySpan {
  memberId: number;
  date: string;
  startTime: string;
  endTime: string;
}

export interface AvailableTime {
  startTime: string;
  endTime: string;
  memberId: number;
  memberName: string;
}

type Span = readonly [number, number];

const toSpans = (ranges: readonly TimeRange[]): Span[] =>
  ranges.map((range) => [toMinutes(range.start), toMinutes(range.end)] as const);

/** Where two sets of sorted, non-overlapping spans meet. */
function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const result: Span[] = [];
  for (const [aStart, aEnd] of a) {
    for (const [bStart, bEnd] of b) {
      const start = Math.max(aStart, bStart);
      const end = Math.min(aEnd, bEnd);
      if (start < end) result.push([start, end]);
    }
  }
  return result.toSorted((x, y) => x[0] - y[0]);
}

/** The minutes a member works on a date: their pattern inside the shop's hours, none on closures or time off. */
export function workingSpans(member: MemberSchedule, date: string, rules: AvailabilityRules): Span[] {
  if (rangeCovering(member.timeOff, date)) return [];
  return intersect(toSpans(weekdayRanges(member.weeklyHours, dayOfWeek(date))), toSpans(openingRangesOn(rules, date)));
}

/** The first and last dates a customer may book on, in the shop's calendar. */
export function bookableDates(rules: AvailabilityRules, now: Date) {
  const first = shopToday(now);
  return { first, last: addDays(first, rules.bookingHorizonWeeks * 7) };
}

export const performsAll = (member: MemberSchedule, serviceIds: readonly number[]) =>
  serviceIds.every((id) => member.serviceIds.includes(id));

/** What every member's starts on one date share: the day's bounds and the notice cut-off, worked out once. */
interface DayWindow {
  date: string;
  /** Inside the booking horizon (today to its last day). */
  bookable: boolean;
  noticeAllows: (start: number) => boolean;
}

function dayWindow(date: string, rules: AvailabilityRules, now: Date): DayWindow {
  const { first, last } = bookableDates(rules, now);
  const bookable = date >= first && date <= last;
  const noticeAllows = bookable
    ? noticeCheck(date, new Date(now.getTime() + rules.minimumNoticeMinutes * 60_000))
    : () => false;
  return { date, bookable, noticeAllows };
}

/** The busy spans by date, then by member, in minutes, each followed by the buffer: sorted out in one pass. */
function heldByDay(busy: readonly BusySpan[], bufferMinutes: number) {
  const days = new Map<string, Map<number, Span[]>>();
  for (const span of busy) {
    let members = days.get(span.date);
    if (!members) days.set(span.date, (members = new Map()));
    let spans = members.get(span.memberId);
    if (!spans) members.set(span.memberId, (spans = []));
    spans.push([toMinutes(span.startTime), toMinutes(span.endTime) + bufferMinutes]);
  }
  return (date: string, memberId: number): readonly Span[] => days.get(date)?.get(memberId) ?? NOTHING_HELD;
}

const NOTHING_HELD: readonly Span[] = [];

/** The starts (minutes into the day) at which the member is free, on the grid, in order. */
function startMinutes(
  member: MemberSchedule,
  day: DayWindow,
  lengthMinutes: number,
  rules: AvailabilityRules,
  held: readonly Span[],
): number[] {
  if (!day.bookable || lengthMinutes <= 0) return [];
  const needed = lengthMinutes + rules.bookingBufferMinutes;
  const interval = Math.max(1, rules.slotIntervalMinutes);
  const starts: number[] = [];
  // Indexed loops without a closure per start: this walk runs for every member and grid step of a day, and an
  // arrow function and array destructuring per step made it allocate most of an availability request's memory.
  for (const [spanStart, spanEnd] of workingSpans(member, day.date, rules)) {
    for (let start = Math.ceil(spanStart / interval) * interval; start + needed <= spanEnd; start += interval) {
      if (!overlapsAny(held, start, start + needed) && day.noticeAllows(start)) starts.push(start);
    }
  }
  return starts;
}

function overlapsAny(spans: readonly Span[], start: number, end: number) {
  for (let index = 0; index < spans.length; index++) {
    const span = spans[index]!;
    if (start < span[1] && span[0] < end) return true;
  }
  return false;
}

/**
 * The start times on the grid at which the member is free for `lengthMinutes` plus the buffer,
 * inside one working span, clear of every busy span (each followed by its buffer too), at
 * least the minimum notice ahead of `now` and within the horizon.
 */
export function memberStartTimes(
  member: MemberSchedule,
  date: string,
  lengthMinutes: number,
  rules: AvailabilityRules,
  busy: readonly BusySpan[],
  now: Date,
): string[] {
  const held = heldByDay(busy, rules.bookingBufferMinutes)(date, member.id);
  return startMinutes(member, dayWindow(date, rules, now), lengthMinutes, rules, held).map(fromMinutes);
}

const MINUTE_MS = 60_000;

/**
 * Whether a start (minutes into `date`) lies at or after `earliest`. A time-zone conversion costs far more than
 * the rest of the engine, so it is made once per date rather than once per start: only the day `earliest` falls
 * on needs a cut-off, and on a day the clocks change its wall-clock minutes are not in step with instants, so
 * there each start is converted as before.
 */
function noticeCheck(date: string, earliest: Date): (start: number) => boolean {
  const moment = shopMoment(earliest);
  if (date > moment.date) return () => true;
  if (date < moment.date) return () => false;
  const dayLength = shopInstant(date, "23:59").getTime() - shopInstant(date, "00:00").getTime();
  if (dayLength !== 1439 * MINUTE_MS) {
    return (start) => shopInstant(date, fromMinutes(start)).getTime() >= earliest.getTime();
  }
  const firstAllowed = toMinutes(moment.time) + (earliest.getTime() % MINUTE_MS > 0 ? 1 : 0);
  return (start) => start >= firstAllowed;
}

export interface AvailabilityQuery {
  date: string;
  serviceIds: readonly number[];
  lengthMinutes: number;
  /** Only this member's times; otherwise every member who performs all the services. */
  memberId?: number | undefined;
}

/**
 * One entry per start time and member, ordered by time then by the team's order. The day's bounds, its notice
 * and each member's busy time are worked out once for the whole team, not once a member: a day of twelve
 * barbers is then mostly the walk along their hours.
 */
export function availableTimes(
  members: readonly MemberSchedule[],
  query: AvailabilityQuery,
  rules: AvailabilityRules,
  busy: readonly BusySpan[],
  now: Date,
): AvailableTime[] {
  const day = dayWindow(query.date, rules, now);
  if (!day.bookable) return [];
  const held = heldByDay(busy, rules.bookingBufferMinutes);
  // Sorted as numbers: the start in minutes, then the member's place in the team (fewer than 2^16 members).
  const found: { key: number; start: number; member: MemberSchedule }[] = [];
  members.forEach((member, index) => {
    if (query.memberId !== undefined && member.id !== query.memberId) return;
    if (!performsAll(member, query.serviceIds)) return;
    const starts = startMinutes(member, day, query.lengthMinutes, rules, held(query.date, member.id));
    for (const start of starts) found.push({ key: start * 65_536 + index, start, member });
  });
  found.sort((a, b) => a.key - b.key);
  return found.map(({ start, member }) => ({
    startTime: fromMinutes(start),
    endTime: fromMinutes(start + query.lengthMinutes),
    memberId: member.id,
    memberName: member.name,
  }));
}

/** The dates between `from` and `to` (inclusive) with at least one fitting time. */
export function availableDates(
  members: readonly MemberSchedule[],
  query: Omit<AvailabilityQuery, "date"> & { from: string; to: string },
  rules: AvailabilityRules,
  busy: readonly BusySpan[],
  now: Date,
): string[] {
  const { first, last } = bookableDates(rules, now);
  const able = members.filter(
    (member) => (query.memberId === undefined || member.id === query.memberId) && performsAll(member, query.serviceIds),
  );
  const held = heldByDay(busy, rules.bookingBufferMinutes);
  const dates: string[] = [];
  for (let date = query.from > first ? query.from : first; date <= query.to && date <= last; date = addDays(date, 1)) {
    const day = dayWindow(date, rules, now);
    const fits = able.some(
      (member) => startMinutes(member, day, query.lengthMinutes, rules, held(date, member.id)).length > 0,
    );
    if (fits) dates.push(date);
  }
  return dates;
}

/** Why the owner cannot place a booking at a time: held by another booking or block, or outside the member's hours. */
export type OwnerRefusal = "taken" | "closed" | "time-off" | "outside-hours";

/**
 * Whether the owner may put `lengthMinutes` at `startTime` with the member: clear of the member's
 * busy spans (each with the buffer, as the engine counts them) and, unless `outsideHours`, inside
 * one of their working spans. The owner is not held to the public notice, horizon or time grid:
 * they book the time they see, a walk-in starts when they sit down.
 */
export function ownerRefusal(
  member: MemberSchedule,
  date: string,
  startTime: string,
  lengthMinutes: number,
  rules: AvailabilityRules,
  busy: readonly BusySpan[],
  outsideHours: boolean,
): OwnerRefusal | null {
  const start = toMinutes(startTime);
  const end = start + lengthMinutes + rules.bookingBufferMinutes;
  const taken = busy.some(
    (span) =>
      span.memberId === member.id &&
      span.date === date &&
      start < toMinutes(span.endTime) + rules.bookingBufferMinutes &&
      toMinutes(span.startTime) < end,
  );
  if (taken) return "taken";
  if (outsideHours) return null;
  if (workingSpans(member, date, rules).some(([spanStart, spanEnd]) => spanStart <= start && end <= spanEnd)) {
    return null;
  }
  if (rangeCovering(rules.closures, date)) return "closed";
  if (rangeCovering(member.timeOff, date)) return "time-off";
  return "outside-hours";
}

/** The dates of repeat appointments: the first, then one every `everyWeeks` weeks, at the same wall-clock time. */
export const seriesDates = (first: string, everyWeeks: number, times: number) =>
  Array.from({ length: times }, (_, index) => addDays(first, index * everyWeeks * 7));

const DAY_MS = 86_400_000;

/**
 * The rules for a later occurrence of a series: it may lie past the booking horizon (decision 032), so the
 * horizon reaches its date; every other rule stays as it is.
 */
export function reachingTo<R extends AvailabilityRules>(rules: R, date: string, now: Date): R {
  const days = (Date.parse(date) - Date.parse(shopToday(now))) / DAY_MS;
  const weeks = Math.ceil(days / 7);
  return weeks > rules.bookingHorizonWeeks ? { ...rules, bookingHorizonWeeks: weeks } : rules;
}

/**
 * Why a customer cannot have `startTime` on `date` with any of the candidates, in words, or null when one of
 * them is free: the engine's own answer (memberStartTimes), explained by what the owner's check finds.
 */
export function customerRefusal(
  candidates: readonly MemberSchedule[],
  date: string,
  startTime: string,
  lengthMinutes: number,
  rules: AvailabilityRules,
  busy: readonly BusySpan[],
  now: Date,
): string | null {
  const free = candidates.some((member) =>
    memberStartTimes(member, date, lengthMinutes, rules, busy, now).includes(startTime),
  );
  if (free) return null;
  const refusals = candidates.map((member) => ownerRefusal(member, date, startTime, lengthMinutes, rules, busy, false));
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (refusals.length > 0 && refusals.every((refusal) => refusal === "closed")) return "The shop is closed that day";
  if (refusals.length > 0 && refusals.every((refusal) => refusal === "taken")) return "That time is already booked";
  if (only && refusals[0] === "time-off") return `${only.name} is off that day`;
  if (only && refusals[0] === "outside-hours") return `That time is outside ${only.name}'s working hours`;
  if (refusals.every((refusal) => refusal === null)) return "That time cannot be booked online";
  return `No barber who does these services is free at ${startTime} that day`;
}
