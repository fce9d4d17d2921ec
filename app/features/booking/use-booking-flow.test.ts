import { describe, expect, it } from "vitest";
import type { Service } from "~/features/services/services.schema";
import { ANYONE, availabilityUrls, choicesFromSearch } from "./use-booking-flow";

const services = [{ id: 1 }, { id: 2 }] as Service[];
const today = "2026-11-23";
const choices = (query: string) => choicesFromSearch(new URLSearchParams(query), services, today);

describe("choicesFromSearch", () => {
  it("reads the choices the page's forms send", () => {
    expect(choices("service=2&service=1&barber=7&date=2026-12-02&time=time:10:00")).toEqual({
      serviceIds: ["1", "2"],
      memberChoice: "7",
      month: "2026-12",
      date: "2026-12-02",
      timeKey: "time:10:00",
    });
  });

  it("starts at today's month with Anyone and nothing chosen", () => {
    expect(choices("")).toEqual({ serviceIds: [], memberChoice: ANYONE, month: "2026-11", date: null, timeKey: "" });
  });

  it("drops unknown services, past or malformed dates and months, and a time without its date", () => {
    expect(choices("service=9&date=2026-11-22&month=2026-10&time=slot:3")).toMatchObject({
      serviceIds: [],
      month: "2026-11",
      date: null,
      timeKey: "",
    });
    expect(choices("date=2026-02-30&month=2027-13")).toMatchObject({ month: "2026-11", date: null });
    expect(choices("month=2027-01")).toMatchObject({ month: "2027-01" });
  });
});

describe("availabilityUrls", () => {
  it("asks for the month's dates and the date's times, with the member when one is chosen", () => {
    expect(availabilityUrls(["2", "1"], 7, "2026-12", "2026-12-02")).toEqual({
      dates: "/api/availability/dates?from=2026-12-01&to=2026-12-31&services=1,2&member=7",
      times: "/api/availability?date=2026-12-02&services=1,2&member=7",
    });
    expect(availabilityUrls([], undefined, "2026-12", "2026-12-02")).toEqual({ dates: null, times: null });
  });
});
