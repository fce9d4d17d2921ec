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

/*
 * The zone arithmetic uses the platform's own time-zone data (Intl) rather than a date library: the pages
 * that show a date or an opening time then ship no date code to the browser (decision 052), and the
 * availability of a day, which reads the clock for every slot, does not build a zoned Date each time.
 */
const shopClockParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/*
 * The last minutes converted: formatToParts costs tens of microseconds, and a request asks about the same few
 * minutes several times (today and the horizon at the clock's minute, the notice at a later one). Every offset
 * the shop's zone has ever used is whole minutes, so one UTC minute is one shop minute.
 */
const recentMinutes = new Map<number, ShopMoment>();
const RECENT_MINUTES_KEPT = 8;

/** The shop's calendar date and clock time at an instant. */
export function shopMoment(instant: Date = clockNow()): ShopMoment {
  const epochMinute = Math.floor(instant.getTime() / 60_000);
  const known = recentMinutes.get(epochMinute);
  if (known) return { ...known };
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of shopClockParts.formatToParts(instant)) part[type] = value;
  const moment = { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
  if (recentMinutes.size >= RECENT_MINUTES_KEPT) recentMinutes.delete(recentMinutes.keys().next().value!);
  recentMinutes.set(epochMinute, moment);
  return { ...moment };
}

/** Minutes the shop's clock is ahead of UTC at an instant (0 in winter, 60 in summer). */
function shopOffsetMinutes(epochMs: number) {
  const { date, time } = shopMoment(new Date(epochMs));
  const [year = 0, month = 1, day = 1] = numbers(date, "-");
  const wall = Date.UTC(year, month - 1, day) + toMinutes(time) * 60_000;
  return Math.round((wall - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

export const shopToday = (now: Date = clockNow()) => shopMoment(now).date;

/** The instant at which a wall-clock time in the shop happens (summer time taken into account). */
export function shopInstant(date: string, time: string): Date {
  const [year = 0, month = 1, day = 1] = numbers(date, "-");
  const [hours = 0, minutes = 0] = numbers(time, ":");
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  // The clocks change at most once a day, so the offset three hours earlier is the one before any change near
  // this time: it gives the first of a repeated autumn hour. If the clock had moved on by then, the offset it
  // moved to applies; a spring time that never happens keeps the earlier offset (it reads an hour later).
  const before = shopOffsetMinutes(wall - 3 * 3_600_000);
  const guess = wall - before * 60_000;
  const after = shopOffsetMinutes(guess);
  if (after === before) return new Date(guess);
  const moved = wall - after * 60_000;
  return new Date(shopOffsetMinutes(moved) === after ? moved : guess);
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

const clockTime = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/** Every `HH:mm` of two days, made once: a day's availability writes hundreds of them per request. */
const CLOCK_TIMES = Array.from({ length: 2 * 24 * 60 }, (_, total) => clockTime(total));

export const fromMinutes = (total: number) => CLOCK_TIMES[total] ?? clockTime(total);

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
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

interface DateNames {
  weekday: string;
  day: number;
  month: string;
  year: number;
}
const short = (name: string) => name.slice(0, 3);

const DATE_STYLES = {
  /** "Wednesday 2 December 2026": a booking's day. */
  long: (d: DateNames) => `${d.weekday} ${d.day} ${d.month} ${d.year}`,
  /** "2 December 2026". */
  medium: (d: DateNames) => `${d.day} ${d.month} ${d.year}`,
  /** "2 Dec 2026": cards and lists. */
  short: (d: DateNames) => `${d.day} ${short(d.month)} ${d.year}`,
  /** "December 2, 2026": a blog post's page (the spec's MMMM d, yyyy). */
  blogPost: (d: DateNames) => `${d.month} ${d.day}, ${d.year}`,
  /** "Dec 2, 2026": a blog post's card (the spec's MMM d, yyyy). */
  blogCard: (d: DateNames) => `${short(d.month)} ${d.day}, ${d.year}`,
  /** "Wednesday 2 December": a date this year, e.g. in a closure notice. */
  weekdayDate: (d: DateNames) => `${d.weekday} ${d.day} ${d.month}`,
  /** "Wed 2 Dec": several days in a row. */
  day: (d: DateNames) => `${short(d.weekday)} ${d.day} ${short(d.month)}`,
  /** "December 2026": a calendar's heading. */
  month: (d: DateNames) => `${d.month} ${d.year}`,
  /** "Wednesday": matches the opening hours' day names. */
  weekday: (d: DateNames) => d.weekday,
  /** "Wed" over "2 Dec": a day chip in a row of days. */
  weekdayShort: (d: DateNames) => short(d.weekday),
  /** "2 Dec". */
  monthDay: (d: DateNames) => `${d.day} ${short(d.month)}`,
} as const;

export type DateStyle = keyof typeof DATE_STYLES;

/** Formats a slot date (`yyyy-MM-dd`) for people, e.g. "Wednesday 2 December 2026". */
export function formatShopDate(date: string, style: DateStyle = "long") {
  const [year = 0, month = 1, day = 1] = numbers(date, "-");
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? "";
  return DATE_STYLES[style]({ weekday, day, month: MONTHS[month - 1] ?? "", year });
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
