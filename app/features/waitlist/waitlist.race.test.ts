import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays, shopToday } from "~/lib/shop-time";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi } from "../../../tests/support/test-app";

/*
 * Races for a waitlist's time on a file database (or PostgreSQL): the claim of an offer against new bookings
 * for the same time, and the offer itself against bookings for the time that just freed. Bea works
 * 10:00–10:30, so each day has one time.
 */

const LINK = /\/waitlist\/([A-Za-z0-9_-]{43})/;
let sink: SmtpSink;
let api: TestApi;
let serviceId = "";
let memberId = 0;

const workdays = (() => {
  const days: string[] = [];
  for (let date = addDays(shopToday(), 5); days.length < 4; date = addDays(date, 1))
    if (dayOfWeek(date) !== 0 && dayOfWeek(date) !== 1) days.push(date);
  return days;
})();

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({
    onDisk: true,
    env: { SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  const admin = await api.admin();
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  const weeklyHours = [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "10:00", end: "10:30" }] }));
  memberId = (
    await admin.post("/api/team", {
      name: "Bea",
      bio: "",
      image: null,
      serviceIds: [serviceId],
      weeklyHours,
      timeOff: [],
    })
  ).body.id;
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const book = (email: string, date: string) =>
  api.anonymous().post("/api/bookings", {
    customerName: "Racing Customer",
    customerEmail: email,
    customerPhone: "07911 123456",
    services: [serviceId],
    date,
    startTime: "10:00",
    memberId,
  });

/** The day's time, booked, with one customer waiting; answers the booking's manage token. */
async function fullDayWithWaiter(date: string, waiter: string) {
  const booked = await book(`first-${date}@example.test`, date);
  expect(booked.status).toBe(201);
  const joined = await api.anonymous().post("/api/waitlist", {
    customerName: "Wendy Waiter",
    customerEmail: waiter,
    customerPhone: "07911 123456",
    date,
    services: [serviceId],
  });
  expect(joined.status).toBe(201);
  return booked.body.manageToken as string;
}

const confirmedAtTen = async (date: string) =>
  api.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.customer_email"])
    .where("s.date", "=", date)
    .where("s.start_time", "=", "10:00")
    .where("b.status", "=", "confirmed")
    .execute();

describe("races for a waitlist's time", () => {
  it("a claim racing 20 new bookings for the same time: exactly one wins, the claim", async () => {
    const date = workdays[0]!;
    const waiter = "wendy.claims@example.test";
    const token = await fullDayWithWaiter(date, waiter);
    expect((await api.anonymous().post(`/api/bookings/manage/${token}/cancel`)).status).toBe(200);
    await api.runJobs();
    const mail = sink.to(waiter).find((message) => message.subject.startsWith("A time has freed up"));
    const offer = LINK.exec(mail!.leaves[0]!.body)![1]!;

    const answers = await Promise.all([
      api.anonymous().post(`/api/waitlist/${offer}/claim`),
      ...Array.from({ length: 20 }, (_, index) => book(`rival${index}-${date}@example.test`, date)),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses[0]).toBe(201);
    // Every losing booking is told the time is gone, as any lost race is (decision 049).
    expect(statuses.slice(1)).toEqual(Array(20).fill(409));
    expect(await confirmedAtTen(date)).toEqual([{ customer_email: waiter }]);
  });

  it("the offer job racing 20 new bookings for the freed time: one holder, and never a double booking", async () => {
    const date = workdays[1]!;
    const waiter = "wendy.races@example.test";
    const token = await fullDayWithWaiter(date, waiter);
    expect((await api.anonymous().post(`/api/bookings/manage/${token}/cancel`)).status).toBe(200);
    const [, ...answers] = await Promise.all([
      api.runJobs(),
      ...Array.from({ length: 20 }, (_, index) => book(`rush${index}-${date}@example.test`, date)),
    ]);
    await api.runJobs();
    const won = answers.filter((answer) => answer.status === 201);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const held = await api.db
      .selectFrom("booking_slots")
      .select("id")
      .where("date", "=", date)
      .where("status", "=", "booked")
      .execute();
    // The one time is held by exactly one: a new booking, or the offer to the customer waiting.
    expect(held).toHaveLength(1);
    const offered = await api.db
      .selectFrom("waitlist_entries")
      .select("status")
      .where("date", "=", date)
      .executeTakeFirstOrThrow();
    expect(won.length + (offered.status === "offered" ? 1 : 0)).toBe(1);
  });
});
