import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignInLink } from "~/features/account/account.server";
import { addService } from "../../../tests/support/bookings";
import { startApiWithStripe } from "../../../tests/support/stripe-app";
import type { StripeDouble } from "../../../tests/support/stripe-double";
import type { TestApi, TestClient } from "../../../tests/support/test-app";

/* /memberships and the member's own page without JavaScript: joining goes on to Checkout; cancelling and changing card are forms. */

const textOf = (html: string) => html.replaceAll("<!-- -->", "");

let stripe: StripeDouble;
let api: TestApi;
let planId = 0;

const form = (client: TestClient, path: string, fields: Record<string, string>) =>
  client.request("POST", path, {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });

let close: () => Promise<void>;

let admin: TestClient;

beforeAll(async () => {
  ({ stripe, api, admin, close } = await startApiWithStripe({ pages: true, cache: true }));
  const serviceId = await addService(api.db, "Scissor Cut", 20);
  planId = (
    await admin.post("/api/membership-plans", {
      name: "Two cuts a month",
      monthlyPrice: 40,
      serviceIds: [serviceId],
      visitsPerMonth: 2,
    })
  ).body.id;
});
afterAll(() => close());

describe("the memberships page, without JavaScript", () => {
  it(
    "says the price, the monthly renewal until cancelled, how to cancel and the visits before payment",
    { timeout: 120_000 },
    async () => {
      const page = textOf((await api.anonymous().get("/memberships")).text);
      expect(page).toContain("£40.00 a month");
      expect(page).toContain("renews monthly until you cancel");
      expect(page).toContain("Cancel at any time on your account page");
      expect(page).toContain("Includes 2 visits a month for Scissor Cut");
    },
  );

  it("sends the posted form on to Checkout; the return says the membership is active", async () => {
    const posted = await form(api.anonymous(), "/memberships", {
      planId: String(planId),
      name: "Sam Member",
      email: "sam@example.com",
      phone: "",
    });
    expect(posted.status).toBe(303);
    const checkout = posted.headers.get("location")!;
    expect(checkout).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const sessionId = checkout.split("/").at(-1)!;
    await stripe.pay(sessionId, { deliverEvent: false });
    const back = textOf((await api.anonymous().get(`/memberships?joined=${sessionId}`)).text);
    expect(back).toContain("your Two cuts a month membership is active");
  });

  it("keeps what was typed and says what is wrong", async () => {
    const refused = await form(api.anonymous(), "/memberships", { planId: String(planId), name: "Sam", email: "nope" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please enter a valid email address");
    expect(refused.text).toContain('value="Sam"');
  });

  it("shows the member their visits and next payment, cancels at the period's end and opens the billing portal", async () => {
    const customer = api.anonymous();
    const token = await createSignInLink(api.db, "sam@example.com");
    expect((await customer.post(`/api/account/sign-in/${token}`)).status).toBe(200);
    const page = textOf((await customer.get("/account")).text);
    expect(page).toContain("Your membership");
    expect(page).toContain("2 of 2 visits left this month");
    expect(page).toMatch(/Next payment: £40\.00 on /);
    const id = String((await customer.get("/api/account")).body.memberships[0].id);

    const card = await form(customer, "/account", { intent: "membership-card", membershipId: id });
    expect(card.status).toBe(303);
    expect(card.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));

    const cancelled = await form(customer, "/account", { intent: "membership-cancel", membershipId: id });
    expect(cancelled.status).toBe(303);
    const after = textOf((await customer.get("/account")).text);
    expect(after).toMatch(/Cancelled: it stays active until .+, and nothing more is taken\./);
    expect(after).not.toContain(">Cancel membership<");

    const { id: customerId } = await api.db
      .selectFrom("customers")
      .select("id")
      .where("email", "=", "sam@example.com")
      .executeTakeFirstOrThrow();
    const record = textOf((await admin.get(`/admin/customers/${customerId}`)).text);
    expect(record).toContain("Two cuts a month");
    expect(record).toContain("0 of 2 visits used");
    expect(record).toContain("(ends at the period");
  });
});
