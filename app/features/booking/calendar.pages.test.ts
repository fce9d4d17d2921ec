import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { ENDS_AFTER_MIDNIGHT_MESSAGE } from "./booking-messages.schema";
import { TEST_ADMIN, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { TEST_CUSTOMER } from "../../../tests/support/bookings";

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

function postForm(fields: Record<string, string>, on = date) {
  return admin.request("POST", `/admin/calendar?date=${on}`, {
    body: new URLSearchParams({ back: `/admin/calendar?date=${on}`, ...fields }),
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
      ...TEST_CUSTOMER,
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

  const book = async (on: string, startTime: string, customerName: string, services = [serviceId]) => {
    const booked = await api.anonymous().post("/api/bookings", {
      customerName,
      customerEmail: `${customerName.split(" ")[0]!.toLowerCase()}@example.com`,
      customerPhone: "07911 123456",
      notes: "",
      services,
      date: on,
      startTime,
      memberId: team[0]!.id,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const row = await api.db
      .selectFrom("bookings")
      .select("id")
      .where("reference", "=", (booked.body as { reference: string }).reference)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const radio = (time: string) => `name="startTime" value="${time}"`;

  it("opens Move… as a sheet offering the chosen barber's free start times; a typed time is the owner's word", async () => {
    const on = addDays(date, 14);
    const id = await book(on, "10:00", "Kim Mover");
    const blocked = await postForm(
      { intent: "block", memberId: String(team[1]!.id), date: on, start: "11:00", end: "11:30", note: "" },
      on,
    );
    expect(blocked.status).toBe(302);

    // Its own barber: free times of the day, but not the time it already has.
    const own = (await admin.get(`/admin/calendar?date=${on}&move=${id}`)).text;
    expect(own).toContain('role="dialog"');
    expect(own).toContain(radio("10:30"));
    expect(own).not.toContain(radio("10:00"));
    // Another barber: their free times, clear of their lunch block.
    const bea = (await admin.get(`/admin/calendar?date=${on}&move=${id}&moveBarber=${team[1]!.id}`)).text;
    expect(bea).toContain(radio("10:00"));
    expect(bea).not.toContain(radio("11:00"));
    expect(bea).toContain(radio("12:00"));

    const moved = await postForm(
      {
        intent: "move",
        bookingId: String(id),
        date: on,
        startTime: "10:30",
        otherTime: "13:00",
        memberId: String(team[0]!.id),
      },
      on,
    );
    expect(moved.status, moved.text.slice(0, 300)).toBe(302);
    const slot = await api.db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select("s.start_time")
      .where("b.id", "=", id)
      .executeTakeFirstOrThrow();
    expect(slot.start_time).toBe("13:00");
  }, 120_000);

  it("shows a 20-minute booking as a compact card whose details and actions open in a popover", async () => {
    const on = addDays(date, 21);
    const trim = { title: "Beard Trim", price: 10, duration: 20, description: "Trim.", icon: "Scissors" };
    const trimId = String((await admin.post("/api/services", { ...trim, category: "beard" })).body.id);
    const alex = team[0]!;
    const updated = await admin.put(`/api/team/${alex.id}`, { ...alex, serviceIds: [serviceId, trimId] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const short = await book(on, "10:00", "Lee Short", [trimId]);
    const next = await book(on, "10:30", "Max Next");

    const html = (await admin.get(`/admin/calendar?date=${on}`)).text;
    expect(html).toContain(`data-booking-id="${short}" data-compact=""`);
    // HTML's attribute names ignore case: the browser reads popoverTarget as popovertarget.
    expect(html).toMatch(new RegExp(`popovertarget="booking-menu-${short}"`, "i"));
    const menu = html.slice(html.indexOf(`id="booking-menu-${short}"`));
    expect(menu.slice(0, menu.indexOf("</div></div>"))).toContain("Move…");
    // The half-hour card after it keeps its actions on the card.
    expect(html).toContain(`data-booking-id="${next}" class=`);
    expect(html).not.toContain(`id="booking-menu-${next}"`);
  }, 120_000);

  it("draws a line at the shop's time on today only, and offers new appointments on free time not yet past", async () => {
    const on = addDays(date, 28);
    await book(on, "13:00", "Noor Later");
    await api.startPageClockAt(shopInstant(on, "11:07"));
    try {
      const today = (await admin.get(`/admin/calendar?date=${on}`)).text;
      expect(today).toContain('data-testid="now-line"');
      expect(today).toMatch(/data-testid="now-label"[^>]*>11:07</);
      // Alex works 10:00–16:00 and has 13:00–13:30 booked: new appointments from now (on the five minutes) on.
      expect(today).toContain(`New appointment with Alex, free 11:10 to 13:00`);
      expect(today).toContain(`New appointment with Alex, free 13:30 to 16:00`);
      expect(today).not.toContain(`New appointment with Alex, free 10:00`);
      const tomorrow = (await admin.get(`/admin/calendar?date=${addDays(on, 1)}`)).text;
      expect(tomorrow).not.toContain('data-testid="now-line"');
    } finally {
      await api.startPageClockAt(new Date());
    }
  }, 120_000);

  it("sends anyone but an admin to the login", async () => {
    const response = await api.anonymous().get(`/admin/calendar?date=${date}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });
});
