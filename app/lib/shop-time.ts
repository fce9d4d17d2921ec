import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { SHOP_TIME_ZONE } from "./shop";
import { clockNow } from "./clock";

/*
 * Slot dates (`yyyy-MM-dd`) and times (`HH:mm`) are wall-clock values in the
 * shop's zone. "Now", "today" and "has it started" are therefore computed in
 * Europe/London, whatever zone the server or the browser runs in. Both formats
 * are fixed-width, so plain string comparison orders them correctly.
 */

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const numbers = (value: string, separator: string) => value.split(separator).map(Number);

/** True for a `yyyy-MM-dd` string naming a day that exists (no 30 February). */
export function isCalendarDate(value: string) {
  if (!DATE_PATTERN.test(value)) return false;
  const [year = 0, month = 0, day = 0] = numbers(value, "-");
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isClockTime = (value: string) => TIME_PATTERN.test(value);

export interface ShopMoment {
  date: string;
  time: string;
}

/** The shop's calendar date and clock time at an instant. */
export function shopMoment(instant: Date = clockNow()): ShopMoment {
  const zoned = new TZDate(instant.getTime(), SHOP_TIME_ZONE);
  return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") };
}

export const shopToday = (now: Date = clockNow()) => shopMoment(now).date;

/** The instant at which a wall-clock time in the shop happens (summer time taken into account). */
export function shopInstant(date: string, time: string): Date {
  const [year = 0, month = 1, day = 1] = numbers(date, "-");
  const [hours = 0, minutes = 0] = numbers(time, ":");
  return new Date(new TZDate(year, month - 1, day, hours, minutes, SHOP_TIME_ZONE).getTime());
}

/** A slot whose start time has been reached (to the minute) can no longer be booked or created. */
export function hasStarted(date: string, startTime: string, now: Date = clockNow()) {
  const current = shopMoment(now);
  return date < current.date || (date === current.date && startTime <= current.time);
}

/** Hours (with fractions) from `now` until the slot starts; negative once it has started. */
export const hoursUntil = (date: string, startTime: string, now: Date = clockNow()) =>
  (shopInstant(date, startTime).getTime() - now.getTime()) / 3_600_000;

const digit = (time: string, index: number) => time.charCodeAt(index) - 48;
const isDigit = (time: string, index: number) => digit(time, index) >= 0 && digit(time, index) <= 9;

export function toMinutes(time: string) {
  // The stored `HH:mm` by arithmetic: the queue's wait parses a full day's bookings at every look, where the
  // general split cost more than the whole computation.
  if (time.length === 5 && time[2] === ":" && [0, 1, 3, 4].every((index) => isDigit(time, index))) {
    return (digit(time, 0) * 10 + digit(time, 1)) * 60 + digit(time, 3) * 10 + digit(time, 4);
  }
  const [hours = 0, minutes = 0] = numbers(time, ":");
  return hours * 60 + minutes;
}

export const fromMinutes = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/** Calendar arithmetic on `yyyy-MM-dd` strings, free of any zone's daylight-saving jumps. */
export function addDays(date: string, days: number) {
  const [year = 0, month = 1, day = 1] = numbers(date, "-");
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/*
 * The one way dates and times are written for people, on pages, in mails, in subjects, in calendar
 * files and in error messages alike: British dates ("Wednesday 2 December 2026") and the 24-hour
 * clock the slots are kept in ("09:30"). Only a blog post's date keeps the spec's own formats.
 */
const DATE_STYLES = {
  /** "Wednesday 2 December 2026": a booking's day. */
  long: "EEEE d MMMM yyyy",
  /** "2 December 2026". */
  medium: "d MMMM yyyy",
  /** "2 Dec 2026": cards and lists. */
  short: "d MMM yyyy",
  /** "December 2, 2026": a blog post's page (the spec's MMMM d, yyyy). */
  blogPost: "MMMM d, yyyy",
  /** "Dec 2, 2026": a blog post's card (the spec's MMM d, yyyy). */
  blogCard: "MMM d, yyyy",
  /** "Wednesday 2 December": a date this year, e.g. in a closure notice. */
  weekdayDate: "EEEE d MMMM",
  /** "Wed 2 Dec": several days in a row. */
  day: "EEE d MMM",
  /** "December 2026": a calendar's heading. */
  month: "MMMM yyyy",
  /** "Wednesday": matches the opening hours' day names. */
  weekday: "EEEE",
  /** "Wed" over "2 Dec": a day chip in a row of days. */
  weekdayShort: "EEE",
  monthDay: "d MMM",
} as const;

export type DateStyle = keyof typeof DATE_STYLES;

/** Formats a slot date (`yyyy-MM-dd`) for people, e.g. "Wednesday 2 December 2026". */
export function formatShopDate(date: string, style: DateStyle = "long") {
  const [year = 0, month = 1, day = 1] = numbers(date, "-");
  return format(new Date(year, month - 1, day), DATE_STYLES[style]);
}

/** "09:30" for "09:30", "09:30:00" or a shorter "9:30": the 24-hour clock, two digits each. */
export function formatTime(time: string) {
  const [hours = 0, minutes = 0] = numbers(time, ":");
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** "10:00 – 10:30", the way slots are named in lists and messages. */
export const formatTimeRange = (startTime: string, endTime: string) =>
  `${formatTime(startTime)} – ${formatTime(endTime)}`;

/**
 * Imported text (a directory's "Monday: 9:00 AM – 6:00 PM") written with our times:
 * "Monday: 09:00 – 18:00". Only clock times change; everything else is left as it is.
 */
export const withShopClock = (text: string) =>
  text.replace(
    /\b(\d{1,2}):(\d{2})\s?([AaPp])\.?[Mm]\.?(?![\w.])/g,
    (_, hours: string, minutes: string, half: string) => {
      const onTwelve = Number(hours) % 12;
      return formatTime(`${half.toLowerCase() === "p" ? onTwelve + 12 : onTwelve}:${minutes}`);
    },
  );

/**
 * Formats an ISO timestamp as the shop's clock read it (Europe/London), so the server's
 * HTML and the hydrated page agree whatever zone either runs in: "1 Dec 2026", or with
 * `withTime` "1 Dec 2026 at 09:00".
 */
export function formatShopInstant(iso: string, style: DateStyle = "short", { withTime = false } = {}) {
  const moment = shopMoment(new Date(iso));
  const date = formatShopDate(moment.date, style);
  return withTime ? `${date} at ${formatTime(moment.time)}` : date;
}
