import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { newFormToken } from "./booking.schema";
import { NOT_ENOUGH_TIME_MESSAGE } from "./booking-messages.schema";

/*
 * One customer, one appointment at a time: the same form sent again answers the booking it made, and a
 * customer (one e-mail, in any case) cannot hold two confirmed appointments that overlap, unless the shop
 * books them on purpose. On a file database (or PostgreSQL), so simultaneous requests really race.
 */

const customer = {
  customerName: "Sam Taylor",
  customerEmail: "sam@example.com",
  customerPhone: "07911 123456",
  notes: "",
};

let api: TestApi;
let admin: TestClient;
let serviceId: string;
const team: TeamMember[] = [];

/** Wednesdays ahead (the first at least three days away), one per test. */
const wednesdays = (() => {
  let date = addDays(shopToday(), 3);
  while (dayOfWeek(date) !== 3) date = addDays(date, 1);
  return Array.from({ length: 7 }, (_, index) => addDays(date, index * 7));
})();

const book = (body: object, client: TestClient = api.anonymous()) =>
  client.post("/api/bookings", { ...customer, services: [serviceId], ...body });

/** The customer's confirmed bookings on a date. */
const confirmedOf = (email: string, date: string) =>
  api.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select("b.reference")
    .where("b.customer_email", "=", email)
    .where("b.status", "=", "confirmed")
    .where("s.date", "=", date)
    .execute();

const overlapMessage = (reference: string, date: string, time: string) =>
  `You already have a booking at ${time} on ${formatShopDate(date, "weekdayDate")} (${reference}). To change it, use the link in your confirmation.`;

beforeAll(async () => {
  api = await startTestApi({
    onDisk: true,
    env: { BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  admin = await api.admin();
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  for (const name of ["Imran", "Kelly", "Lee"]) {
    const member = { name, bio: "", image: null, serviceIds: [serviceId], weeklyHours: DEFAULT_SETTINGS.openingHours };
    const created = await admin.post("/api/team", { ...member, timeOff: [] });
    expect(created.status).toBe(201);
    team.push(created.body as TeamMember);
  }
});
afterAll(() => api.close());

describe("a booking form sent more than once", () => {
  it("answers the booking it made, with the same manage link, however often and however simultaneously", async () => {
    const date = wednesdays[0]!;
    const idempotencyKey = newFormToken();
    const body = { date, startTime: "12:00", memberId: team[0]!.id, idempotencyKey };
    const first = await book(body);
    expect(first.status).toBe(201);
    const again = await book(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const otherKey = newFormToken();
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        book({ date, startTime: "15:00", idempotencyKey: otherKey, customerEmail: "racer@example.com" }),
      ),
    );
    expect(racing.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(racing.map((answer) => answer.body.reference)).size).toBe(1);
    expect(new Set(racing.map((answer) => answer.body.manageToken)).size).toBe(1);
    expect(await confirmedOf("racer@example.com", date)).toHaveLength(1);
  });

  it("refuses the token with another customer's details, and a token that is not one", async () => {
    const date = wednesdays[1]!;
    const idempotencyKey = newFormToken();
    expect((await book({ date, startTime: "10:00", idempotencyKey })).status).toBe(201);
    const stranger = await book({ date, startTime: "10:00", idempotencyKey, customerEmail: "someone@example.com" });
    expect(stranger.status).toBe(409);
    expect(stranger.body).toEqual({
      message: "This booking form has already been used. Please reload the page to make another booking.",
    });
    expect(stranger.body.manageToken).toBeUndefined();

    const short = await book({ date, startTime: "11:00", idempotencyKey: "abc", customerEmail: "short@example.com" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("This booking form has expired. Please reload the page and try again.");
    expect(await confirmedOf("short@example.com", date)).toEqual([]);
  });
});

describe("one customer's overlapping appointments", () => {
  it("refuses a second appointment of the same customer (any case) overlapping the first, with another barber too", async () => {
    const date = wednesdays[2]!;
    const first = await book({ date, startTime: "12:00", memberId: team[0]!.id });
    expect(first.status).toBe(201);
    const reference = first.body.reference as string;
    for (const attempt of [
      { startTime: "12:00", memberId: team[1]!.id },
      { startTime: "11:45", memberId: team[1]!.id },
      { startTime: "12:15" },
    ]) {
      const refused = await book({ date, ...attempt, customerEmail: "SAM@Example.com" });
      expect(refused.status, attempt.startTime).toBe(409);
      expect(refused.body).toEqual({ message: overlapMessage(reference, date, "12:00") });
    }
    // Back to back is not an overlap; another customer at the same time is none of this rule's business.
    expect((await book({ date, startTime: "12:30", memberId: team[1]!.id })).status).toBe(201);
    expect((await book({ date, startTime: "12:00", customerEmail: "friend@example.com" })).status).toBe(201);
    expect(await confirmedOf("sam@example.com", date)).toHaveLength(2);

    // Once the first is cancelled, its time is the customer's to book again.
    expect((await api.anonymous().post(`/api/bookings/manage/${first.body.manageToken}/cancel`)).status).toBe(200);
    expect((await book({ date, startTime: "12:00" })).status).toBe(201);
  });

  it("lets only one of simultaneous overlapping bookings of one customer with different barbers through", async () => {
    const date = wednesdays[3]!;
    const answers = await Promise.all(
      team.map((member) => book({ date, startTime: "14:00", memberId: member.id, customerEmail: "dup@example.com" })),
    );
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 409, 409]);
    expect(await confirmedOf("dup@example.com", date)).toHaveLength(1);
  });

  it("lets the owner book overlapping appointments for a caller on purpose, and refuses a move onto one's own booking", async () => {
    const date = wednesdays[4]!;
    expect((await book({ date, startTime: "09:00", memberId: team[0]!.id }, admin)).status).toBe(201);
    expect((await book({ date, startTime: "09:00", memberId: team[1]!.id }, admin)).status).toBe(201);
    expect(await confirmedOf("sam@example.com", date)).toHaveLength(2);

    const later = await book({ date, startTime: "16:00", memberId: team[2]!.id, customerEmail: "mover@example.com" });
    const early = await book({ date, startTime: "10:00", memberId: team[2]!.id, customerEmail: "mover@example.com" });
    expect([later.status, early.status]).toEqual([201, 201]);
    const move = await api
      .anonymous()
      .post(`/api/bookings/manage/${later.body.manageToken}/reschedule`, { date, startTime: "10:00" });
    expect(move.status).toBe(409);
    expect(move.body).toEqual({ message: overlapMessage(early.body.reference, date, "10:00") });
  });
});

describe("what a stranger who knows a customer's address can learn by booking under it", () => {
  it("hears of the customer's booking only at a time the shop would offer but for that booking", async () => {
    const date = wednesdays[5]!;
    const own = await book({ date, startTime: "12:00", memberId: team[0]!.id, customerEmail: "kept@example.com" });
    expect(own.status).toBe(201);
    expect(
      (await book({ date, startTime: "12:00", memberId: team[1]!.id, customerEmail: "x@example.com" })).status,
    ).toBe(201);
    // Times nobody could book (another's, or before opening) answer as they would for anyone.
    for (const attempt of [
      { startTime: "12:00", memberId: team[1]!.id },
      { startTime: "06:00", memberId: team[2]!.id },
    ]) {
      const probe = await book({ date, ...attempt, customerEmail: "KEPT@example.com" });
      expect(probe.status, attempt.startTime).toBe(409);
      expect(probe.body).toEqual({ message: NOT_ENOUGH_TIME_MESSAGE });
    }
    // The customer's own time, sent again from another form: their booking is named, as issue 20 asks.
    const stale = await book({ date, startTime: "12:00", memberId: team[0]!.id, customerEmail: "kept@example.com" });
    expect(stale.body).toEqual({ message: overlapMessage(own.body.reference, date, "12:00") });
    expect(await confirmedOf("kept@example.com", date)).toHaveLength(1);
  });

  it("has each try that meets the customer's booking counted against the booking limits", async () => {
    const limited = await startTestApi({ onDisk: true, env: { BOOKING_MAX_PER_EMAIL_PER_HOUR: "3" } });
    try {
      const owner = await limited.admin();
      const service = { title: "Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
      const id = String((await owner.post("/api/services", { ...service, category: "hair" })).body.id);
      const barber = { name: "Imran", bio: "", image: null, serviceIds: [id], timeOff: [] };
      await owner.post("/api/team", { ...barber, weeklyHours: DEFAULT_SETTINGS.openingHours });
      const date = wednesdays[6]!;
      const tryAt = (startTime: string) =>
        limited.anonymous().post("/api/bookings", { ...customer, services: [id], date, startTime });
      expect((await tryAt("12:00")).status).toBe(201);
      expect((await tryAt("12:00")).status).toBe(409);
      expect((await tryAt("12:00")).status).toBe(409);
      const fourth = await tryAt("12:00");
      expect(fourth.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
