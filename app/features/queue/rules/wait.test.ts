import { describe, expect, it } from "vitest";
import type { AvailabilityRules, BusySpan, MemberSchedule } from "~/features/booking/rules/availability";
import { estimateQueue, type QueuedEntry } from "./wait";

/* The hand-built day of issue 33: three barbers with bookings and a block, entries named and "first free". */

const DAY = "2026-12-01"; // a Tuesday, GMT
const at = (time: string, seconds = 0) => new Date(`${DAY}T${time}:${String(seconds).padStart(2, "0")}Z`);
const hours = [1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "18:00" }] }));
const rules: AvailabilityRules = {
  openingHours: hours,
  closures: [],
  minimumNoticeMinutes: 120,
  bookingHorizonWeeks: 8,
  slotIntervalMinutes: 15,
  bookingBufferMinutes: 0,
};
const CUT = 1; // 30 minutes
const BEARD = 2; // 15 minutes
const barber = (id: number, name: string, serviceIds: number[]): MemberSchedule => ({
  id,
  name,
  serviceIds,
  weeklyHours: hours,
  timeOff: [],
});
const [ada, ben, cal] = [barber(1, "Ada", [CUT, BEARD]), barber(2, "Ben", [CUT, BEARD]), barber(3, "Cal", [CUT])];
const members = [ada, ben, cal];
const span = (memberId: number, startTime: string, endTime: string): BusySpan => ({
  memberId,
  date: DAY,
  startTime,
  endTime,
});
const busy = [
  span(1, "10:00", "10:30"),
  span(1, "11:00", "12:00"),
  span(2, "09:30", "10:20"), // Ben's block
  span(2, "10:45", "11:15"),
  span(3, "10:00", "11:00"),
  span(3, "10:00", "11:00"),
  { ...span(3, "09:00", "18:00"), date: "2026-12-02" }, // another day: no bearing
];
const entry = (id: number, memberId: number | null, serviceIds: number[], lengthMinutes: number): QueuedEntry => ({
  id,
  memberId,
  serviceIds,
  lengthMinutes,
  status: "waiting",
});
const entries = [
  entry(1, null, [CUT], 30),
  entry(2, ben.id, [BEARD], 15),
  entry(3, null, [CUT, BEARD], 45),
  entry(4, null, [CUT], 30),
  entry(5, ada.id, [CUT], 30),
];

const summary = (estimates: ReturnType<typeof estimateQueue>) =>
  Object.fromEntries(
    [...estimates.byEntry].map(([id, estimate]) => [
      id,
      `${estimate.estimatedStart} ${estimate.waitMinutes} ${estimate.memberId}`,
    ]),
  );

describe("the wait, to the minute", () => {
  it("places each entry in order of joining at the earliest fitting start, around bookings and blocks", () => {
    const estimates = estimateQueue({ now: at("10:00"), members, rules, busy, entries });
    expect(summary(estimates)).toEqual({
      1: "10:30 30 1", // first free: Ada fits 30 before her 11:00; Ben's next gap is 11:15, Cal's 11:00
      2: "10:20 20 2", // Ben, asked for: after his block, 15 minutes before his 10:45
      3: "11:15 75 2", // 45 minutes: Ada only at 12:00, Ben at 11:15, Cal does not beard
      4: "11:00 60 3", // Cal is free at 11:00
      5: "12:00 120 1", // Ada asked for: after her 11:00–12:00 booking
    });
    expect(members.map((member) => estimates.waitFor(member, 30))).toEqual([150, 120, 90]);
  });

  it("moves everyone behind up when one leaves", () => {
    const estimates = estimateQueue({ now: at("10:00"), members, rules, busy, entries: entries.slice(1) });
    expect(summary(estimates)).toEqual({
      2: "10:20 20 2",
      3: "11:15 75 2", // Ada's 10:30–11:00 gap is too short for 45 minutes
      4: "10:30 30 1", // that gap is now free for 30
      5: "12:00 120 1",
    });
  });

  it("follows a new booking and a cancelled one", () => {
    const booked = estimateQueue({
      now: at("10:00"),
      members,
      rules,
      busy: [...busy, span(1, "10:30", "11:00")],
      entries,
    });
    expect(summary(booked)[1]).toBe("11:00 60 3");
    const cancelled = estimateQueue({ now: at("10:00"), members, rules, busy: busy.slice(1), entries });
    expect(summary(cancelled)[1]).toBe("10:00 0 1"); // Ada's chair is free now: no wait
  });

  it("starts from the next whole minute, and counts the wait from it", () => {
    const estimates = estimateQueue({
      now: at("10:21", 30),
      members,
      rules,
      busy,
      entries: [entry(9, null, [CUT], 30)],
    });
    // Ada at 10:30 (9 minutes after 10:22 rounded up), Ben's gap 10:22–10:45 fits 23 minutes only.
    expect(summary(estimates)).toEqual({ 9: "10:30 8 1" });
  });

  it("gives a tie to the barber listed first, and holds a called entry's barber from now", () => {
    const free = estimateQueue({ now: at("12:00"), members, rules, busy, entries: [entry(1, null, [CUT], 30)] });
    expect(summary(free)).toEqual({ 1: "12:00 0 1" });
    const called: QueuedEntry = { ...entry(7, null, [CUT], 30), status: "called", heldBy: ada.id };
    const withCalled = estimateQueue({
      now: at("12:00"),
      members,
      rules,
      busy,
      entries: [called, entry(1, null, [CUT], 30), entry(2, ada.id, [CUT], 30)],
    });
    expect(summary(withCalled)).toEqual({ 7: "null 0 1", 1: "12:00 0 2", 2: "12:30 30 1" });
  });

  it("answers no time for an entry nobody can fit in before the end of their day", () => {
    const estimates = estimateQueue({
      now: at("17:50"),
      members,
      rules,
      busy,
      entries: [entry(1, null, [CUT], 30)],
    });
    expect(summary(estimates)).toEqual({ 1: "null null null" });
    expect(estimates.waitFor(ada, 30)).toBeNull();
  });

  it("keeps the buffer after every booking and queued entry, as the walk-in path does", () => {
    const estimates = estimateQueue({
      now: at("10:00"),
      members,
      rules: { ...rules, bookingBufferMinutes: 5 },
      busy,
      entries: [entry(1, ada.id, [CUT], 30), entry(2, ada.id, [CUT], 30)],
    });
    // Ada: 10:35 would end 11:10 with its buffer, past her 11:00: after 12:05 then, and 12:40 for the next.
    expect(summary(estimates)).toEqual({ 1: "12:05 125 1", 2: "12:40 160 1" });
  });
});
