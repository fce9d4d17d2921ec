import type { DateRange, TimeRange, WeeklyHours } from "./settings.schema";
import { WEEKDAY_NAMES } from "./shop-settings";
import { formatTimeRange } from "~/lib/shop-time";

/*
 * Pure rules about a week of hours and a list of dated ranges, shared by the shop's opening hours and
 * closures and by a team member's working hours and time off. Dates are `yyyy-MM-dd`, times `HH:mm`.
 */

/** 0 = Sunday … 6 = Saturday, computed on the calendar date itself (no zone can shift it). */
export function dayOfWeek(date: string) {
  // Read by position (the format is fixed): the engine asks this for every member on every date it looks at.
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The ranges of a weekday; none when the day is closed. */
export const weekdayRanges = (hours: WeeklyHours, day: number): TimeRange[] =>
  hours.find((entry) => entry.day === day)?.ranges ?? [];

/** The first range that covers the date, if any. */
export const rangeCovering = <R extends DateRange>(ranges: readonly R[], date: string): R | undefined =>
  ranges.find((range) => range.from <= date && date <= range.to);

/** The opening ranges of one date: its weekday's hours, or none on a day inside a closure. */
export function openingRangesOn(week: { openingHours: WeeklyHours; closures: readonly DateRange[] }, date: string) {
  return rangeCovering(week.closures, date) ? [] : weekdayRanges(week.openingHours, dayOfWeek(date));
}

/** True when start–end lies wholly inside one of the ranges. */
export const fitsWithin = (ranges: readonly TimeRange[], start: string, end: string) =>
  ranges.some((range) => range.start <= start && end <= range.end);

export const formatRanges = (ranges: readonly TimeRange[]) =>
  ranges.length === 0 ? "Closed" : ranges.map((range) => formatTimeRange(range.start, range.end)).join(", ");

/** The week as people read it, Monday first. */
export const DISPLAY_WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export interface WeekLine {
  /** Weekdays in the line, in display order. */
  days: number[];
  /** "Monday – Friday", "Saturday". */
  label: string;
  ranges: TimeRange[];
}

const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]) =>
  a.length === b.length && a.every((range, index) => range.start === b[index]!.start && range.end === b[index]!.end);

/** Runs of neighbouring days with the same hours become one line ("Monday – Friday: 09:00 – 18:00"). */
export function weekLines(hours: WeeklyHours): WeekLine[] {
  const lines: WeekLine[] = [];
  for (const day of DISPLAY_WEEK) {
    const ranges = weekdayRanges(hours, day);
    const last = lines.at(-1);
    if (last && sameRanges(last.ranges, ranges)) last.days.push(day);
    else lines.push({ days: [day], label: "", ranges });
  }
  for (const line of lines) {
    const first = WEEKDAY_NAMES[line.days[0]!]!;
    line.label = line.days.length === 1 ? first : `${first} – ${WEEKDAY_NAMES[line.days.at(-1)!]!}`;
  }
  return lines;
}

export type ClosedReason = { kind: "closure"; closure: DateRange } | { kind: "outside-hours"; ranges: TimeRange[] };

/** Why the shop is not open for the whole of start–end on the date, or null when it is. */
export function closedReason(
  week: { openingHours: WeeklyHours; closures: readonly DateRange[] },
  date: string,
  start: string,
  end: string,
): ClosedReason | null {
  const closure = rangeCovering(week.closures, date);
  if (closure) return { kind: "closure", closure };
  const ranges = weekdayRanges(week.openingHours, dayOfWeek(date));
  return fitsWithin(ranges, start, end) ? null : { kind: "outside-hours", ranges };
}

/** A short label for the admin's lists, e.g. "Shop closed: Christmas" or "Outside opening hours". */
export const closedLabel = (reason: ClosedReason) =>
  reason.kind === "closure"
    ? `Shop closed${reason.closure.note ? `: ${reason.closure.note}` : ""}`
    : "Outside opening hours";
