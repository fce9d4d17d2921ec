import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { startTestApi, type TestApi } from "../../../tests/support/test-app";

/*
 * The pages of a booking that pays first, without JavaScript: the policy said up front, the details form sent
 * on to Stripe's Checkout by a redirect, and the success page confirming through the same path as the webhook.
 */

let stripe: StripeDouble;
let api: TestApi;
let serviceId = "";
let memberId = 0;

beforeAll(async () => {
  stripe = await startStripeDouble();
  // Through the response cache, as production serves pages: Stripe's return page must not be stored or keyed
  // without its session_id.
  api = await startTestApi({ pages: true, cache: true, env: stripeDoubleEnv(stripe) });
  const admin = await api.admin();
  ({ serviceId, memberId } = await serviceWithBarber(admin));
  const { payments: _payments, ...settings } = (await admin.get("/api/settings")).body;
  const payments = { policy: "deposit", deposit: 10, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 };
  expect((await admin.put("/api/settings", { ...settings, payments })).status).toBe(200);
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});

describe("booking with a deposit, without JavaScript", () => {
  // The first pages rendered compile the app (Vite SSR): slow on a busy machine.
  it("says the policy up front on the booking and prices pages", { timeout: 120_000 }, async () => {
    for (const path of ["/bookings", "/prices"]) {
      const page = await api.anonymous().get(path);
      expect(page.text).toContain("£10.00 deposit to book, refunded if you cancel 24 hours ahead");
    }
  });

  it("sends the posted form on to Checkout, and the success page shows the reference, confirmed", async () => {
    const date = addDays(shopToday(), 4);
    const posted = await api.anonymous().request("POST", `/bookings?service=${serviceId}&date=${date}`, {
      body: new URLSearchParams({
        services: serviceId,
        date,
        startTime: "10:00",
        memberId: String(memberId),
        customerName: "Sam Taylor",
        customerEmail: "sam@example.com",
        customerPhone: "07911 123456",
        notes: "",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });
    expect([302, 303]).toContain(posted.status);
    const checkout = posted.headers.get("location")!;
    expect(checkout).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const sessionId = checkout.split("/").at(-1)!;
    const reference = stripe.sessions.get(sessionId)!.client_reference_id!;
    await stripe.pay(sessionId, { deliverEvent: false });
    const success = await api.anonymous().get(`/bookings/paid?session_id=${sessionId}`);
    expect(success.status).toBe(200);
    expect(success.text).toContain(reference);
    expect(success.text).toContain("Your appointment is confirmed");
  });
});
