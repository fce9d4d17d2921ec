import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamMember } from "~/features/team/team.schema";
import { startClockAt } from "~/lib/clock";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { addService } from "../../../tests/support/bookings";
import { findTextAnywhere } from "../../../tests/support/find-text";
import {
  ALL_DAY_OPENING_HOURS,
  openAllHours,
  startTestApi,
  type TestApi,
  type TestClient,
} from "../../../tests/support/test-app";
import { CUSTOMER_KEY_MESSAGE, type CustomerRecord, type CustomerSummary } from "./customers.schema";

/*
 * Walk-ins in the customer records (issue 24, decisions 036 and 041): one with a phone is the customer of that
 * phone (+44 or 0, one person), one with only a name a customer of its own, an unnamed one nobody; the list, the
 * search, the record, notes, export and erasure take the customer's number, and the old keys still find them.
 */

let api: TestApi;
let admin: TestClient;
let serviceId: number;
let barber: TeamMember;
const day = addDays(shopToday(), 5);

const PAT_PHONE = "07700 900555";
const JO = "Jo Nophone";

const walkIn = async (body: object) => {
  const response = await admin.post("/api/bookings/walk-in", { services: [String(serviceId)], date: day, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { reference: string; id: number };
};
const path = (key: string) => `/api/customers/${encodeURIComponent(key)}`;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
  serviceId = await addService(api.db, "Scissor Cut", 20);
  await openAllHours(api.db);
  const response = await admin.post("/api/team", {
    name: "Alex",
    bio: "",
    image: null,
    serviceIds: [String(serviceId)],
    weeklyHours: ALL_DAY_OPENING_HOURS.map(({ day, ranges }) => ({ day, ranges })),
    timeOff: [],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  barber = response.body as TeamMember;
});
afterAll(async () => {
  await api.close();
});

describe("walk-ins in the customer records", () => {
  it("lists a walk-in by phone (either form of the number) or alone by name, and never an unnamed one", async () => {
    const first = await walkIn({ startTime: "10:00", customerName: "Pat Walker", customerPhone: PAT_PHONE });
    const second = await walkIn({ startTime: "11:00", customerName: "Pat W", customerPhone: "+447700900555" });
    const named = await walkIn({ startTime: "12:00", customerName: JO });
    await walkIn({ startTime: "13:00" });

    // Decision 041: the record is a customer row, named by its number; the old phone key still finds it.
    const pat = (await admin.get(path("phone:07700900555"))).body as CustomerRecord;
    const list = (await admin.get("/api/customers")).body as CustomerSummary[];
    expect(list.find((customer) => customer.id === pat.id)).toEqual({
      id: pat.id,
      key: String(pat.id),
      email: "",
      // The first name given: a walk-in found by phone fills in a name the customer row lacks, never replaces it.
      name: "Pat Walker",
      phone: "+447700900555",
      bookings: 2,
      noShows: 0,
      lastVisit: null,
      nextVisit: day,
      totalSpent: 0,
    });
    const jo = (await admin.get(path(`walk-in:${named.reference}`))).body as CustomerRecord;
    expect(list.find((customer) => customer.id === jo.id)).toMatchObject({
      name: JO,
      email: "",
      phone: "",
      bookings: 1,
    });
    expect(list.map((customer) => customer.name)).not.toContain("Walk-in");

    const found = (await admin.get("/api/customers?q=900%20555")).body as CustomerSummary[];
    expect(found.map((customer) => customer.id)).toEqual([pat.id]);
    expect(((await admin.get("/api/customers?q=nophone")).body as CustomerSummary[]).map((c) => c.name)).toEqual([JO]);

    const record = (await admin.get(path(String(pat.id)))).body as CustomerRecord;
    expect(record.history.map((entry) => entry.reference).sort()).toEqual([first.reference, second.reference].sort());
    expect(record.messages).toEqual([]);
    expect((await admin.get(path(`walk-in:${named.reference}`))).body).toMatchObject({ name: JO, bookings: 1 });
  });

  it("keeps notes under the key, exports, and erases a phone's record from every text column", async () => {
    const phone = "07700 900777";
    await walkIn({ startTime: "15:00", customerName: "Eve Erasable", customerPhone: phone });
    const key = String(((await admin.get(path("phone:07700900777"))).body as CustomerRecord).id);
    expect((await admin.put(`${path(key)}/notes`, { notes: "Likes it short" })).status).toBe(200);
    expect(((await admin.get(path(key))).body as CustomerRecord).notes).toBe("Likes it short");

    const exported = await admin.get(`${path(key)}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain(`customer-${key}-`);
    expect(exported.body).toMatchObject({ key, email: "", ownerNotes: "Likes it short" });
    expect(exported.body.bookings).toEqual([expect.objectContaining({ name: "Eve Erasable", phone: "07700900777" })]);

    const needles = ["Eve Erasable", "07700900777", "Likes it short"];
    expect(await findTextAnywhere(api.db, needles)).not.toEqual([]);
    const erased = await admin.delete(path(key));
    // The walk-in's time is still ahead, so it is cancelled first, as any customer's would be.
    expect(erased.body).toEqual({ cancelledBookings: 1, erasedBookings: 1, erasedMessages: 0 });
    await api.runJobs();
    expect(await findTextAnywhere(api.db, needles)).toEqual([]);
    expect((await admin.get(path(key))).status).toBe(404);
  });

  it("answers 400 to a key that names nobody, 404 to one nobody holds, and still takes an e-mail", async () => {
    const bad = await admin.get(path("phone:123"));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CUSTOMER_KEY_MESSAGE);
    expect((await admin.get(path("walk-in:OB-ZZZZZZZZ"))).status).toBe(404);
    expect((await admin.get(path("phone:07000000000"))).status).toBe(404);
    expect((await admin.get(path("nobody@example.com"))).status).toBe(404);
  });

  it("records attendance on an unnamed walk-in, which belongs to no record", async () => {
    // A walk-in with no time starts now: the shop's clock is set to a day and hour nobody else walks in at.
    const today = addDays(day, 1);
    startClockAt(shopInstant(today, "11:02"));
    try {
      const now = await admin.post("/api/bookings/walk-in", { services: [String(serviceId)], memberId: barber.id });
      expect(now.status, JSON.stringify(now.body)).toBe(201);
      const marked = await admin.patch(`/api/bookings/${now.body.id}`, { attendance: "no-show" });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(marked.body).toMatchObject({ bookingId: now.body.id, attendance: "no-show", date: today });
    } finally {
      startClockAt(new Date());
    }
  });
});
