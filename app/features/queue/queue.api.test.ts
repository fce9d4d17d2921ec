import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startClockAt } from "~/lib/clock";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { startTwilioDouble, type TwilioDouble } from "../../../tests/support/twilio-double";

/*
 * The walk-in queue over the API (issue 33) with the shop's clock set: the hand-built day of the pure rule's
 * test (three barbers, bookings and a block, named and "first free" entries) to the minute, after each change.
 */

const DAY = "2026-12-01"; // a Tuesday, GMT: the shop opens 09:00–18:00
let api: TestApi;
let admin: TestClient;
let twilio: TwilioDouble;
const ids = { cut: "", beard: "", ada: 0, ben: 0, cal: 0 };

/** The shop's clock a few seconds before `time`, so a step of the test still reads that minute. */
const clockAt = (time: string) => startClockAt(new Date(new Date(`${DAY}T${time}:00Z`).getTime() - 10_000));

const hours = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "18:00" }] }));

async function barber(name: string, serviceIds: string[]) {
  const answer = await admin.post("/api/team", {
    name,
    bio: "",
    image: null,
    serviceIds,
    weeklyHours: hours,
    timeOff: [],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
}

async function setQueue(queue: Record<string, unknown>) {
  const settings = (await admin.get("/api/settings")).body;
  const saved = await admin.put("/api/settings", { ...settings, queue: { ...settings.queue, ...queue } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const walkIn = async (memberId: number, startTime: string, services = [ids.cut]) => {
  const answer = await admin.post("/api/bookings/walk-in", { services, memberId, date: DAY, startTime });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
};

let phones = 100;
const join = (body: Record<string, unknown>) => api.anonymous().post("/api/queue", { name: "Sam Taylor", ...body });

const estimates = async (tokens: string[]) =>
  Promise.all(
    tokens.map(async (token) => {
      const status = (await api.anonymous().get(`/api/queue/${token}`)).body;
      return `${status.position} ${status.estimatedStart} ${status.waitMinutes} ${status.status}`;
    }),
  );

beforeAll(async () => {
  twilio = await startTwilioDouble();
  api = await startTestApi({ env: { ...twilio.env, BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair" };
  ids.cut = String((await admin.post("/api/services", { ...service, title: "Cut", price: 20, duration: 30 })).body.id);
  ids.beard = String(
    (await admin.post("/api/services", { ...service, title: "Beard", price: 10, duration: 15 })).body.id,
  );
  ids.ada = await barber("Ada", [ids.cut, ids.beard]);
  ids.ben = await barber("Ben", [ids.cut, ids.beard]);
  ids.cal = await barber("Cal", [ids.cut]);
  clockAt("08:00");
  await walkIn(ids.ada, "10:00");
  await walkIn(ids.ada, "11:00");
  await walkIn(ids.ada, "11:30");
  await walkIn(ids.ben, "10:45");
  await walkIn(ids.cal, "10:00");
  await walkIn(ids.cal, "10:30");
  const block = await admin.post(`/api/team/${ids.ben}/blocks`, { date: DAY, start: "09:30", end: "10:20", note: "" });
  expect(block.status, JSON.stringify(block.body)).toBe(201);
});
afterAll(async () => {
  startClockAt(new Date());
  await api.close();
  await twilio.close();
});

describe("the queue's settings", () => {
  it("are off by default, and a closed queue says why and takes no names", async () => {
    expect((await admin.get("/api/settings")).body.queue).toEqual({
      enabled: false,
      maxWaiting: 15,
      closesBeforeCloseMinutes: 30,
      notifyMinutes: 10,
    });
    clockAt("10:00");
    const state = (await api.anonymous().get("/api/queue")).body;
    expect(state).toMatchObject({ open: false, reason: expect.stringContaining("not running"), waiting: 0 });
    const refused = await join({ serviceIds: [ids.cut] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(state.reason);
    const bad = await admin.put("/api/settings", {
      ...(await admin.get("/api/settings")).body,
      queue: { enabled: true, maxWaiting: 51, closesBeforeCloseMinutes: 30, notifyMinutes: 10 },
    });
    expect(bad.status).toBe(400);
  });
});

describe("the wait, to the minute, after each change", () => {
  const tokens: string[] = [];
  beforeEach(() => clockAt("10:00"));

  it("is computed from the day's bookings and block for named and first-free entries", async () => {
    await setQueue({ enabled: true, maxWaiting: 5 });
    const bodies = [
      { serviceIds: [ids.cut] },
      { serviceIds: [ids.beard], memberId: ids.ben },
      { serviceIds: [ids.cut, ids.beard] },
      { serviceIds: [ids.cut] },
      { serviceIds: [ids.cut], memberId: ids.ada },
    ];
    for (const [index, body] of bodies.entries()) {
      const joined = await join(body);
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      expect(joined.body).toMatchObject({ position: index + 1, status: "waiting" });
      expect(joined.body.statusUrl).toBe(`${api.config.publicUrl}/queue/${joined.body.token}`);
      tokens.push(joined.body.token);
    }
    expect(await estimates(tokens)).toEqual([
      "1 10:30 30 waiting",
      "2 10:20 20 waiting",
      "3 11:15 75 waiting",
      "4 11:00 60 waiting",
      "5 12:00 120 waiting",
    ]);
    expect((await api.anonymous().get("/api/queue")).body).toEqual({
      open: false,
      reason: "The queue is full (5 waiting). Please try again a little later.",
      waiting: 5,
      estimates: [
        { memberId: ids.ada, name: "Ada", waitMinutes: 150 }, // 15 minutes for a beard fit only after 12:30
        { memberId: ids.ben, name: "Ben", waitMinutes: 120 },
        { memberId: ids.cal, name: "Cal", waitMinutes: 90 },
      ],
      anyoneWaitMinutes: 90,
    });
    const full = await join({ serviceIds: [ids.cut] });
    expect(full.status).toBe(409);
    expect(full.body.message).toContain("full");
  });

  it("moves everyone behind up when one leaves, and leaving twice answers the same", async () => {
    const left = await api.anonymous().delete(`/api/queue/${tokens[0]}`);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: "left", position: null });
    expect((await api.anonymous().delete(`/api/queue/${tokens[0]}`)).body.status).toBe("left");
    expect(await estimates(tokens)).toEqual([
      "null null null left",
      "1 10:20 20 waiting",
      "2 11:15 75 waiting",
      "3 10:30 30 waiting",
      "4 12:00 120 waiting",
    ]);
  });

  it("follows a booking made and cancelled at once (nothing cached)", async () => {
    const booking = await walkIn(ids.ada, "10:30");
    expect((await estimates(tokens))[3]).toBe("3 11:00 60 waiting"); // Cal's 11:00 now
    const { slot_id } = await api.db
      .selectFrom("bookings")
      .select("slot_id")
      .where("id", "=", booking)
      .executeTakeFirstOrThrow();
    const cancelled = await admin.post(`/api/booking-slots/${slot_id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
    expect((await estimates(tokens))[3]).toBe("3 10:30 30 waiting");
  });

  it("serves into a chair from now, refuses a chair that is not free naming the next free time, and moves the rest", async () => {
    const entries = (await admin.get("/api/queue/entries")).body;
    const beardForBen = entries.find((entry: { position: number }) => entry.position === 1);
    const busy = await admin.post(`/api/queue/${beardForBen.id}/serve`, { memberId: ids.ada });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/next free time is 10:30 with Ada/);
    clockAt("10:20");
    const served = await admin.post(`/api/queue/${beardForBen.id}/serve`, {});
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(served.body).toEqual({ id: beardForBen.id, status: "serving", bookingId: expect.any(Number) });
    const again = await admin.post(`/api/queue/${beardForBen.id}/serve`, {});
    expect(again.status).toBe(409);
    expect(await estimates(tokens)).toEqual([
      "null null null left",
      "null null null serving",
      "1 11:15 55 waiting",
      "2 10:30 10 waiting",
      "3 12:00 100 waiting",
    ]);
    // The walk-in's sale goes to the till as any booking's does: its service (at the all-in price, with the
    // shop's booking fee), its barber and the customer's name; once.
    const shop = (await admin.get("/api/settings")).body;
    const price = 10 + (shop.feeIncludedInPrices ? 0 : shop.bookingFee);
    const sale = await admin.post("/api/sales", { bookingId: served.body.bookingId });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({
      bookingId: served.body.bookingId,
      customer: { name: "Sam Taylor" },
      lines: [{ kind: "service", description: "Beard", memberId: ids.ben, unitPrice: price }],
      total: price,
      due: price,
    });
    expect((await admin.post("/api/sales", { bookingId: served.body.bookingId })).status).toBe(409);
    expect((await admin.post(`/api/queue/${beardForBen.id}/done`, {})).body.status).toBe("done");
  });

  it("refuses a barber who does not do a service (400) and an unknown token (404)", async () => {
    await setQueue({ maxWaiting: 15 });
    const refused = await join({ serviceIds: [ids.beard], memberId: ids.cal });
    expect(refused.status).toBe(400);
    expect((await api.anonymous().get(`/api/queue/${"x".repeat(43)}`)).status).toBe(404);
    expect((await api.anonymous().delete(`/api/queue/nope`)).status).toBe(404);
  });

  it("stops taking names before closing, and says from when", async () => {
    clockAt("17:31");
    const state = (await api.anonymous().get("/api/queue")).body;
    expect(state).toMatchObject({
      open: false,
      reason: "The queue has closed for today: it stops taking names at 17:30.",
    });
    expect((await join({ serviceIds: [ids.cut] })).status).toBe(409);
  });

  it("keeps the owner's list to admins", async () => {
    expect((await api.anonymous().get("/api/queue/entries")).status).toBe(401);
    expect((await (await api.visitor()).post("/api/queue/1/call", {})).status).toBe(403);
  });
});

describe("texts", () => {
  it("go once of each kind with consent, and never without", async () => {
    clockAt("13:00");
    await setQueue({ enabled: true, maxWaiting: 15, notifyMinutes: 10 });
    const phone = (n: number) => `07700 900${n}`;
    const e164 = (n: number) => `+447700900${n}`;
    // Cal's afternoon is free: the first waits 0, the next 30, then 60.
    const consenting = await join({
      serviceIds: [ids.cut],
      memberId: ids.cal,
      phone: phone(++phones),
      smsConsent: true,
    });
    const silentPhone = ++phones;
    const silent = await join({ serviceIds: [ids.cut], memberId: ids.cal, phone: phone(silentPhone) });
    const laterPhone = ++phones;
    const later = await join({ serviceIds: [ids.cut], memberId: ids.cal, phone: phone(laterPhone), smsConsent: true });
    expect([consenting.status, silent.status, later.status]).toEqual([201, 201, 201]);
    await api.runJobs();
    const textsTo = (n: number) => twilio.messages.filter((message) => message.to === e164(n)).map((m) => m.body);
    expect(textsTo(phones - 2)).toEqual([
      "You're nearly up at Oldham Barbers — about 0 minutes. Reply STOP to opt out.",
    ]);
    expect(textsTo(laterPhone)).toEqual([]);
    const entries = (await admin.get("/api/queue/entries")).body as { id: number; phone: string }[];
    const idOf = (n: number) => entries.find((entry) => entry.phone.endsWith(String(n)))!.id;
    expect((await admin.post(`/api/queue/${idOf(phones - 2)}/call`, {})).status).toBe(200);
    expect((await admin.post(`/api/queue/${idOf(phones - 2)}/call`, {})).status).toBe(409);
    expect((await admin.post(`/api/queue/${idOf(silentPhone)}/call`, {})).status).toBe(200);
    await api.runJobs();
    expect(textsTo(phones - 2)).toHaveLength(2);
    expect(textsTo(phones - 2)[1]).toContain("It's your turn at Oldham Barbers");
    // The later one is 60 minutes away until those ahead are done: the watch sends theirs when it falls.
    await admin.post(`/api/queue/${idOf(phones - 2)}/remove`, {});
    await admin.post(`/api/queue/${idOf(silentPhone)}/remove`, {});
    await api.runJobs();
    expect(textsTo(laterPhone)).toEqual([
      "You're nearly up at Oldham Barbers — about 0 minutes. Reply STOP to opt out.",
    ]);
    await admin.post(`/api/queue/${idOf(laterPhone)}/remove`, {});
    await api.runJobs({ now: () => new Date(Date.now() + 3_600_000) });
    expect(textsTo(laterPhone)).toHaveLength(1);
    expect(textsTo(silentPhone)).toEqual([]);
  });
});
