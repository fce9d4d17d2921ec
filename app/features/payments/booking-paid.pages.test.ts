import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { RECEIPT_MINUTES, manageTokenAfterCheckout } from "./checkout-return.server";

/*
 * The page Stripe's Checkout returns to: the booking itself (day, time, barber, services), what was paid — or,
 * with the card policy, that the card was saved and nothing charged — the calendar file and the manage link.
 */

let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
const date = addDays(shopToday(), 4);

async function usePolicy(policy: "deposit" | "card") {
  const { payments: _payments, ...settings } = (await admin.get("/api/settings")).body;
  const payments = { policy, deposit: 10, noShowFee: 12.5, askFrom: "everyone", holdMinutes: 15 };
  expect((await admin.put("/api/settings", { ...settings, payments })).status).toBe(200);
}

/** Books through the page's form, pays on the Checkout double and opens the page it returns to. */
async function bookAndPay(startTime: string, email: string) {
  const posted = await api.anonymous().request("POST", `/bookings?service=${serviceId}&date=${date}`, {
    body: new URLSearchParams({
      services: serviceId,
      date,
      startTime,
      memberId: String(memberId),
      customerName: "Sam Taylor",
      customerEmail: email,
      customerPhone: "07911 123456",
      notes: "",
    }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
  expect([302, 303]).toContain(posted.status);
  const sessionId = posted.headers.get("location")!.split("/").at(-1)!;
  await stripe.pay(sessionId, { deliverEvent: false });
  const page = await api.anonymous().get(`/bookings/paid?session_id=${sessionId}`);
  expect(page.status).toBe(200);
  const rendered = page.text
    .slice(0, page.text.indexOf("<script"))
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
  return { sessionId, page: rendered };
}

beforeAll(async () => {
  stripe = await startStripeDouble();
  api = await startTestApi({ pages: true, env: stripeDoubleEnv(stripe) });
  admin = await api.admin();
  ({ serviceId, memberId } = await serviceWithBarber(admin));
}, 120_000);
afterAll(async () => {
  await api.close();
  await stripe.close();
});

describe("/bookings/paid", () => {
  it("shows the booking, the deposit paid, Add to calendar and the manage link", { timeout: 120_000 }, async () => {
    await usePolicy("deposit");
    const { sessionId, page } = await bookAndPay("10:00", "deposit@example.com");
    expect(page).toContain("Thank you: your £10.00 deposit has arrived and your appointment is confirmed.");
    expect(page).toContain(formatShopDate(date));
    expect(page).toMatch(/10:00\s*(–|&ndash;|-)\s*10:30/);
    expect(page).toContain(">Bea<");
    expect(page).toContain("Scissor Cut");
    expect(page).toContain("Deposit £10.00:</span> paid");
    const token = /href="\/bookings\/manage\/([\w-]+)"/.exec(page)?.[1];
    expect(token).toBeDefined();
    expect(page).toContain(`href="/api/bookings/manage/${token}/calendar.ics"`);
    expect(page).toContain("Add to calendar");
    expect((await api.anonymous().get(`/bookings/manage/${token}`)).status).toBe(200);

    // An hour on, the address in the browser's history opens the reference only, not the booking's link.
    const later = new Date(Date.now() + (RECEIPT_MINUTES + 1) * 60_000);
    expect(await manageTokenAfterCheckout(api.ctx, sessionId, later)).toBeNull();
    expect(await manageTokenAfterCheckout(api.ctx, sessionId)).toBe(token);
  });

  it("says on the booking page why Repeat is not offered while a payment is asked", async () => {
    await usePolicy("deposit");
    const chosen = await api
      .anonymous()
      .get(`/bookings?service=${serviceId}&barber=${memberId}&date=${date}&time=${encodeURIComponent("time:12:00")}`);
    const page = chosen.text.slice(0, chosen.text.indexOf("<script")).replaceAll("&#x27;", "'");
    expect(page).toMatch(
      /data-testid="repeat-unavailable"[^>]*>Repeat appointments cannot be booked online while the shop asks for a payment when booking\. Please book one appointment at a time, or call us on /,
    );
  });

  it("with the card policy says the card was saved and nothing charged, never that a payment arrived", async () => {
    await usePolicy("card");
    const { page } = await bookAndPay("11:00", "card@example.com");
    expect(page).toContain("Thank you: your card has been saved and nothing has been charged.");
    expect(page).not.toContain("has arrived");
    expect(page).toContain("Card on file:</span> saved, nothing charged");
    expect(page).toMatch(/href="\/bookings\/manage\/[\w-]+"/);
  });
});
