import { describe, expect, it } from "vitest";
import type { AvailabilityRules, MemberSchedule } from "./availability";
import { isWalkIn, nextFreeTime, walkInStart } from "./walk-in";

const hours = [1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "18:00" }] }));
const rules: AvailabilityRules = {
  openingHours: hours,
  closures: [],
  minimumNoticeMinutes: 120,
  bookingHorizonWeeks: 8,
  slotIntervalMinutes: 15,
  bookingBufferMinutes: 0,
};
const marcus: MemberSchedule = { id: 1, name: "Marcus", serviceIds: [10], weeklyHours: hours, timeOff: [] };
const dev: MemberSchedule = { ...marcus, id: 2, name: "Dev" };

describe("walkInStart", () => {
  it("is now on the shop's clock, rounded down to five minutes", () => {
    // 10:07 in London in summer time (BST) is 09:07 UTC.
    expect(walkInStart(new Date("2026-07-01T09:07:40Z"))).toEqual({ date: "2026-07-01", startTime: "10:05" });
  });
});

describe("nextFreeTime", () => {
  it("names the first five-minute step after the time when a candidate is free, and who", () => {
    const busy = [
      { memberId: 1, date: "2026-12-02", startTime: "10:00", endTime: "11:00" },
      { memberId: 2, date: "2026-12-02", startTime: "10:00", endTime: "10:40" },
    ];
    expect(nextFreeTime([marcus, dev], "2026-12-02", "10:00", 30, rules, busy)).toEqual({ time: "10:40", member: dev });
  });

  it("finds nothing once the day has no time left", () => {
    const busy = [{ memberId: 1, date: "2026-12-02", startTime: "10:00", endTime: "18:00" }];
    expect(nextFreeTime([marcus], "2026-12-02", "10:00", 30, rules, busy)).toBeUndefined();
  });
});

describe("isWalkIn", () => {
  const start = Date.parse("2026-12-02T10:05:00Z");
  it("is a booking written at or after its own start: the customer was already in the chair", () => {
    expect(isWalkIn(Date.parse("2026-12-02T10:07:00Z"), start)).toBe(true);
    expect(isWalkIn(start, start)).toBe(true);
  });

  it("is not a booking written before its start, with or without an e-mail (a caller, an imported appointment)", () => {
    expect(isWalkIn(Date.parse("2026-12-01T18:00:00Z"), start)).toBe(false);
  });
});
