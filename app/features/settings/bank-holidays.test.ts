import { describe, expect, it } from "vitest";
import { ENGLAND_AND_WALES_BANK_HOLIDAYS, bankHolidaysAhead, nextUndecided } from "./bank-holidays";

/* The shipped list checked against the rules that make it, worked out here independently of it. */

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(new Date(utc(date).getTime() + days * 86_400_000));
const weekday = (date: string) => utc(date).getUTCDay();

/** Easter Sunday (the anonymous Gregorian algorithm). */
function easter(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const mondayOnOrAfter = (date: string) => plus(date, (8 - weekday(date)) % 7);
const lastMondayOf = (year: number, month: number) => {
  const last = iso(new Date(Date.UTC(year, month, 0)));
  return plus(last, -((weekday(last) + 6) % 7));
};

/** The year's holidays by the rules: weekend holidays move to the next weekday that is not already one. */
function byTheRules(year: number) {
  const fixed = [`${year}-01-01`];
  const christmas = [`${year}-12-25`, `${year}-12-26`];
  const observed: string[] = [];
  for (const day of [...fixed, ...christmas]) {
    let date = day;
    while (weekday(date) === 0 || weekday(date) === 6 || observed.includes(date)) date = plus(date, 1);
    observed.push(date);
  }
  const sunday = easter(year);
  return [
    observed[0]!,
    plus(sunday, -2),
    plus(sunday, 1),
    mondayOnOrAfter(`${year}-05-01`),
    lastMondayOf(year, 5),
    lastMondayOf(year, 8),
    observed[1]!,
    observed[2]!,
  ];
}

describe("the shipped bank holidays of England and Wales", () => {
  it("are the years' holidays by the rules, substitute days included, every one a weekday", () => {
    for (const year of [2026, 2027, 2028, 2029, 2030]) {
      const shipped = ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`));
      expect(
        shipped.map((holiday) => holiday.date),
        String(year),
      ).toEqual(byTheRules(year));
      for (const { date } of shipped) expect([1, 2, 3, 4, 5]).toContain(weekday(date));
    }
  });

  it("match gov.uk's published dates for 2026–2028", () => {
    const dates = (year: number) =>
      ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`)).map((h) =>
        h.date.slice(5),
      );
    expect(dates(2026)).toEqual(["01-01", "04-03", "04-06", "05-04", "05-25", "08-31", "12-25", "12-28"]);
    expect(dates(2027)).toEqual(["01-01", "03-26", "03-29", "05-03", "05-31", "08-30", "12-27", "12-28"]);
    expect(dates(2028)).toEqual(["01-03", "04-14", "04-17", "05-01", "05-29", "08-28", "12-25", "12-26"]);
    const named = (date: string) => ENGLAND_AND_WALES_BANK_HOLIDAYS.find((holiday) => holiday.date === date)?.name;
    expect(named("2026-12-28")).toBe("Boxing Day (substitute day)");
    expect(named("2027-12-27")).toBe("Christmas Day (substitute day)");
    expect(named("2028-01-03")).toBe("New Year's Day (substitute day)");
  });
});

describe("bankHolidaysAhead", () => {
  it("lists a year ahead with what the owner decided: closed by a closure, open by choice, else undecided", () => {
    const ahead = bankHolidaysAhead(
      "2026-11-27",
      [{ from: "2026-12-24", to: "2026-12-26", note: "Christmas" }],
      new Set(["2027-01-01"]),
    );
    expect(ahead.slice(0, 4)).toEqual([
      { date: "2026-12-25", name: "Christmas Day", state: "closed" },
      { date: "2026-12-28", name: "Boxing Day (substitute day)", state: "undecided" },
      { date: "2027-01-01", name: "New Year's Day", state: "open" },
      { date: "2027-03-26", name: "Good Friday", state: "undecided" },
    ]);
    expect(ahead.at(-1)?.date).toBe("2027-08-30");
    expect(nextUndecided(ahead)?.date).toBe("2026-12-28");
  });
});
