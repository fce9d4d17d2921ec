import { z } from "zod";
import { addDays, isCalendarDate } from "~/lib/shop-time";
import { parseRowId } from "~/lib/schema-fields";
import type { Pay } from "~/features/team";

/*
 * The owner's books (issue 32, decision 054): the period asked for and the shapes answered. Browser-safe: the
 * page's period picker and the API read the same rules.
 */

export const MAX_PERIOD_DAYS = 366;

const dateField = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDate, `${name} must be a date (YYYY-MM-DD)`);

/** Whole days, `to` included. */
export const periodDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const periodFields = { from: dateField("from"), to: dateField("to") };

/** `from` after `to`, or a period over 366 days: 400. */
function checkPeriod(period: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (period.from > period.to) ctx.addIssue({ code: "custom", message: "from must not be after to", path: ["from"] });
  else if (periodDays(period.from, period.to) > MAX_PERIOD_DAYS) {
    ctx.addIssue({ code: "custom", message: `A period may be at most ${MAX_PERIOD_DAYS} days`, path: ["to"] });
  }
}

export const periodSchema = z.object(periodFields).superRefine(checkPeriod);
export type Period = z.output<typeof periodSchema>;

export const summaryQuerySchema = z
  .object({
    ...periodFields,
    memberId: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === "") return undefined;
        const id = parseRowId(value);
        if (id === null) {
          ctx.addIssue({ code: "custom", message: "memberId must be a team member's id" });
          return z.NEVER;
        }
        return id;
      }),
  })
  .superRefine(checkPeriod);
export type SummaryQuery = Period & { memberId?: number | undefined };

/** The period just before, of the same number of days: what the headline figures are compared with. */
export function previousPeriod({ from, to }: Period): Period {
  const days = periodDays(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => addDays(`${addDays(monthStart(date), 32).slice(0, 7)}-01`, -1);

export const PERIOD_PRESETS = {
  today: "Today",
  week: "This week",
  month: "This month",
  "last-month": "Last month",
  custom: "Custom",
} as const;
export type PeriodPreset = keyof typeof PERIOD_PRESETS;

/** The dates of a preset on `today` (the shop's day). */
export function presetPeriod(preset: Exclude<PeriodPreset, "custom">, today: string): Period {
  if (preset === "today") return { from: today, to: today };
  if (preset === "week") return { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
  if (preset === "month") return { from: monthStart(today), to: monthEnd(today) };
  const lastMonth = addDays(monthStart(today), -1);
  return { from: monthStart(lastMonth), to: lastMonth };
}

export interface Takings {
  services: number;
  products: number;
  tips: number;
  fees: number;
  depositsKept: number;
  refunds: number;
  net: number;
  byMethod: { cash: number; card: number; online: number; cardOnFile: number; giftCard: number };
  byMember: { memberId: number; name: string; services: number; products: number; tips: number }[];
}

export interface MemberUtilisation {
  memberId: number;
  name: string;
  bookedMinutes: number;
  workingMinutes: number;
  rate: number | null;
}

export interface Summary {
  from: string;
  to: string;
  appointments: {
    booked: number;
    attended: number;
    noShow: number;
    cancelled: number;
    lateCancelled: number;
    walkIns: number;
  };
  noShowRate: number | null;
  utilisation: { overall: number | null; byMember: MemberUtilisation[] };
  rebookingRate: number | null;
  customers: { new: number; returning: number; returnedWithin60Days: number | null };
  takings: Takings;
  /** Members paid up now, and the membership invoices paid in the period (decision 058; not in the takings). */
  memberships: { activeMembers: number; income: number };
  byDay: { date: string; appointments: number; net: number }[];
  byHour: { weekday: number; hour: number; appointments: number }[];
}

export interface PayLine {
  memberId: number;
  name: string;
  pay: Pay;
  services: number;
  products: number;
  tips: number;
  commission: number;
  rentDue: number;
  owed: number;
}

export interface PeriodChoice {
  preset: PeriodPreset;
  period: Period;
  /** Why the custom dates asked for could not be used (this month is shown instead). */
  problem: string | null;
}

/** The period picker's GET form read back: a preset, or custom dates checked as the API checks them. */
export function readPeriodChoice(
  search: URLSearchParams,
  today: string,
  fallback: PeriodPreset = "month",
): PeriodChoice {
  const asked = search.get("period") ?? (search.has("from") ? "custom" : fallback);
  const preset = (asked in PERIOD_PRESETS ? asked : fallback) as PeriodPreset;
  if (preset !== "custom") return { preset, period: presetPeriod(preset, today), problem: null };
  const parsed = periodSchema.safeParse({ from: search.get("from") ?? "", to: search.get("to") ?? "" });
  if (parsed.success) return { preset, period: parsed.data, problem: null };
  const month = presetPeriod("month", today);
  return { preset: "month", period: month, problem: parsed.error.issues[0]?.message ?? "Those dates cannot be used" };
}
