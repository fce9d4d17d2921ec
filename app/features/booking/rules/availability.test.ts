import { describe, expect, it } from "vitest";
import { dayOfWeek as weekday } from "~/features/settings/opening-hours";
import { shopInstant } from "~/lib/shop-time";
import {
  availableDates,
  availableTimes,
  memberStartTimes,
  type AvailabilityRules,
  type BusySpan,
  type MemberSchedule,
} from "./availability";

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start, end }] }));

const rules: AvailabilityRules = {
  openingHours: weekdays("09:00", "18:00"),
  closures: [{ from: "2026-12-25", to: "2026-12-26", note: "Christmas" }],
  minimumNoticeMinutes: 120,
  bookingHorizonWeeks: 8,
  slotIntervalMinutes: 15,
  bookingBufferMinutes: 0,
};

// Tuesday 1 December 2026, 08:00 in London (GMT).
const now = new Date("2026-12-01T08:00:00Z");
const wednesday = "2026-12-02";

const lunchBreak: MemberSchedule = {
  id: 1,
  name: "Marcus",
  serviceIds: [10, 20],
  weeklyHours: [2, 3, 4].map((day) => ({
    day,
    ranges: [
      { start: "09:00", end: "12:30" },
      { start: "13:30", end: "17:00" },
    ],
  })),
  timeOff: [{ from: "2026-12-09", to: "2026-12-10", note: "Holiday" }],
};
const partTime: MemberSchedule = {
  id: 2,
  name: "Dev",
  serviceIds: [10],
  weeklyHours: [{ day: 3, ranges: [{ start: "12:00", end: "16:00" }] }],
  timeOff: [],
};

const starts = (member: MemberSchedule, date: string, length: number, busy: BusySpan[] = [], at = now, r = rules) =>
  memberStartTimes(member, date, length, r, busy, at);

describe("memberStartTimes", () => {
  it.each([10, 15, 30, 45, 60, 85, 90, 120])("fits a %i-minute booking around the lunch break", (length) => {
    const times = starts(lunchBreak, wednesday, length);
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      const [h = 0, m = 0] = time.split(":").map(Number);
      const start = h * 60 + m;
      const end = start + length;
      const morning = start >= 9 * 60 && end <= 12 * 60 + 30;
      const afternoon = start >= 13 * 60 + 30 && end <= 17 * 60;
      expect(morning || afternoon, `${time} + ${length}`).toBe(true);
      expect(m % 15).toBe(0);
    }
    // The last start of each range leaves exactly enough time.
    const lastMorning = 12 * 60 + 30 - length - ((12 * 60 + 30 - length) % 15);
    if (lastMorning >= 9 * 60)
      expect(times).toContain(
        `${String(Math.floor(lastMorning / 60)).padStart(2, "0")}:${String(lastMorning % 60).padStart(2, "0")}`,
      );
  });

  it("offers nothing longer than the longest working range", () => {
    expect(starts(lunchBreak, wednesday, 211)).toEqual([]);
    expect(starts(lunchBreak, wednesday, 210)).toEqual(["09:00", "13:30"]);
  });

  it("keeps to the shop's opening hours even when the member's pattern is wider", () => {
    const early = { ...partTime, weeklyHours: [{ day: 3, ranges: [{ start: "07:00", end: "10:00" }] }] };
    expect(starts(early, wednesday, 60)).toEqual(["09:00"]);
  });

  it("offers nothing on a day off, a closure or time off", () => {
    expect(starts(lunchBreak, "2026-12-07", 30)).toEqual([]); // Monday: not working
    expect(starts(lunchBreak, "2026-12-09", 30)).toEqual([]); // time off
    expect(starts(lunchBreak, "2026-12-10", 30)).toEqual([]); // time off, last day inclusive
    expect(starts(lunchBreak, "2026-12-16", 30).length).toBeGreaterThan(0);
    const christmas = { ...lunchBreak, weeklyHours: [{ day: 5, ranges: [{ start: "09:00", end: "17:00" }] }] };
    expect(starts(christmas, "2026-12-25", 30)).toEqual([]);
    expect(starts(christmas, "2027-01-01", 30).length).toBeGreaterThan(0);
  });

  it("keeps the minimum notice", () => {
    // Wednesday 10:20 in London: with 120 minutes' notice the first start is 12:30 → the afternoon.
    const at = shopInstant(wednesday, "10:20");
    expect(starts(lunchBreak, wednesday, 30, [], at)[0]).toBe("13:30");
    const at2 = shopInstant(wednesday, "07:00");
    expect(starts(lunchBreak, wednesday, 30, [], at2)[0]).toBe("09:00");
    const at3 = shopInstant(wednesday, "07:01");
    expect(starts(lunchBreak, wednesday, 30, [], at3)[0]).toBe("09:15");
    expect(starts(lunchBreak, "2026-11-30", 30)).toEqual([]); // the past
  });

  it("counts the notice to the second, and on the days the clocks change", () => {
    const allDay: MemberSchedule = {
      ...partTime,
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "00:00", end: "23:59" }] })),
    };
    const open = { ...rules, openingHours: allDay.weeklyHours, minimumNoticeMinutes: 0, slotIntervalMinutes: 1 };
    // Every start of the day, asked two days ahead (no notice cut-off), then each converted on its own.
    const reference = (date: string, at: Date) =>
      starts(allDay, date, 1, [], new Date(at.getTime() - 2 * 86_400_000), open).filter(
        (time) => shopInstant(date, time).getTime() >= at.getTime(),
      );
    // 30 seconds past 10:20: 10:20 has begun, so the first start is 10:21.
    expect(
      starts(allDay, wednesday, 1, [], new Date(shopInstant(wednesday, "10:20").getTime() + 30_000), open)[0],
    ).toBe("10:21");
    // Summer time begins on 29 March 2026 and ends on 25 October 2026: every start agrees with its own instant.
    for (const [date, instants] of [
      ["2026-03-29", ["2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", "2026-03-29T01:59:30Z"]],
      ["2026-10-25", ["2026-10-25T00:30:00Z", "2026-10-25T01:00:00Z", "2026-10-25T01:30:10Z"]],
    ] as const) {
      for (const instant of instants) {
        const at = new Date(instant);
        expect(starts(allDay, date, 1, [], at, open)).toEqual(reference(date, at));
      }
    }
  });

  it("stops at the booking horizon", () => {
    const lastDay = "2027-01-26"; // today + 8 weeks, a Tuesday
    expect(starts(lunchBreak, lastDay, 30).length).toBeGreaterThan(0);
    expect(starts(lunchBreak, "2027-01-27", 30)).toEqual([]);
  });

  it.each([10, 45, 90, 120])("skips the span of an existing %i-minute booking", (length) => {
    const busy: BusySpan[] = [{ memberId: 1, date: wednesday, startTime: "10:00", endTime: "11:30" }];
    for (const time of starts(lunchBreak, wednesday, length, busy)) {
      const [h = 0, m = 0] = time.split(":").map(Number);
      const start = h * 60 + m;
      expect(start + length <= 600 || start >= 690, time).toBe(true);
    }
    expect(starts(lunchBreak, wednesday, length, busy)).toContain(length <= 60 ? "11:30" : "13:30");
  });

  it("ignores other members' bookings and other dates", () => {
    const busy: BusySpan[] = [
      { memberId: 2, date: wednesday, startTime: "09:00", endTime: "17:00" },
      { memberId: 1, date: "2026-12-03", startTime: "09:00", endTime: "17:00" },
    ];
    expect(starts(lunchBreak, wednesday, 30, busy)).toEqual(starts(lunchBreak, wednesday, 30));
  });

  it("keeps the buffer after the booking and after each existing one", () => {
    const buffered = { ...rules, bookingBufferMinutes: 15 };
    const busy: BusySpan[] = [{ memberId: 1, date: wednesday, startTime: "10:00", endTime: "10:30" }];
    const times = starts(lunchBreak, wednesday, 30, busy, now, buffered);
    expect(times).toContain("09:15"); // 09:15–09:45 + 15 ends at 10:00
    expect(times).not.toContain("09:30");
    expect(times).not.toContain("10:30"); // the 10:00 booking's buffer runs to 10:45
    expect(times).toContain("10:45");
    expect(times.at(-1)).toBe("16:15"); // 16:15 + 30 + 15 = 17:00
  });

  it("follows the grid setting", () => {
    const hourly = { ...rules, slotIntervalMinutes: 60 };
    expect(starts(partTime, wednesday, 45, [], now, hourly)).toEqual(["12:00", "13:00", "14:00", "15:00"]);
  });
});

describe("availableTimes and availableDates", () => {
  const team = [lunchBreak, partTime];

  it("offers only members who perform every chosen service", () => {
    const both = availableTimes(team, { date: wednesday, serviceIds: [10], lengthMinutes: 60 }, rules, [], now);
    expect(new Set(both.map((time) => time.memberId))).toEqual(new Set([1, 2]));
    const onlyMarcus = availableTimes(
      team,
      { date: wednesday, serviceIds: [10, 20], lengthMinutes: 60 },
      rules,
      [],
      now,
    );
    expect(new Set(onlyMarcus.map((time) => time.memberId))).toEqual(new Set([1]));
    expect(onlyMarcus[0]).toEqual({ startTime: "09:00", endTime: "10:00", memberId: 1, memberName: "Marcus" });
  });

  it("gives one member's times when asked, ordered by time", () => {
    const times = availableTimes(
      team,
      { date: wednesday, serviceIds: [10], lengthMinutes: 90, memberId: 2 },
      rules,
      [],
      now,
    );
    expect(times.map((time) => time.startTime)).toEqual([
      "12:00",
      "12:15",
      "12:30",
      "12:45",
      "13:00",
      "13:15",
      "13:30",
      "13:45",
      "14:00",
      "14:15",
      "14:30",
    ]);
    expect(times.every((time) => time.memberId === 2)).toBe(true);
  });

  it("lists only dates with a fitting time, within the horizon", () => {
    const dates = availableDates(
      team,
      { from: "2026-11-20", to: "2027-03-01", serviceIds: [10], lengthMinutes: 30 },
      rules,
      [],
      now,
    );
    expect(dates[0]).toBe("2026-12-01");
    expect(dates.at(-1)).toBe("2027-01-26"); // today + 8 weeks
    expect(dates).not.toContain("2026-12-07"); // nobody works Mondays
    expect(dates).not.toContain("2026-12-25");
    const partOnly = availableDates(
      team,
      { from: "2026-12-01", to: "2026-12-31", serviceIds: [10], lengthMinutes: 30, memberId: 2 },
      rules,
      [],
      now,
    );
    expect(partOnly.every((date) => weekday(date) === 3)).toBe(true);
    const full: BusySpan[] = [{ memberId: 2, date: "2026-12-02", startTime: "12:00", endTime: "16:00" }];
    expect(
      availableDates(
        team,
        { from: "2026-12-01", to: "2026-12-05", serviceIds: [10], lengthMinutes: 30, memberId: 2 },
        rules,
        full,
        now,
      ),
    ).toEqual([]);
  });
});
