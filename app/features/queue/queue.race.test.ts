import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClockAt } from "~/lib/clock";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/*
 * Writers racing for the queue on a file database (or PostgreSQL): twenty customers joining at once, and
 * serving against a booking, and against another owner, for the same chair at the same moment.
 */

const DAY = "2026-12-02"; // a Wednesday, GMT
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;

const clockAt = (time: string) => startClockAt(new Date(new Date(`${DAY}T${time}:00Z`).getTime() - 10_000));

beforeAll(async () => {
  api = await startTestApi({ onDisk: true, env: { BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  const service = { title: "Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors", category: "hair" };
  serviceId = String((await admin.post("/api/services", service)).body.id);
  const weeklyHours = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "18:00" }] }));
  const bea = { name: "Bea", bio: "", image: null, serviceIds: [serviceId], weeklyHours, timeOff: [] };
  memberId = (await admin.post("/api/team", bea)).body.id;
  const settings = (await admin.get("/api/settings")).body;
  await admin.put("/api/settings", { ...settings, queue: { ...settings.queue, enabled: true, maxWaiting: 50 } });
});
afterAll(async () => {
  startClockAt(new Date());
  await api.close();
});

const join = (name: string) => api.anonymous().post("/api/queue", { name, serviceIds: [serviceId], memberId });

const entryIds = async () =>
  ((await admin.get("/api/queue/entries")).body as { id: number; status: string }[])
    .filter((entry) => entry.status === "waiting")
    .map((entry) => entry.id);

describe("racing for the queue", () => {
  it("gives twenty customers joining at once the places 1 to 20, each once", async () => {
    clockAt("09:00");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => join(`Customer ${index + 1}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const positions = answers.map((answer) => answer.body.position as number).toSorted((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const seqs = await api.db.selectFrom("queue_entries").select("seq").where("date", "=", DAY).execute();
    expect(new Set(seqs.map((row) => row.seq)).size).toBe(20);
  });

  it("lets one of a serve and a booking for the same chair at the same moment win", async () => {
    clockAt("12:00");
    const [first] = await entryIds();
    const [served, booked] = await Promise.all([
      admin.post(`/api/queue/${first}/serve`, {}),
      admin.post("/api/bookings/walk-in", { services: [serviceId], memberId, date: DAY, startTime: "12:00" }),
    ]);
    const wins = [served.status === 200, booked.status === 201];
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(wins[0] ? booked.status : served.status).toBe(409);
    const bookings = await api.db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select("b.id")
      .where("s.date", "=", DAY)
      .where("s.start_time", "=", "12:00")
      .where("b.status", "=", "confirmed")
      .execute();
    expect(bookings).toHaveLength(1);
    const entry = await api.db
      .selectFrom("queue_entries")
      .select(["status", "booking_id"])
      .where("id", "=", first!)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe(served.status === 200 ? "serving" : "waiting");
  });

  it("lets one of two owners serving into one chair win, and the other entry waits on", async () => {
    clockAt("15:00");
    const [first, second] = await entryIds();
    const answers = await Promise.all([
      admin.post(`/api/queue/${first}/serve`, {}),
      admin.post(`/api/queue/${second}/serve`, {}),
      admin.post(`/api/queue/${first}/serve`, {}),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409, 409]);
    const statuses = await api.db
      .selectFrom("queue_entries")
      .select("status")
      .where("id", "in", [first!, second!])
      .orderBy("id")
      .execute();
    expect(statuses.map((row) => row.status).toSorted()).toEqual(["serving", "waiting"]);
    const atThree = await api.db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select("b.id")
      .where("s.date", "=", DAY)
      .where("s.start_time", "=", "15:00")
      .execute();
    expect(atThree).toHaveLength(1);
  });
});
