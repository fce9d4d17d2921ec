import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient, type TestResponse } from "../../../tests/support/test-app";
import { NOT_ENOUGH_TIME_MESSAGE } from "./booking-messages.schema";

/*
 * /bookings without JavaScript: the choices its GET forms send come back worked out on the server, and the
 * details form posts to the page's action, which books with the API's schemas, rules and per-client limit.
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
let barber: TeamMember;

/** Wednesdays ahead (the first at least three days away), one per test that books. */
const wednesdays = (() => {
  let date = addDays(shopToday(), 3);
  while (dayOfWeek(date) !== 3) date = addDays(date, 1);
  return Array.from({ length: 3 }, (_, index) => addDays(date, index * 7));
})();

const pageUrl = (date: string, time = "time:10:00") =>
  `/bookings?service=${serviceId}&barber=${barber.id}&date=${date}&time=${encodeURIComponent(time)}`;

/** The details form as a browser without JavaScript posts it: the typed details and its hidden fields. */
function postForm(client: TestClient, date: string, fields: Record<string, string>) {
  return client.request("POST", pageUrl(date), {
    body: new URLSearchParams({
      services: serviceId,
      date,
      startTime: "10:00",
      memberId: String(barber.id),
      ...fields,
    }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
}

/** The page a booking posted as a form leads to, loaded as the browser does: with the cookie the answer set. */
const confirmationPage = (answer: TestResponse) =>
  api.anonymous().request("GET", answer.headers.get("location")!.replace(/#.*/, ""), {
    headers: { cookie: answer.headers.get("set-cookie")!.split(";")[0]! },
  });

/** A booking posted as a form answers 303 to the page that shows it; that page, as the browser then loads it. */
async function followed(answer: TestResponse) {
  expect(answer.status).toBe(303);
  const location = answer.headers.get("location")!;
  // The address names the booking's reference; its manage token is only in the short-lived cookie.
  expect(location).toMatch(/^\/bookings\?booked=OB-[2-9A-Z]{8}#booking-confirmed-title$/);
  expect(answer.headers.get("set-cookie")).toMatch(
    /^booking-confirmation=[^;]+; Max-Age=900; Path=\/bookings; .*HttpOnly; SameSite=Lax$/,
  );
  const page = await confirmationPage(answer);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("private, no-store");
  expect(page.text).toContain("Your appointment is booked");
  return page;
}

/** The one-time token of the details form in a page's HTML. */
const formTokenOf = (html: string) => html.match(/<input type="hidden" name="idempotencyKey" value="([\w-]+)"\/>/)?.[1];

/** The texts of the page's alerts, as shown (the page's data repeats every message in a script). */
const alertsOf = (html: string) =>
  [...html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/p>/g)].map((match) => match[1]!.replace(/<[^>]*>/g, ""));

const bookingsOf = (email: string) =>
  api.db.selectFrom("bookings").select(["reference"]).where("customer_email", "=", email).execute();

beforeAll(async () => {
  api = await startTestApi({ pages: true, env: { BOOKING_MAX_PER_HOUR: "3" } });
  admin = await api.admin();
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  const created = await admin.post("/api/team", {
    name: "Alex",
    bio: "",
    image: null,
    serviceIds: [serviceId],
    weeklyHours: [{ day: 3, ranges: [{ start: "10:00", end: "16:00" }] }],
    timeOff: [],
  });
  expect(created.status).toBe(201);
  barber = created.body as TeamMember;
}, 120_000);
afterAll(() => api.close());

describe("/bookings without JavaScript", () => {
  it("offers the chosen barber's dates and times, and the chosen time, in the server's HTML", async () => {
    const page = await api.anonymous().get(pageUrl(wednesdays[0]!));
    expect(page.status).toBe(200);
    // The calendar's day submits the choices form; the chosen time is the pressed one of the time form's buttons.
    const day = page.text.match(new RegExp(`<button[^>]*value="${wednesdays[0]}"[^>]*>`))?.[0];
    expect(day).toContain('type="submit"');
    expect(day).toContain('form="booking-choices"');
    expect(day).toContain('name="date"');
    expect(page.text.match(/<button[^>]*aria-pressed="true"[^>]*>([^<]*)</)?.[1]).toBe("10:00 – 10:30");
    // The details form carries the chosen time as POST /api/bookings names it.
    expect(page.text).toContain('<input type="hidden" name="startTime" value="10:00"/>');
  });

  it("answers a refused form with the schema's messages and the typed values, and booking nothing", async () => {
    const refused = await postForm(api.anonymous(), wednesdays[0]!, {
      ...customer,
      customerName: "S",
      customerEmail: "refused@example.com",
      customerPhone: "12345",
    });
    expect(refused.status).toBe(400);
    expect(alertsOf(refused.text)).toEqual([
      "Name must be at least 2 characters",
      "Please enter a valid UK phone number",
    ]);
    expect(refused.text).toContain('value="refused@example.com"');
    expect(await bookingsOf("refused@example.com")).toEqual([]);
  });

  it("answers a time taken meanwhile with 409 and the notice the hydrated page shows", async () => {
    const taken = await admin.post("/api/bookings", {
      ...customer,
      services: [serviceId],
      date: wednesdays[1],
      startTime: "10:00",
      memberId: barber.id,
    });
    expect(taken.status).toBe(201);
    const lost = await postForm(api.anonymous(), wednesdays[1]!, { ...customer, customerEmail: "late@example.com" });
    expect(lost.status).toBe(409);
    expect(alertsOf(lost.text)).toEqual([NOT_ENOUGH_TIME_MESSAGE]);
    expect(lost.text).toContain('value="late@example.com"');
    expect(await bookingsOf("late@example.com")).toEqual([]);
  });

  it("books one of the shop's manual slots posted as a form, as PATCH /api/booking-slots/{id} does", async () => {
    const slot = await admin.post("/api/booking-slots", {
      date: wednesdays[0],
      startTime: "16:00",
      endTime: "16:30",
    });
    expect(slot.status).toBe(201);
    const fields = { ...customer, customerEmail: "slot@example.com", slotId: String(slot.body.id) };
    const booked = await followed(await postForm(api.anonymous(), wednesdays[0]!, fields));
    const [booking] = await bookingsOf("slot@example.com");
    expect(booked.text).toMatch(new RegExp(`>${booking!.reference}<`));

    const gone = await postForm(api.anonymous(), wednesdays[0]!, { ...fields, slotId: "999999" });
    expect(gone.status).toBe(404);
    expect(alertsOf(gone.text)).toEqual(["Sorry, that time slot is no longer available. Please choose another time."]);
  });

  it("books a computed time posted as a form, counted against the API's limit per client", async () => {
    const visitor = api.anonymous();
    const booked = await followed(
      await postForm(visitor, wednesdays[2]!, { ...customer, customerEmail: "plain@example.com" }),
    );
    const [booking] = await bookingsOf("plain@example.com");
    expect(booked.text).toMatch(new RegExp(`>${booking!.reference}<`));
    expect(booked.text).toMatch(/href="\/bookings\/manage\/[\w-]{43}"/);

    const throughApi = await visitor.post("/api/bookings", {
      ...customer,
      services: [serviceId],
      date: wednesdays[2],
      startTime: "11:00",
    });
    expect(throughApi.status).toBe(201);
    const third = await postForm(visitor, wednesdays[2]!, {
      ...customer,
      customerEmail: "third@example.com",
      startTime: "12:00",
    });
    expect(third.status).toBe(429);
    expect(alertsOf(third.text)).toEqual([
      expect.stringMatching(/^Booking failed: You have made several bookings recently\./),
    ]);
    expect(await bookingsOf("third@example.com")).toEqual([]);
  });

  it("books once however often the form is sent: a reload shows the booking, the form sent again answers it", async () => {
    // An hour later, as far as the per-client limit the test before reached is concerned.
    await api.db.deleteFrom("rate_limit_events").execute();
    const date = wednesdays[1]!;
    const visitor = api.anonymous();
    const form = await visitor.get(pageUrl(date, "time:14:00"));
    // The token is this visitor's: the page is never kept for another.
    expect(form.headers.get("cache-control")).toBe("private, no-store");
    const idempotencyKey = formTokenOf(form.text)!;
    expect(idempotencyKey).toMatch(/^[\w-]{32}$/);
    expect(formTokenOf((await visitor.get(pageUrl(date, "time:14:00"))).text)).not.toBe(idempotencyKey);

    const fields = { ...customer, customerEmail: "Twice@Example.com", startTime: "14:00", idempotencyKey };
    const first = await postForm(visitor, date, fields);
    const confirmation = await followed(first);
    // Reloading the page the form led to only shows the booking again.
    const [made] = await bookingsOf("Twice@Example.com");
    expect(confirmation.text).toMatch(new RegExp(`>${made!.reference}<`));
    expect((await confirmationPage(first)).text).toMatch(new RegExp(`>${made!.reference}<`));
    // Without the cookie (another browser), the address shows no booking.
    const elsewhere = await api.anonymous().get(first.headers.get("location")!.replace(/#.*/, ""));
    expect(elsewhere.text).not.toContain("Your appointment is booked");
    // Back and send again: the same booking, not a second one.
    const again = await postForm(visitor, date, fields);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await bookingsOf("Twice@Example.com")).toHaveLength(1);
    // The same token with another customer's details is refused, and shows nothing of the booking.
    const stranger = await postForm(visitor, date, { ...fields, customerEmail: "stranger@example.com" });
    expect(stranger.status).toBe(409);
    expect(alertsOf(stranger.text)).toEqual([
      "This booking form has already been used. Please reload the page to make another booking.",
    ]);

    // A fresh form for an overlapping time of the same customer (any case of the address): refused, naming the booking.
    const overlap = await postForm(visitor, date, {
      ...customer,
      customerEmail: "twice@example.COM",
      startTime: "14:00",
    });
    expect(overlap.status).toBe(409);
    expect(alertsOf(overlap.text).join()).toContain(
      `You already have a booking at 14:00 on ${formatShopDate(date, "weekdayDate")} (${made!.reference}). To change it, use the link in your confirmation.`,
    );
  });
});

describe("/bookings/manage/{token} without JavaScript", () => {
  /** A form of the manage page as a browser without JavaScript posts it. */
  const postManage = (token: string, fields: Record<string, string>) =>
    api.anonymous().request("POST", `/bookings/manage/${token}`, {
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });

  it("moves and cancels with a redirect to the page that shows the result, so a reload changes nothing", async () => {
    await api.db.deleteFrom("rate_limit_events").execute();
    const date = wednesdays[2]!;
    const made = await api.anonymous().post("/api/bookings", {
      ...customer,
      customerEmail: "changes@example.com",
      services: [serviceId],
      date,
      startTime: "15:00",
      memberId: barber.id,
    });
    expect(made.status).toBe(201);
    const token = made.body.manageToken as string;
    const offered = (
      await api.anonymous().get(`/api/availability?date=${date}&services=${serviceId}&member=${barber.id}`)
    ).body as Array<{ startTime: string; endTime: string }>;
    const to = offered.find((time) => time.startTime !== "15:00")!;

    const move = await postManage(token, {
      intent: "reschedule",
      date,
      startTime: to.startTime,
      memberId: String(barber.id),
    });
    expect(move.status).toBe(303);
    expect(move.headers.get("location")).toBe(`/bookings/manage/${token}?moved=1#reschedule-heading`);
    const moved = await api.anonymous().get(`/bookings/manage/${token}?moved=1`);
    expect(moved.text).toContain(
      `Your booking has moved to ${formatShopDate(date)}, ${to.startTime} – ${to.endTime} with ${barber.name}.`,
    );

    const asked = await postManage(token, { intent: "cancel" });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("Are you sure you want to cancel this booking?");
    const cancel = await postManage(token, { intent: "cancel", confirmed: "yes" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(`/bookings/manage/${token}`);
    expect((await api.anonymous().get(`/bookings/manage/${token}`)).text).toContain(
      "This booking has been cancelled and the time is free again.",
    );
    // The same form sent again: refused, and the booking stays as it is.
    const again = await postManage(token, { intent: "cancel", confirmed: "yes" });
    expect(again.status).toBe(409);
    expect(alertsOf(again.text)).toEqual([]);
  });
});
