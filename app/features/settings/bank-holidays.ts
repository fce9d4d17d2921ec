import type { DateRange } from "./settings.schema";

/*
 * The bank holidays of England and Wales, shipped with the code (no network at run time). The dates follow
 * the Banking and Financial Dealings Act 1971 and the royal proclamations as gov.uk publishes them: a
 * holiday on a Saturday or Sunday moves to the next weekday not already a holiday (Christmas on a Saturday
 * moves to Monday 27 and Boxing Day to Tuesday 28). One-off holidays (a coronation, a jubilee) are announced
 * a year or so ahead: add them here when they are. The list ends with 2030; extend it before then.
 */
export interface BankHoliday {
  date: string;
  name: string;
}

const SUBSTITUTE = " (substitute day)";

export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly BankHoliday[] = [
  { date: "2026-01-01", name: "New Year's Day" },
  { date: "2026-04-03", name: "Good Friday" },
  { date: "2026-04-06", name: "Easter Monday" },
  { date: "2026-05-04", name: "Early May bank holiday" },
  { date: "2026-05-25", name: "Spring bank holiday" },
  { date: "2026-08-31", name: "Summer bank holiday" },
  { date: "2026-12-25", name: "Christmas Day" },
  { date: "2026-12-28", name: `Boxing Day${SUBSTITUTE}` },
  { date: "2027-01-01", name: "New Year's Day" },
  { date: "2027-03-26", name: "Good Friday" },
  { date: "2027-03-29", name: "Easter Monday" },
  { date: "2027-05-03", name: "Early May bank holiday" },
  { date: "2027-05-31", name: "Spring bank holiday" },
  { date: "2027-08-30", name: "Summer bank holiday" },
  { date: "2027-12-27", name: `Christmas Day${SUBSTITUTE}` },
  { date: "2027-12-28", name: `Boxing Day${SUBSTITUTE}` },
  { date: "2028-01-03", name: `New Year's Day${SUBSTITUTE}` },
  { date: "2028-04-14", name: "Good Friday" },
  { date: "2028-04-17", name: "Easter Monday" },
  { date: "2028-05-01", name: "Early May bank holiday" },
  { date: "2028-05-29", name: "Spring bank holiday" },
  { date: "2028-08-28", name: "Summer bank holiday" },
  { date: "2028-12-25", name: "Christmas Day" },
  { date: "2028-12-26", name: "Boxing Day" },
  { date: "2029-01-01", name: "New Year's Day" },
  { date: "2029-03-30", name: "Good Friday" },
  { date: "2029-04-02", name: "Easter Monday" },
  { date: "2029-05-07", name: "Early May bank holiday" },
  { date: "2029-05-28", name: "Spring bank holiday" },
  { date: "2029-08-27", name: "Summer bank holiday" },
  { date: "2029-12-25", name: "Christmas Day" },
  { date: "2029-12-26", name: "Boxing Day" },
  { date: "2030-01-01", name: "New Year's Day" },
  { date: "2030-04-19", name: "Good Friday" },
  { date: "2030-04-22", name: "Easter Monday" },
  { date: "2030-05-06", name: "Early May bank holiday" },
  { date: "2030-05-27", name: "Spring bank holiday" },
  { date: "2030-08-26", name: "Summer bank holiday" },
  { date: "2030-12-25", name: "Christmas Day" },
  { date: "2030-12-26", name: "Boxing Day" },
];

/** How far ahead the settings list the holidays to decide: a year, as far as anyone books or plans rotas. */
export const BANK_HOLIDAY_LOOKAHEAD_DAYS = 366;

export type BankHolidayState = "closed" | "open" | "undecided";

export interface BankHolidayAhead extends BankHoliday {
  /** Closed: a closure covers the day. Open: the owner said so. Otherwise not decided yet (and bookable). */
  state: BankHolidayState;
}

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The holidays from `today` for the next year, each with what the owner decided about it. */
export function bankHolidaysAhead(
  today: string,
  closures: readonly DateRange[],
  openDates: ReadonlySet<string>,
  holidays: readonly BankHoliday[] = ENGLAND_AND_WALES_BANK_HOLIDAYS,
): BankHolidayAhead[] {
  return holidays
    .filter((holiday) => holiday.date >= today && daysBetween(today, holiday.date) <= BANK_HOLIDAY_LOOKAHEAD_DAYS)
    .map((holiday) => ({
      ...holiday,
      state: closures.some((closure) => closure.from <= holiday.date && holiday.date <= closure.to)
        ? "closed"
        : openDates.has(holiday.date)
          ? "open"
          : "undecided",
    }));
}

/** The first holiday ahead the owner has not decided about: what the dashboard and settings ask about. */
export const nextUndecided = (ahead: readonly BankHolidayAhead[]) =>
  ahead.find((holiday) => holiday.state === "undecided");
