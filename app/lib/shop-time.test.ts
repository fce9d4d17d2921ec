import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  formatShopDate,
  formatShopInstant,
  formatTime,
  formatTimeRange,
  hasStarted,
  hoursUntil,
  isCalendarDate,
  isClockTime,
  shopInstant,
  shopMoment,
  toMinutes,
  fromMinutes,
  withShopClock,
} from "./shop-time";

// The server's own zone must not matter: pretend it runs on the other side of the world (and put the
// zone back after, for the files that share this worker).
const serverZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Pacific/Auckland";
});
afterAll(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe("shop time (Europe/London)", () => {
  it("reads the shop's date and time at an instant, in summer and in winter", () => {
    expect(shopMoment(new Date("2026-07-15T23:30:00Z"))).toEqual({ date: "2026-07-16", time: "00:30" });
    expect(shopMoment(new Date("2026-01-15T23:30:00Z"))).toEqual({ date: "2026-01-15", time: "23:30" });
  });

  it("turns a wall-clock time into the right instant on both sides of each clock change", () => {
    expect(shopInstant("2027-03-27", "10:00").toISOString()).toBe("2027-03-27T10:00:00.000Z");
    expect(shopInstant("2027-03-28", "10:00").toISOString()).toBe("2027-03-28T09:00:00.000Z");
    expect(shopInstant("2026-10-24", "10:00").toISOString()).toBe("2026-10-24T09:00:00.000Z");
    expect(shopInstant("2026-10-25", "10:00").toISOString()).toBe("2026-10-25T10:00:00.000Z");
  });

  it("treats a slot as started from its first minute, and earlier dates as past", () => {
    const now = new Date("2026-07-15T09:00:30Z"); // 10:00:30 BST
    expect(hasStarted("2026-07-15", "10:00", now)).toBe(true);
    expect(hasStarted("2026-07-15", "10:01", now)).toBe(false);
    expect(hasStarted("2026-07-14", "23:59", now)).toBe(true);
    expect(hasStarted("2026-07-16", "00:00", now)).toBe(false);
  });

  it("counts hours to a start across a clock change", () => {
    // 24 wall-clock hours before the spring change are only 23 real hours.
    expect(hoursUntil("2027-03-28", "10:00", shopInstant("2027-03-27", "10:00"))).toBe(23);
  });

  it("checks dates and times strictly", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-1")).toBe(false);
    expect(isClockTime("23:59")).toBe(true);
    expect(isClockTime("24:00")).toBe(false);
    expect(isClockTime("9:00")).toBe(false);
  });

  it("does calendar and clock arithmetic on the text forms", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-28", -1)).toBe("2027-03-27");
    expect(fromMinutes(toMinutes("09:30") + 45)).toBe("10:15");
  });

  it("writes British dates and 24-hour times, everywhere the same; a blog post keeps the spec's formats", () => {
    expect(formatShopDate("2026-12-02")).toBe("Wednesday 2 December 2026");
    expect(formatShopDate("2026-12-02", "medium")).toBe("2 December 2026");
    expect(formatShopDate("2026-12-02", "short")).toBe("2 Dec 2026");
    expect(formatShopDate("2026-12-02", "weekdayDate")).toBe("Wednesday 2 December");
    expect(formatShopDate("2026-12-02", "day")).toBe("Wed 2 Dec");
    expect(formatShopDate("2026-12-02", "month")).toBe("December 2026");
    expect(formatShopDate("2024-01-05", "blogPost")).toBe("January 5, 2024");
    expect(formatShopDate("2024-01-05", "blogCard")).toBe("Jan 5, 2024");
    expect([formatTime("09:00"), formatTime("00:05"), formatTime("12:30"), formatTime("17:45")]).toEqual([
      "09:00",
      "00:05",
      "12:30",
      "17:45",
    ]);
    expect(formatTimeRange("09:30", "10:15")).toBe("09:30 – 10:15");
    // 23:30 UTC in July is 00:30 the next day in Oldham.
    expect(formatShopInstant("2026-07-15T23:30:00Z", "medium", { withTime: true })).toBe("16 July 2026 at 00:30");
    expect(formatShopInstant("2026-01-05T10:00:00Z")).toBe("5 Jan 2026");
    expect(withShopClock("Monday: 9:00 AM – 6:00 PM")).toBe("Monday: 09:00 – 18:00");
    expect(withShopClock("Sat: 12:30 pm – 12:00 a.m.")).toBe("Sat: 12:30 – 00:00");
    expect(withShopClock("Sunday: Closed")).toBe("Sunday: Closed");
  });
});
