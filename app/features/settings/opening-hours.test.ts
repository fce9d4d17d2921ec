import { describe, expect, it } from "vitest";
import { closedLabel, closedReason, dayOfWeek, formatRanges, openingRangesOn, weekLines } from "./opening-hours";
import { formatDateRange, upcomingClosures } from "./settings.server";
import { DEFAULT_SETTINGS } from "./shop-settings";

const closure = { from: "2026-12-24", to: "2026-12-26", note: "Christmas" };
const week = { openingHours: DEFAULT_SETTINGS.openingHours, closures: [closure] };

describe("opening hours", () => {
  it("knows the weekday of a date whatever the zone", () => {
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(dayOfWeek("2026-11-28")).toBe(6);
  });

  it("gives a date its weekday's ranges, none inside a closure", () => {
    expect(openingRangesOn(week, "2026-12-23")).toEqual([{ start: "09:00", end: "18:00" }]);
    expect(openingRangesOn(week, "2026-12-24")).toEqual([]);
    expect(openingRangesOn(week, "2026-12-26")).toEqual([]);
    expect(openingRangesOn(week, "2026-12-27")).toEqual([{ start: "09:30", end: "16:00" }]);
  });

  it("says why a time is not open: a closure, or outside the day's hours", () => {
    expect(closedReason(week, "2026-12-23", "09:00", "18:00")).toBeNull();
    expect(closedReason(week, "2026-12-25", "10:00", "10:30")).toEqual({ kind: "closure", closure });
    expect(closedReason(week, "2026-12-27", "09:00", "09:30")).toEqual({
      kind: "outside-hours",
      ranges: [{ start: "09:30", end: "16:00" }],
    });
    expect(closedLabel({ kind: "closure", closure })).toBe("Shop closed: Christmas");
  });

  it("groups neighbouring days with the same hours into one line, Monday first", () => {
    expect(weekLines(DEFAULT_SETTINGS.openingHours).map((line) => line.label)).toEqual([
      "Monday – Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(
      formatRanges([
        { start: "08:30", end: "12:00" },
        { start: "13:00", end: "00:15" },
      ]),
    ).toBe("08:30 – 12:00, 13:00 – 00:15");
  });

  it("announces closures that cover today or the coming 14 days", () => {
    const later = { from: "2027-01-20", to: "2027-01-21", note: "" };
    const past = { from: "2026-12-01", to: "2026-12-02", note: "" };
    expect(upcomingClosures([later, closure, past], "2026-12-11")).toEqual([closure]);
    expect(upcomingClosures([closure], "2026-12-26")).toEqual([closure]);
    expect(upcomingClosures([closure], "2026-12-27")).toEqual([]);
    expect(formatDateRange(closure)).toBe("Thursday 24 December – Saturday 26 December");
    expect(formatDateRange({ ...closure, to: "2027-01-02" })).toBe("Thursday 24 December – Saturday 2 January");
  });
});
