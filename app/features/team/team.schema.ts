import { z } from "zod";
import {
  type DateRange,
  dateRangeSchema,
  strandedBookingsChoiceSchema,
  type TimeRange,
  WEEKDAY_NAMES,
  type WeeklyHours,
  weeklyHoursSchema,
} from "~/features/settings";
import { paySchema, type Pay } from "./pay.schema";
import { multiLine, optionalImageUrlField, optionalNumberField, parseRowId, requiredText } from "~/lib/schema-fields";

/* A member of the shop's own team: what the admin form and the API both send. */

const serviceId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const id = parseRowId(String(value).trim());
  if (id !== null) return id;
  ctx.addIssue({ code: "custom", message: "One of the chosen services is not offered" });
  return z.NEVER;
});

export const teamMemberSchema = z.object({
  name: requiredText("Name is required", 100),
  bio: multiLine(z.string().trim().max(1000, "Bio must be at most 1000 characters"))
    .nullish()
    .transform((value) => value ?? ""),
  image: optionalImageUrlField(),
  serviceIds: z
    .array(serviceId)
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  active: z.boolean().default(true),
  order: optionalNumberField("Order must be a whole number").pipe(
    z.number().int("Order must be a whole number").min(0).max(1_000_000).optional(),
  ),
  weeklyHours: weeklyHoursSchema.default([]),
  timeOff: z.array(dateRangeSchema).max(100).default([]),
  /** For confirmed bookings with the member on days new time off covers; without it such an update is refused (409). */
  timeOffBookings: strandedBookingsChoiceSchema.optional(),
  /** How the member is paid (decision 054); left out, an update keeps it and a new member has none. */
  pay: paySchema.optional(),
});

export type TeamMemberInput = z.input<typeof teamMemberSchema>;
export type TeamMemberValues = z.output<typeof teamMemberSchema>;

/** What anyone may see. */
export const publicTeamMemberSchema = z.object({
  id: z.int(),
  name: z.string(),
  bio: z.string(),
  image: z.string().nullable(),
  /** Ids as strings, as services are chosen on the booking page. */
  serviceIds: z.array(z.string()),
});
export type PublicTeamMember = z.infer<typeof publicTeamMemberSchema>;

/** What the admin edits. */
export const teamMemberRecordSchema = publicTeamMemberSchema.extend({
  active: z.boolean(),
  order: z.int(),
  weeklyHours: z.array(
    z.object({ day: z.int(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) }),
  ) as z.ZodType<WeeklyHours>,
  timeOff: z.array(z.object({ from: z.string(), to: z.string(), note: z.string() })) as z.ZodType<DateRange[]>,
  pay: paySchema as z.ZodType<Pay>,
});
export type TeamMember = z.infer<typeof teamMemberRecordSchema>;

export const outsideOpeningHoursMessage = (day: string, start: string, end: string) =>
  `${day} ${start}–${end} is outside the shop's opening hours. Working hours must sit within them.`;

export const MEMBER_HAS_BOOKINGS_MESSAGE =
  "This team member has bookings still to come, so they cannot be deleted. Cancel or move those bookings first, or deactivate the member instead.";

export const timeOffBookingsMessage = (count: number) =>
  `${count === 1 ? "1 confirmed booking" : `${count} confirmed bookings`} with this team member ${count === 1 ? "falls" : "fall"} in the new time off. Choose to keep or cancel ${count === 1 ? "it" : "them"} (the customers are emailed), then save again.`;

const RANGE_TEXT = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/;
const pad = (value: string) => value.padStart(2, "0");

/** "09:00–12:30, 13:30–17:00" → ranges, for the admin form's one field per day; null when unreadable. */
export function parseDayRanges(text: string): TimeRange[] | null {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const ranges: TimeRange[] = [];
  for (const part of parts) {
    const match = RANGE_TEXT.exec(part);
    if (!match) return null;
    ranges.push({ start: `${pad(match[1]!)}:${match[2]}`, end: `${pad(match[3]!)}:${match[4]}` });
  }
  return ranges;
}

export const formatDayRanges = (ranges: readonly TimeRange[]) =>
  ranges.map((range) => `${range.start}–${range.end}`).join(", ");

/** Monday first, as the shop reads its week. */
export const TEAM_FORM_WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** The admin form's one line of hours per weekday, by day number ("" = day off). */
export type HoursText = Record<number, string>;

export const hoursText = (weeklyHours: WeeklyHours): HoursText =>
  Object.fromEntries(
    TEAM_FORM_WEEK.map((day) => [day, formatDayRanges(weeklyHours.find((entry) => entry.day === day)?.ranges ?? [])]),
  );

/** The form's lines of hours as the API's weekly hours, or the message for the first line it cannot read. */
export function weeklyHoursFromText(hours: HoursText): { weeklyHours: WeeklyHours } | { problem: string } {
  const weeklyHours: WeeklyHours = [];
  for (const day of TEAM_FORM_WEEK) {
    const ranges = parseDayRanges(hours[day] ?? "");
    if (!ranges) {
      return {
        problem: `${WEEKDAY_NAMES[day]}: write times like 09:00–12:30, 13:30–17:00, or leave empty for a day off.`,
      };
    }
    if (ranges.length > 0) weeklyHours.push({ day, ranges });
  }
  return { weeklyHours };
}
