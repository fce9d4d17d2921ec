import { describe, expect, it } from "vitest";
import { MEMBER_CANNOT_MESSAGE, NOT_ENOUGH_TIME_MESSAGE, SLOT_TAKEN_MESSAGE } from "../booking-messages.schema";
import type { AvailabilityRules, BusySpan, MemberSchedule } from "./availability";
import { PAST_DAY_MESSAGE, candidatesFor, endsByMidnight, freeForClaim, leastBookedFirst } from "./claim";

const hours = (start: string, end: string) => [1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start, end }] }));

const rules: AvailabilityRules = {
  openingHours: hours("09:00", "18:00"),
  closures: [{ from: "2026-12-25", to: "2026-12-26", note: "Christmas" }],
  minimumNoticeMinutes: 120,
  bookingHorizonWeeks: 8,
  slotIntervalMinutes: 15,
  bookingBufferMinutes: 0,
};

// Tuesday 1 December 2026, 08:00 in London.
const now = new Date("2026-12-01T08:00:00Z");
const wednesday = "2026-12-02";

const member = (id: number, name: string, serviceIds: number[]): MemberSchedule => ({
  id,
  name,
  serviceIds,
  weeklyHours: hours("09:00", "17:00"),
  timeOff: [{ from: "2026-12-09", to: "2026-12-09", note: "Off" }],
});
const marcus = member(1, "Marcus", [10, 20]);
const dev = member(2, "Dev", [10]);
const team = [marcus, dev];

const busy = (memberId: number, startTime: string, endTime: string): BusySpan => ({
  memberId,
  date: wednesday,
  startTime,
  endTime,
});

const claim = (patch: Partial<Parameters<typeof freeForClaim>[0]> = {}) => ({
  date: wednesday,
  startTime: "10:00",
  lengthMinutes: 30,
  candidates: team,
  ...patch,
});

describe("endsByMidnight", () => {
  it("lets an appointment end at midnight, not after", () => {
    expect(endsByMidnight("23:30", 30)).toBe(true);
    expect(endsByMidnight("23:45", 30)).toBe(false);
  });
});

describe("candidatesFor", () => {
  it("takes every member who does all the services for Anyone", () => {
    expect(candidatesFor(team, [10], undefined)).toEqual({ candidates: [marcus, dev], refusal: null });
    expect(candidatesFor(team, [10, 20], undefined).candidates).toEqual([marcus]);
  });

  it("refuses a chosen barber who does not do the services (400) or does not exist (404)", () => {
    expect(candidatesFor(team, [20], 2).refusal).toEqual({ status: 400, message: MEMBER_CANNOT_MESSAGE });
    expect(candidatesFor(team, [10], 99).refusal).toEqual({ status: 404, message: "Team member" });
    expect(candidatesFor(team, [10], 2)).toEqual({ candidates: [dev], refusal: null });
  });
});

describe("freeForClaim", () => {
  it("holds a customer to the engine's offered times", () => {
    expect(freeForClaim(claim(), rules, [busy(1, "10:00", "10:30")], now)).toEqual({
      free: [dev],
      refusal: NOT_ENOUGH_TIME_MESSAGE,
    });
    // Inside the two hours' notice: nobody, and the customer's refusal.
    expect(freeForClaim(claim({ date: "2026-12-01", startTime: "09:00" }), rules, [], now).free).toEqual([]);
  });

  it("lets the owner book inside the notice, and says why one barber cannot have the time", () => {
    expect(
      freeForClaim(claim({ date: "2026-12-01", startTime: "09:00", owner: { outsideHours: false } }), rules, [], now)
        .free,
    ).toEqual(team);
    const onlyMarcus = claim({ candidates: [marcus], owner: { outsideHours: false } });
    expect(freeForClaim(onlyMarcus, rules, [busy(1, "10:00", "11:00")], now).refusal).toBe(SLOT_TAKEN_MESSAGE);
    expect(freeForClaim({ ...onlyMarcus, startTime: "17:30" }, rules, [], now).refusal).toBe(
      `That time is outside Marcus's working hours. Tick "Outside hours" to place it there anyway.`,
    );
    expect(
      freeForClaim({ ...onlyMarcus, startTime: "17:30", owner: { outsideHours: true } }, rules, [], now).free,
    ).toEqual([marcus]);
    expect(freeForClaim({ ...onlyMarcus, date: "2026-12-09" }, rules, [], now).refusal).toBe(
      `Marcus is off on that day. Tick "Outside hours" to place it there anyway.`,
    );
  });

  it("refuses the owner a day that has passed", () => {
    expect(freeForClaim(claim({ date: "2026-11-30", owner: { outsideHours: true } }), rules, [], now)).toEqual({
      free: [],
      refusal: PAST_DAY_MESSAGE,
    });
  });
});

describe("leastBookedFirst", () => {
  it("gives Anyone's time to the member with the fewest bookings that day, a tie to the team's order", () => {
    expect(
      leastBookedFirst(team, [
        { memberId: 1, booked: 3 },
        { memberId: 2, booked: 1 },
      ]),
    ).toEqual([dev, marcus]);
    expect(leastBookedFirst(team, [])).toEqual([marcus, dev]);
  });
});
