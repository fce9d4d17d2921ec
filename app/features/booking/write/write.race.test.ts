import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi } from "../../../../tests/support/test-app";

/*
 * Decision 049: every write of a booking's time claims it inside the one booking-time transaction, so a lost race
 * is a 409 on either database, never a 500. On a file database (or PostgreSQL with TEST_DATABASE_URL): the
 * owner's walk-in against online bookings for the same time. (A waitlist claim against online bookings is
 * raced in waitlist.race.test.ts.) Bea works 10:00–10:30, so the day has one time.
 */

let api: TestApi;
let serviceId = "";
let memberId = 0;

const workday = (() => {
  let date = addDays(shopToday(), 5);
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 1) date = addDays(date, 1);
  return date;
})();

beforeAll(async () => {
  api = await startTestApi({
    onDisk: true,
    env: { BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  const admin = await api.admin();
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  const weeklyHours = [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "10:00", end: "10:30" }] }));
  const member = { name: "Bea", bio: "", image: null, serviceIds: [serviceId], weeklyHours, timeOff: [] };
  memberId = (await admin.post("/api/team", member)).body.id;
});
afterAll(async () => {
  await api.close();
});

const book = (email: string) =>
  api.anonymous().post("/api/bookings", {
    customerName: "Racing Customer",
    customerEmail: email,
    customerPhone: "07911 123456",
    services: [serviceId],
    date: workday,
    startTime: "10:00",
    memberId,
  });

describe("a walk-in racing online bookings for one time", () => {
  it("books exactly one of them; every other is told the time is gone (409), none is a server error", async () => {
    const admin = await api.admin();
    const answers = await Promise.all([
      admin.post("/api/bookings/walk-in", { services: [serviceId], memberId, date: workday, startTime: "10:00" }),
      ...Array.from({ length: 12 }, (_, index) => book(`rival${index}@example.test`)),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array(12).fill(409));
    const held = await api.db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select("b.id")
      .where("s.date", "=", workday)
      .where("b.status", "=", "confirmed")
      .execute();
    expect(held).toHaveLength(1);
  });
});
