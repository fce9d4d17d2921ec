import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopToday } from "~/lib/shop-time";
import { ENDS_AFTER_MIDNIGHT_MESSAGE } from "./booking.schema";
import { TEST_ADMIN, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/*
 * /admin/calendar without JavaScript: the page renders its day on the server, and the Move… form posts to
 * the route action, which moves with the API's function and redirects back to the view.
 */

let api: TestApi;
let admin: TestClient;
let serviceId: string;
const team: TeamMember[] = [];

const date = (() => {
  let day = addDays(shopToday(), 3);
  while (dayOfWeek(day) !== 3) day = addDays(day, 1);
  return day;
})();

function postForm(fields: Record<string, string>) {
  return admin.request("POST", `/admin/calendar?date=${date}`, {
    body: new URLSearchParams({ back: `/admin/calendar?date=${date}`, ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
}

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  for (const name of ["Alex", "Bea"]) {
    const weeklyHours = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "10:00", end: "16:00" }] }));
    const body = { name, bio: "", image: null, serviceIds: [serviceId], weeklyHours, timeOff: [] };
    team.push((await admin.post("/api/team", body)).body as TeamMember);
  }
}, 120_000);
afterAll(async () => {
  await api.close();
});

describe("/admin/calendar", () => {
  it("renders the day's bookings per barber on the server, and moves one through the form", async () => {
    const booked = await api.anonymous().post("/api/bookings", {
      customerName: "Sam Taylor",
      customerEmail: "sam@example.com",
      customerPhone: "07911 123456",
      notes: "",
      services: [serviceId],
      date,
      startTime: "10:00",
      memberId: team[0]!.id,
    });
    expect(booked.status).toBe(201);
    const page = await admin.get(`/admin/calendar?date=${date}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sam Taylor");
    expect(page.text).toContain('data-calendar-column="' + team[1]!.id + '"');

    const { id } = await api.db
      .selectFrom("bookings")
      .select("id")
      .where("reference", "=", booked.body.reference)
      .executeTakeFirstOrThrow();
    const form = await admin.get(`/admin/calendar?date=${date}&move=${id}`);
    expect(form.text).toContain("Move booking");

    const moved = await postForm({
      intent: "move",
      bookingId: String(id),
      date,
      startTime: "12:00",
      memberId: String(team[1]!.id),
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/admin/calendar?date=${date}`);
    const after = await admin.get(`/api/availability?date=${date}&services=${serviceId}&member=${team[1]!.id}`);
    expect((after.body as { startTime: string }[]).map((time) => time.startTime)).not.toContain("12:00");

    const refused = await postForm({
      intent: "move",
      bookingId: String(id),
      date,
      startTime: "17:00",
      memberId: String(team[1]!.id),
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("outside Bea&#x27;s working hours");

    // Past midnight: refused as the API refuses it, with the same message, whether moved or walked in.
    const pastMidnight = ENDS_AFTER_MIDNIGHT_MESSAGE.replace(/'/g, "&#x27;");
    const late = await postForm({
      intent: "move",
      bookingId: String(id),
      date,
      startTime: "23:45",
      memberId: String(team[1]!.id),
      override: "on",
    });
    expect(late.status).toBe(400);
    expect(late.text).toContain(pastMidnight);
    const lateWalkIn = await postForm({ intent: "walk-in", services: serviceId, date, startTime: "23:55" });
    expect(lateWalkIn.status).toBe(400);
    expect(lateWalkIn.text).toContain(pastMidnight);
    // The first page a test file renders compiles the route on the shared Vite server: slow on a busy machine.
  }, 120_000);

  it("records a walk-in with a name and phone from the form: in the day's takings and in the customer records", async () => {
    const later = addDays(date, 7);
    const walkedIn = await admin.request("POST", `/admin/calendar?date=${later}`, {
      body: new URLSearchParams({
        intent: "walk-in",
        back: `/admin/calendar?date=${later}`,
        services: serviceId,
        date: later,
        startTime: "11:00",
        customerName: "Pat Walker",
        customerPhone: "07700 900555",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });
    expect(walkedIn.status, walkedIn.text.slice(0, 500)).toBe(302);
    const day = await admin.get(`/admin/calendar?date=${later}`);
    // £20 and the £8 booking fee: what the walk-in paid, as any booking.
    expect(day.text).toMatch(/Takings:.*£28\.00/);
    // The walk-in's customer record, by the customer's number (decision 041).
    const { customer_id: customerId } = await api.db
      .selectFrom("bookings")
      .select("customer_id")
      .where("customer_name", "=", "Pat Walker")
      .executeTakeFirstOrThrow();
    expect(day.text).toContain(`href="/admin/customers/${customerId}"`);

    // The payment's words on the block (how a payment comes about is the payments tests' concern).
    const walkInRow = await api.db
      .selectFrom("bookings")
      .select("id")
      .where("customer_name", "=", "Pat Walker")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("booking_payments")
      .values({
        booking_id: walkInRow.id,
        kind: "deposit",
        amount_pence: 1000,
        status: "paid",
        paid_pence: 1000,
        // The refund below, claimed as the refund's transaction claims it (migration 019).
        refund_claimed_pence: 500,
        expires_at: new Date().toISOString(),
        manage_token_sealed: "",
        created_at: new Date().toISOString(),
      })
      .execute();
    await api.db
      .insertInto("payment_refunds")
      .values({
        idempotency_key: "calendar-test-refund",
        booking_id: walkInRow.id,
        amount_pence: 500,
        state: "done",
        reason: "goodwill",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await admin.get(`/admin/calendar?date=${later}`)).text).toContain("Deposit £10.00: paid; £5.00 refunded");

    const record = await admin.get(`/admin/customers/${customerId}`);
    expect(record.status).toBe(200);
    expect(record.text).toContain("Pat Walker");
    const list = await admin.get("/admin/customers?q=900555");
    expect(list.text).toContain("Pat Walker");
    // The record URLs of before, by phone or e-mail, lead on to the customer's number.
    const byPhone = await admin.get("/admin/customers/phone%3A07700900555");
    expect([byPhone.status, byPhone.headers.get("location")]).toEqual([302, `/admin/customers/${customerId}`]);
    const byEmail = await admin.get("/admin/customers/sam%40example.com");
    expect(byEmail.status).toBe(302);
    expect((await admin.get(byEmail.headers.get("location")!)).text).toContain("Sam Taylor");
  });

  it("shows a barber's new feed address once on the Team page after post, redirect, get, never in an address", async () => {
    const login = await fetch(`${api.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(TEST_ADMIN),
    });
    const session = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const page = (cookie: string) => fetch(`${api.baseUrl}/admin/team`, { headers: { cookie } });
    const renew = () =>
      fetch(`${api.baseUrl}/admin/team`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: session, "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl },
        body: new URLSearchParams({ intent: "feed", memberId: String(team[0]!.id) }),
      });
    const before = await page(session);
    expect(before.status).toBe(200);
    const beforeText = await before.text();
    expect(beforeText).toContain(">Calendar feed<");

    const posted = await renew();
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/admin/team");
    const flash = posted.headers.getSetCookie()[0]!;
    expect(flash).toMatch(/HttpOnly/i);
    const shown = await page(`${session}; ${flash.split(";")[0]}`);
    const html = await shown.text();
    const url = /value="(http[^"]+\/api\/calendar-feeds\/[\w-]+\.ics)"/.exec(html)?.[1];
    expect(url, html.slice(0, 300)).toBeDefined();
    expect(html).toContain("retires the previous one");
    // Shown once: the page clears what it showed.
    expect(shown.headers.getSetCookie()[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await (await page(session)).text()).not.toContain("/api/calendar-feeds/");

    const feedPath = new URL(url!).pathname;
    const feed = await fetch(`${api.baseUrl}${feedPath}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    await renew();
    expect((await fetch(`${api.baseUrl}${feedPath}`)).status).toBe(404);
  }, 120_000);

  it("sends anyone but an admin to the login", async () => {
    const response = await api.anonymous().get(`/admin/calendar?date=${date}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });
});
