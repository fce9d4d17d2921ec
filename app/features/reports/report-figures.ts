import { workingSpans, type AvailabilityRules, type MemberSchedule } from "~/features/booking";
import { dayOfWeek } from "~/features/settings";
import { addDays, shopInstant, shopToday, toMinutes } from "~/lib/shop-time";
import type { Period } from "./reports.schema";

/*
 * The pure arithmetic of the books (decision 054): no database, no clock. Rates have four decimals and are
 * null where nothing was there to divide by; pay rounds to the penny, half up.
 */

export const roundRate = (value: number) => Math.round(value * 10_000) / 10_000;

/** numerator ÷ denominator to four decimals; null when the denominator is 0. */
export const rate = (numerator: number, denominator: number) =>
  denominator === 0 ? null : roundRate(numerator / denominator);

/** The instants the period's local days begin and end (ISO, the ledger's timestamps compare with them). */
export const periodInstants = (period: Period) => ({
  start: shopInstant(period.from, "00:00").toISOString(),
  end: shopInstant(addDays(period.to, 1), "00:00").toISOString(),
});

/**
 * Instants of shop times, remembered: a time-zone conversion costs far more than the rest of the books, and a
 * year's 30,000 bookings start at a few thousand distinct times.
 */
export function shopInstants() {
  const known = new Map<string, number>();
  return (date: string, time: string) => {
    const key = `${date} ${time}`;
    let instant = known.get(key);
    if (instant === undefined) {
      instant = shopInstant(date, time).getTime();
      known.set(key, instant);
    }
    return instant;
  };
}

/** The shop's day of an ISO instant, remembered by the hour (the zone's offset is whole hours). */
export function shopDays() {
  const known = new Map<string, string>();
  return (iso: string) => {
    const hour = new Date(iso).toISOString().slice(0, 13);
    let date = known.get(hour);
    if (date === undefined) {
      date = shopToday(new Date(`${hour}:00:00.000Z`));
      known.set(hour, date);
    }
    return date;
  };
}

/** Every date of the period, in order. */
export function datesOf({ from, to }: Period) {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export interface BlockSpan {
  memberId: number;
  date: string;
  startTime: string;
  endTime: string;
}

/**
 * The minutes a member works in the period: their weekly hours inside the shop's, less closures and time off
 * (the booking engine's own `workingSpans`), less the blocks they set aside.
 */
export function workingMinutes(
  member: MemberSchedule,
  dates: readonly string[],
  rules: AvailabilityRules,
  blocks: readonly BlockSpan[],
) {
  let total = 0;
  for (const date of dates) {
    const spans = workingSpans(member, date, rules);
    if (spans.length === 0) continue;
    const held = blocks.filter((block) => block.memberId === member.id && block.date === date);
    for (const [start, end] of spans) {
      let minutes = end - start;
      for (const block of held) {
        const overlap = Math.min(end, toMinutes(block.endTime)) - Math.max(start, toMinutes(block.startTime));
        if (overlap > 0) minutes -= overlap;
      }
      total += Math.max(0, minutes);
    }
  }
  return total;
}

/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((dayOfWeek(date) + 6) % 7) + 1;

/** How many rent periods start inside the period: Mondays for a weekly rent, 1sts for a monthly one. */
export const rentPeriodsStarting = (period: Period, rentPeriod: "week" | "month") =>
  datesOf(period).filter((date) => (rentPeriod === "week" ? isoWeekday(date) === 1 : date.endsWith("-01"))).length;

/** Commission in pence: pence × basis points, summed, then rounded to the penny half up. */
export const commissionPence = (servicesPence: number, productsPence: number, serviceBp: number, productBp: number) =>
  Math.floor((servicesPence * serviceBp + productsPence * productBp + 5_000) / 10_000);

/**
 * A sale's discount spread over its lines in proportion to their totals, in whole pence that add up to the
 * discount (the last line takes the remainder): services and products are counted net of it.
 */
export function spreadDiscount(lineTotals: readonly number[], discountPence: number) {
  const subtotal = lineTotals.reduce((sum, total) => sum + total, 0);
  if (discountPence === 0 || subtotal === 0) return lineTotals.map(() => 0);
  let given = 0;
  return lineTotals.map((total, index) => {
    const share =
      index === lineTotals.length - 1 ? discountPence - given : Math.round((discountPence * total) / subtotal);
    given += share;
    return share;
  });
}

/** A CSV cell: text, a count, or an amount of money (written in pounds with two decimals, no sign of currency). */
export type CsvValue = string | number | null | { pence: number };

/**
 * Text that could start a formula in a spreadsheet (=, +, -, @, and the tab and carriage return some read as
 * such) is quoted, with an apostrophe inside the quotes so no spreadsheet runs it; amounts and counts are numbers.
 */
export function csvCell(value: CsvValue) {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return (value.pence / 100).toFixed(2);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /^'|[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text (RFC 4180 line ends). */
export const csvText = (rows: readonly (readonly CsvValue[])[]) =>
  rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** Items by a key, in their order (Map.groupBy, which the project's TypeScript library does not yet type). */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K) {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
