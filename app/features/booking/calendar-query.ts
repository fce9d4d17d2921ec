import { z } from "zod";
import { parseRowId } from "~/lib/schema-fields";
import { addDays, isCalendarDate } from "~/lib/shop-time";
import { dayOfWeek } from "~/features/settings";

/* The calendar's view in its address, so every view is a link that works without JavaScript. */

export const calendarQuerySchema = z.object({
  date: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value && isCalendarDate(value) ? value : undefined)),
  view: z.enum(["day", "week"]).catch("day"),
  /** The barber shown on a phone, one column at a time. */
  barber: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value ? (parseRowId(value) ?? undefined) : undefined)),
  cancelled: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === "1"),
  /** The booking whose "Move…" form is open. */
  move: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value ? (parseRowId(value) ?? undefined) : undefined)),
  /** The day and barber whose free times the "Move…" sheet offers (by default the booking's own). */
  moveDate: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value && isCalendarDate(value) ? value : undefined)),
  moveBarber: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value ? (parseRowId(value) ?? undefined) : undefined)),
});
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** The Monday of the date's week: the week view runs Monday to Sunday. */
export const weekStart = (date: string) => addDays(date, -((dayOfWeek(date) + 6) % 7));

export function calendarRange(query: Pick<CalendarQuery, "date" | "view">, today: string) {
  const date = query.date ?? today;
  return query.view === "week" ? { from: weekStart(date), days: 7 } : { from: date, days: 1 };
}

type QueryChange = Partial<Record<keyof CalendarQuery, string | number | boolean | undefined>>;

/** The calendar's address with some of its parameters changed (undefined or false removes one). */
export function calendarUrl(current: string, change: QueryChange) {
  const url = new URL(current, "http://calendar.invalid");
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === false) url.searchParams.delete(key);
    else url.searchParams.set(key, value === true ? "1" : String(value));
  }
  return `/admin/calendar${url.search}`;
}
