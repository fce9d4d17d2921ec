import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClockAt } from "~/lib/clock";
import { addDays, shopInstant } from "~/lib/shop-time";
import { applyRetention } from "~/features/customers/retention.server";
import { findTextAnywhere } from "../../../tests/support/find-text";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { shopReads } from "../../../server/request-context";

/*
 * What the queue keeps of a customer (decision 055): a day's names, phones and e-mails go with the nightly
 * retention a week after the day, the rows staying for the counts; an erasure request blanks a customer's
 * entries at once (found by their walk-in booking, their address or their phone) and takes them off the queue.
 */

const DAY = "2026-12-01"; // a Tuesday, GMT
let api: TestApi;
let admin: TestClient;
let serviceId: number;

const at = (date: string, time: string) => startClockAt(shopInstant(date, time));
const join = async (body: Record<string, unknown>) => {
  const joined = await api.anonymous().post("/api/queue", { serviceIds: [serviceId], ...body });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  return joined.body.token as string;
};
const entriesOf = async (date: string) =>
  api.db
    .selectFrom("queue_entries")
    .select(["customer_name", "status"])
    .where("date", "=", date)
    .orderBy("seq")
    .execute();

beforeAll(async () => {
  api = await startTestApi({ env: { BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair", duration: 30 };
  const made = await admin.post("/api/services", { ...service, title: "Cut", price: 20 });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  serviceId = made.body.id;
  const weeklyHours = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "18:00" }] }));
  const member = { name: "Ada", bio: "", image: null, serviceIds: [String(serviceId)], weeklyHours, timeOff: [] };
  expect((await admin.post("/api/team", member)).status).toBe(201);
  const settings = (await admin.get("/api/settings")).body;
  expect((await admin.put("/api/settings", { ...settings, queue: { ...settings.queue, enabled: true } })).status).toBe(
    200,
  );
});
afterAll(async () => {
  // Vitest runs other files in this process after this one (isolate: false): the clock goes back to real time.
  startClockAt(new Date());
  await api.close();
});

describe("the queue's personal data", () => {
  it("goes with the nightly retention a week after its day; the entries stay, counted", async () => {
    at(DAY, "10:00");
    await join({ name: "Rita Rainy", phone: "07700 900555", email: "rita.rainy@example.test" });
    await join({ name: "Sam Shower" });
    const needles = ["Rita Rainy", "07700900555", "rita.rainy@example.test", "Sam Shower"];
    const inQueue = async () =>
      (await findTextAnywhere(api.db, needles)).filter((found) => found.table === "queue_entries");

    await applyRetention(shopReads(api.db), shopInstant(addDays(DAY, 7), "03:00"));
    expect((await inQueue()).map((found) => found.needle).toSorted()).toEqual(needles.toSorted());

    const night = await applyRetention(shopReads(api.db), shopInstant(addDays(DAY, 8), "03:00"));
    expect(night.erasedQueueEntries).toBe(2);
    expect(await inQueue()).toEqual([]);
    expect(await entriesOf(DAY)).toEqual([
      { customer_name: "[erased]", status: "waiting" },
      { customer_name: "[erased]", status: "waiting" },
    ]);
    // Once erased, not again.
    expect((await applyRetention(shopReads(api.db), shopInstant(addDays(DAY, 9), "03:00"))).erasedQueueEntries).toBe(0);
  });

  it("goes at once with an erasure request, found by the walk-in booking, the phone or the address", async () => {
    const day = addDays(DAY, 14);
    at(day, "10:00");
    await join({ name: "Gina Gone", phone: "07700 900888" });
    const served = (await admin.get("/api/queue/entries")).body[0];
    expect((await admin.post(`/api/queue/${served.id}/serve`, {})).status).toBe(200);
    const token = await join({ name: "Gina G", phone: "+44 7700 900888", email: "gina.gone@example.test" });
    await join({ name: "Stan Stays", phone: "07700 900999" });
    const needles = ["Gina Gone", "Gina G", "07700900888", "gina.gone@example.test"];
    expect(await findTextAnywhere(api.db, needles)).not.toEqual([]);

    const erased = await admin.delete(`/api/customers/${encodeURIComponent("phone:07700900888")}`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    await api.runJobs();

    expect(await findTextAnywhere(api.db, needles)).toEqual([]);
    expect(await entriesOf(day)).toEqual([
      { customer_name: "[erased]", status: "serving" },
      { customer_name: "[erased]", status: "removed" },
      { customer_name: "Stan Stays", status: "waiting" },
    ]);
    expect((await api.anonymous().get(`/api/queue/${token}`)).body.status).toBe("removed");
    expect((await api.anonymous().get("/api/queue")).body.waiting).toBe(1);
  });
});
