import {
  performsAll,
  workingSpans,
  type AvailabilityRules,
  type BusySpan,
  type MemberSchedule,
} from "~/features/booking/rules/availability";
import { fromMinutes, shopMoment, toMinutes } from "~/lib/shop-time";

/*
 * The honest wait (issue 33): a pure function of the moment, the team's working hours, the day's bookings and
 * blocks and the queue itself, so it can be tested to the minute. No clock but the one passed in, no database.
 *
 * Walk the waiting entries in the order they joined; each gets the earliest start at or after now (to the whole
 * minute) where its length fits on its barber (or, for "first free", on any barber who does its services, ties
 * to the one listed first on the team page) before their next booking, block or the end of their hours.
 * Bookings keep their time: the queue fills around them. That start is counted as taken, and on to the next.
 * Called entries hold their barber from now for their length; a served entry holds the chair through its
 * booking (which is among the busy spans).
 */

export type QueueStatus = "waiting" | "called" | "serving";

export interface QueuedEntry {
  id: number;
  /** The barber asked for; null: the first free one who does the services. */
  memberId: number | null;
  serviceIds: readonly number[];
  lengthMinutes: number;
  status: QueueStatus;
  /** The barber a called entry is going to (the one asked for or the one its estimate found). */
  heldBy?: number | null;
}

export interface QueueDay {
  now: Date;
  /** In the team page's order: ties go to the first. */
  members: readonly MemberSchedule[];
  rules: AvailabilityRules;
  /** The day's bookings and blocks (any date: other days are ignored). */
  busy: readonly BusySpan[];
  /** In order of joining. */
  entries: readonly QueuedEntry[];
}

export interface EntryEstimate {
  /** `HH:mm` today, or null when nobody can fit the entry in before the end of their day. */
  estimatedStart: string | null;
  waitMinutes: number | null;
  memberId: number | null;
}

export interface QueueEstimates {
  /** `yyyy-MM-dd` in the shop's zone. */
  date: string;
  byEntry: Map<number, EntryEstimate>;
  /**
   * The wait a newcomer of `lengthMinutes` would have with this barber once everyone already waiting is placed,
   * or null when nothing of that length fits in their day any more.
   */
  waitFor(member: MemberSchedule, lengthMinutes: number): number | null;
}

type Interval = [number, number];

/**
 * The first minute at or after `from` where `need` minutes fit inside a working span, clear of `held` (sorted by
 * start: kept so by `hold`, as sorting at every look cost more than the rest of the walk).
 */
export function earliestFit(
  spans: readonly (readonly [number, number])[],
  held: readonly Interval[],
  from: number,
  need: number,
) {
  for (const [spanStart, spanEnd] of spans) {
    let start = Math.max(spanStart, from);
    for (const [heldStart, heldEnd] of held) {
      if (heldEnd <= start) continue;
      if (heldStart >= start + need) break;
      start = heldEnd;
    }
    if (start + need <= spanEnd) return start;
  }
  return null;
}

/** Adds an interval where its start belongs, keeping the list sorted. */
function hold(held: Interval[], interval: Interval) {
  let index = held.length;
  while (index > 0 && held[index - 1]![0] > interval[0]) index--;
  held.splice(index, 0, interval);
}

/** Now, to the next whole minute of the shop's day: a start is never before the moment it is computed at. */
export function minuteOfDay(now: Date) {
  const moment = shopMoment(now);
  return { date: moment.date, minute: toMinutes(moment.time) + (now.getTime() % 60_000 > 0 ? 1 : 0) };
}

/**
 * A booking or block that ends by this `HH:mm` stands in nobody's way at `nowMinute` (its buffer after it is
 * over too), so the day's reader may leave it out.
 */
export const endedBy = (nowMinute: number, bufferMinutes: number) =>
  fromMinutes(Math.max(0, nowMinute - bufferMinutes));

export function estimateQueue(day: QueueDay): QueueEstimates {
  const { date, minute: nowMinute } = minuteOfDay(day.now);
  const buffer = day.rules.bookingBufferMinutes;
  const spans = new Map(day.members.map((member) => [member.id, workingSpans(member, date, day.rules)]));
  const held = new Map<number, Interval[]>(day.members.map((member) => [member.id, []]));
  // What ended before now stands in nobody's way: a full day's morning is left out before any time is parsed
  // (`HH:mm` is fixed-width, so the strings compare as times).
  const pastBefore = endedBy(nowMinute, buffer);
  for (const span of day.busy) {
    if (span.date !== date || span.endTime <= pastBefore) continue;
    held.get(span.memberId)?.push([toMinutes(span.startTime), toMinutes(span.endTime) + buffer]);
  }
  for (const intervals of held.values()) intervals.sort((a, b) => a[0] - b[0]);
  const byEntry = new Map<number, EntryEstimate>();
  for (const entry of day.entries) {
    if (entry.status === "waiting") continue;
    const memberId = entry.heldBy ?? entry.memberId;
    if (entry.status === "called" && memberId !== null) {
      const intervals = held.get(memberId);
      if (intervals) hold(intervals, [nowMinute, nowMinute + entry.lengthMinutes + buffer]);
    }
    byEntry.set(entry.id, { estimatedStart: null, waitMinutes: 0, memberId });
  }
  // A barber's answer for a length holds until something is placed with them: placing an entry changes one
  // barber's day, so the next entry asks the others nothing new.
  const fits = new Map<string, { version: number; start: number | null }>();
  const versions = new Map<number, number>();
  const fitWith = (member: MemberSchedule, lengthMinutes: number) => {
    const key = `${member.id}:${lengthMinutes}`;
    const version = versions.get(member.id) ?? 0;
    const known = fits.get(key);
    if (known?.version === version) return known.start;
    const start = earliestFit(spans.get(member.id) ?? [], held.get(member.id) ?? [], nowMinute, lengthMinutes + buffer);
    fits.set(key, { version, start });
    return start;
  };
  for (const entry of day.entries) {
    if (entry.status !== "waiting") continue;
    let best: { member: MemberSchedule; start: number } | undefined;
    for (const member of day.members) {
      if (entry.memberId !== null && member.id !== entry.memberId) continue;
      if (!performsAll(member, entry.serviceIds)) continue;
      const start = fitWith(member, entry.lengthMinutes);
      if (start !== null && (best === undefined || start < best.start)) best = { member, start };
    }
    if (!best) {
      byEntry.set(entry.id, { estimatedStart: null, waitMinutes: null, memberId: entry.memberId });
      continue;
    }
    hold(held.get(best.member.id)!, [best.start, best.start + entry.lengthMinutes + buffer]);
    versions.set(best.member.id, (versions.get(best.member.id) ?? 0) + 1);
    byEntry.set(entry.id, {
      estimatedStart: fromMinutes(best.start),
      waitMinutes: best.start - nowMinute,
      memberId: best.member.id,
    });
  }
  return {
    date,
    byEntry,
    waitFor(member, lengthMinutes) {
      const start = fitWith(member, lengthMinutes);
      return start === null ? null : start - nowMinute;
    },
  };
}
