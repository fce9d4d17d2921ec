import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { saveSettings } from "~/features/settings/settings.server";
import { MEMBER_HAS_BOOKINGS_MESSAGE, type TeamMember } from "~/features/team/team.schema";
import { addDays, fromMinutes, shopToday, toMinutes } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { AvailableTime } from "./rules/availability";
import { type AdminSlot } from "./booking-answers.schema";
import { NOT_ENOUGH_TIME_MESSAGE } from "./booking-messages.schema";

const customer = {
  customerName: "Sam Taylor",
  customerEmail: "sam@example.com",
  customerPhone: "07911 123456",
  notes: "",
};

let api: TestApi;
let admin: TestClient;
const services: Record<"cut" | "colour" | "full", string> = { cut: "", colour: "", full: "" };
const team: Record<"alex" | "bea" | "cal", TeamMember> = {} as never;

/** The Wednesdays ahead (the first at least three days away), one per test that needs a clean day. */
const wednesdays = (() => {
  let date = addDays(shopToday(), 3);
  while (dayOfWeek(date) !== 3) date = addDays(date, 1);
  return Array.from({ length: 7 }, (_, index) => addDays(date, index * 7));
})();

const times = async (date: string, ids: string[], member?: number) =>
  (
    await api
      .anonymous()
      .get(`/api/availability?date=${date}&services=${ids.join(",")}${member ? `&member=${member}` : ""}`)
  ).body as AvailableTime[];

const book = (body: object) => api.anonymous().post("/api/bookings", { ...customer, ...body });

beforeAll(async () => {
  api = await startTestApi({
    onDisk: true,
    env: { BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair" };
  for (const [key, title, duration] of [
    ["cut", "Scissor Cut", 30],
    ["colour", "Colour", 60],
    ["full", "Full Service", 90],
  ] as const) {
    services[key] = String((await admin.post("/api/services", { ...service, title, price: 20, duration })).body.id);
  }
  const everyOpenDay = DEFAULT_SETTINGS.openingHours;
  const make = async (name: string, serviceIds: string[], weeklyHours: object, timeOff: object[] = []) => {
    const response = await admin.post("/api/team", { name, bio: "", image: null, serviceIds, weeklyHours, timeOff });
    expect(response.status).toBe(201);
    return response.body as TeamMember;
  };
  team.alex = await make(
    "Alex",
    [services.cut, services.colour, services.full],
    [2, 3, 4, 5, 6].map((day) => ({
      day,
      ranges: [
        { start: "09:00", end: "12:30" },
        { start: "13:30", end: "17:00" },
      ],
    })),
    [{ from: wednesdays[5], to: wednesdays[5], note: "Dentist" }],
  );
  team.bea = await make("Bea", [services.cut], everyOpenDay);
  team.cal = await make(
    "Cal",
    [services.cut, services.colour, services.full],
    [{ day: 3, ranges: [{ start: "12:00", end: "16:00" }] }],
  );
});
afterAll(() => api.close());

describe("GET /api/availability", () => {
  it.each([30, 60, 90])("offers a %i-minute booking only where it fits around Alex's lunch break", async (length) => {
    const id = { 30: services.cut, 60: services.colour, 90: services.full }[length]!;
    const offered = await times(wednesdays[0]!, [id], team.alex.id);
    expect(offered[0]).toEqual({
      startTime: "09:00",
      endTime: fromMinutes(9 * 60 + length),
      memberId: team.alex.id,
      memberName: "Alex",
    });
    for (const time of offered) {
      const start = toMinutes(time.startTime);
      expect(toMinutes(time.endTime) - start).toBe(length);
      expect(start + length <= 12 * 60 + 30 || start >= 13 * 60 + 30, time.startTime).toBe(true);
      expect(start + length).toBeLessThanOrEqual(17 * 60);
    }
  });

  it("offers only members who do every chosen service, one entry per time and member", async () => {
    const cutOnly = await times(wednesdays[0]!, [services.cut]);
    expect(new Set(cutOnly.map((time) => time.memberName))).toEqual(new Set(["Alex", "Bea", "Cal"]));
    const withColour = await times(wednesdays[0]!, [services.cut, services.colour]);
    expect(new Set(withColour.map((time) => time.memberName))).toEqual(new Set(["Alex", "Cal"]));
    expect(withColour.every((time) => toMinutes(time.endTime) - toMinutes(time.startTime) === 90)).toBe(true);
  });

  it("lists the dates with a fitting time: not time off, not closures, not past the horizon", async () => {
    const from = shopToday();
    const to = addDays(from, 70);
    const url = (member: number) =>
      `/api/availability/dates?from=${from}&to=${to}&services=${services.full}&member=${member}`;
    const alexDates = (await api.anonymous().get(url(team.alex.id))).body as string[];
    expect(alexDates).toContain(wednesdays[4]);
    expect(alexDates).not.toContain(wednesdays[5]); // time off
    expect(alexDates.every((date) => dayOfWeek(date) >= 2)).toBe(true); // never Sunday or Monday
    expect(alexDates.at(-1)! <= addDays(from, 56)).toBe(true);
    const calDates = (await api.anonymous().get(url(team.cal.id))).body as string[];
    expect(calDates.every((date) => dayOfWeek(date) === 3)).toBe(true);

    await saveSettings(api.db, {
      ...DEFAULT_SETTINGS,
      closures: [{ from: wednesdays[4]!, to: wednesdays[4]!, note: "Staff training" }],
    });
    try {
      expect((await api.anonymous().get(url(team.alex.id))).body).not.toContain(wednesdays[4]);
      expect(await times(wednesdays[4]!, [services.cut])).toEqual([]);
    } finally {
      await saveSettings(api.db, DEFAULT_SETTINGS);
    }
  });

  it("sees hours and time off changed straight in the database (another instance, a script) at the next request", async () => {
    // Cal works Wednesdays 12:00–16:00; the schedules are kept in memory under the content version.
    const date = wednesdays[6]!;
    const calStarts = async () => (await times(date, [services.cut], team.cal.id)).map((time) => time.startTime);
    expect((await calStarts())[0]).toBe("12:00");
    await api.db
      .updateTable("team_member_hours")
      .set({ start_time: "14:00" })
      .where("member_id", "=", team.cal.id)
      .execute();
    expect((await calStarts())[0]).toBe("14:00");
    await api.db
      .insertInto("team_member_time_off")
      .values({ member_id: team.cal.id, position: 0, from_date: date, to_date: date, note: "Away" })
      .execute();
    expect(await calStarts()).toEqual([]);
    await api.db.deleteFrom("team_member_time_off").where("member_id", "=", team.cal.id).execute();
    await api.db
      .updateTable("team_member_hours")
      .set({ start_time: "12:00" })
      .where("member_id", "=", team.cal.id)
      .execute();
    expect((await calStarts())[0]).toBe("12:00");
  });

  it("refuses a malformed query with a 400", async () => {
    expect((await api.anonymous().get(`/api/availability?date=2026-02-30&services=${services.cut}`)).status).toBe(400);
    expect((await api.anonymous().get(`/api/availability?date=${wednesdays[0]}`)).body.message).toBe(
      "Please select at least one service",
    );
  });
});

describe("POST /api/bookings", () => {
  it("books a 90-minute service with a chosen barber, then skips the booked span and refuses an overlap", async () => {
    const date = wednesdays[1]!;
    const response = await book({
      date,
      startTime: "09:00",
      services: [services.full],
      memberId: String(team.alex.id),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      date,
      startTime: "09:00",
      endTime: "10:30",
      duration: 90,
      memberId: team.alex.id,
      memberName: "Alex",
      services: [{ title: "Full Service", duration: 90 }],
    });
    expect(response.body.reference).toMatch(/^OB-/);
    expect(response.body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const after = (await times(date, [services.cut], team.alex.id)).map((time) => time.startTime);
    expect(after[0]).toBe("10:30");
    const overlap = await book({
      date,
      startTime: "10:00",
      services: [services.cut],
      memberId: team.alex.id,
      customerEmail: "next@example.com",
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toEqual({ message: NOT_ENOUGH_TIME_MESSAGE });
    // Another barber is free at the same time (for another customer).
    expect(
      (
        await book({
          date,
          startTime: "09:00",
          services: [services.cut],
          memberId: team.bea.id,
          customerEmail: "next@example.com",
        })
      ).status,
    ).toBe(201);

    const listed = ((await admin.get(`/api/booking-slots?admin=true&from=${date}`)).body as AdminSlot[]).filter(
      (slot) => slot.date === date,
    );
    expect(listed.find((slot) => slot.reference === response.body.reference)).toMatchObject({
      memberId: team.alex.id,
      memberName: "Alex",
      startTime: "09:00",
      endTime: "10:30",
      status: "booked",
      customerName: "Sam Taylor",
    });
    const manage = await api.anonymous().get(`/api/bookings/manage/${response.body.manageToken}`);
    expect(manage.body).toMatchObject({ memberName: "Alex", endTime: "10:30" });
    const ics = await api.anonymous().get(`/api/bookings/manage/${response.body.manageToken}/calendar.ics`);
    expect(ics.text).toContain("Barber: Alex");
  });

  it("with Anyone, gives the time to the free member with the fewest bookings that day", async () => {
    const date = wednesdays[2]!;
    expect((await book({ date, startTime: "09:00", services: [services.cut], memberId: team.alex.id })).status).toBe(
      201,
    );
    const first = await book({ date, startTime: "12:00", services: [services.cut] });
    expect(first.status).toBe(201);
    // Alex has one booking already; Bea and Cal none, and Bea comes first in the team's order.
    expect(first.body.memberName).toBe("Bea");
    const second = await book({ date, startTime: "13:00", services: [services.cut] });
    expect(second.body.memberName).toBe("Cal");
    // Only Alex and Cal do Colour; Cal's 13:00 booking runs to 13:30, so at 13:00 it must be Alex.
    const third = await book({ date, startTime: "13:30", services: [services.colour], memberId: "any" });
    expect(third.status).toBe(201);
    expect(third.body.memberName).toBe("Alex");
  });

  it("refuses a time outside every member's hours with the 409, and customer fields with the spec's messages", async () => {
    const date = wednesdays[0]!;
    const late = await book({ date, startTime: "17:45", services: [services.full] });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(NOT_ENOUGH_TIME_MESSAGE);
    for (const [patch, message] of [
      [{ customerName: "S" }, "Name must be at least 2 characters"],
      [{ customerEmail: "sam.example.com" }, "Please enter a valid email address"],
      [{ customerPhone: "12345" }, "Please enter a valid UK phone number"],
      [{ services: [] }, "Please select at least one service"],
    ] as const) {
      const response = await book({ date, startTime: "09:00", services: [services.cut], ...patch });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const wrongBarber = await book({ date, startTime: "09:00", services: [services.colour], memberId: team.bea.id });
    expect(wrongBarber.status).toBe(400);
  });

  it("keeps manual slots alongside: a member's slot holds their time, and PATCH refuses what runs into the next booking", async () => {
    const date = wednesdays[3]!;
    const slot = await admin.post("/api/booking-slots", {
      date,
      startTime: "10:00",
      endTime: "10:30",
      memberId: team.alex.id,
    });
    expect(slot.status).toBe(201);
    expect(slot.body).toMatchObject({ memberId: team.alex.id, memberName: "Alex" });
    const offered = (await times(date, [services.cut], team.alex.id)).map((time) => time.startTime);
    expect(offered).not.toContain("10:00");
    expect(offered).not.toContain("09:45");
    expect(offered).toContain("10:30");
    // Another member may have a slot at the same time.
    expect(
      (await admin.post("/api/booking-slots", { date, startTime: "10:00", endTime: "10:30", memberId: team.bea.id }))
        .status,
    ).toBe(201);
    expect(
      (
        await book({
          date,
          startTime: "10:30",
          services: [services.cut],
          memberId: team.alex.id,
          customerEmail: "half-past@example.com",
        })
      ).status,
    ).toBe(201);
    const tooLong = await api
      .anonymous()
      .patch(`/api/booking-slots/${slot.body.id}`, { ...customer, services: [services.colour] });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.message).toBe(NOT_ENOUGH_TIME_MESSAGE);
    const fits = await api
      .anonymous()
      .patch(`/api/booking-slots/${slot.body.id}`, { ...customer, services: [services.cut] });
    expect(fits.status).toBe(200);
    expect(fits.body).toMatchObject({ memberName: "Alex", endTime: "10:30" });
  });

  it("frees the time when the shop cancels, and refuses to delete a member with bookings to come", async () => {
    const date = wednesdays[4]!;
    const booked = await book({ date, startTime: "14:00", services: [services.cut], memberId: team.cal.id });
    expect(booked.status).toBe(201);
    const refused = await admin.delete(`/api/team/${team.cal.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MEMBER_HAS_BOOKINGS_MESSAGE);

    const slots = (await admin.get(`/api/booking-slots?admin=true&from=${date}`)).body as AdminSlot[];
    const mine = slots.find((slot) => slot.reference === booked.body.reference)!;
    expect((await admin.post(`/api/booking-slots/${mine.id}/cancel`)).status).toBe(200);
    expect((await times(date, [services.cut], team.cal.id)).map((time) => time.startTime)).toContain("14:00");
    // The released appointment is neither on offer as a slot nor listed to the admin.
    const publicSlots = (await api.anonymous().get("/api/booking-slots")).body as Array<{ id: number }>;
    expect(publicSlots.map((entry) => entry.id)).not.toContain(mine.id);
    const after = (await admin.get(`/api/booking-slots?admin=true&from=${date}`)).body as AdminSlot[];
    expect(after.map((slot) => slot.id)).not.toContain(mine.id);
  });
});

describe("concurrency", () => {
  it("50 customers booking overlapping times across 3 members at once: no member is double-booked", async () => {
    const date = wednesdays[6]!;
    const ids = [services.cut, services.colour, services.full];
    const members = [team.alex.id, team.bea.id, team.cal.id, undefined];
    const starts = ["12:00", "12:15", "12:30", "12:45", "13:00", "13:30", "14:00"];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        book({
          date,
          startTime: starts[index % starts.length],
          services: [index % 3 === 0 ? services.cut : ids[index % ids.length]!],
          memberId: members[index % members.length],
          customerEmail: `racer${index}@example.com`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409 || status === 400)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(2);

    const rows = await api.db
      .selectFrom("booking_slots as s")
      .innerJoin("bookings as b", "b.slot_id", "s.id")
      .select(["s.member_id", "s.start_time", "s.end_time", "b.duration_minutes"])
      .where("s.date", "=", date)
      .where("b.status", "=", "confirmed")
      .execute();
    expect(rows.length).toBe(statuses.filter((status) => status === 201).length);
    for (const row of rows) expect(toMinutes(row.end_time) - toMinutes(row.start_time)).toBe(row.duration_minutes);
    for (const a of rows)
      for (const b of rows)
        if (a !== b && a.member_id === b.member_id)
          expect(a.start_time >= b.end_time || b.start_time >= a.end_time, `${a.start_time} / ${b.start_time}`).toBe(
            true,
          );
  });
});
