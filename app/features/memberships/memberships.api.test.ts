import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { addService } from "../../../tests/support/bookings";
import { startApiWithStripe } from "../../../tests/support/stripe-app";
import { TEST_STRIPE_WEBHOOK_SECRET, type StripeDouble } from "../../../tests/support/stripe-double";
import type { TestApi, TestClient } from "../../../tests/support/test-app";
import { createSignInLink } from "~/features/account/account.server";

/* Memberships (issue 34): plans at Stripe, joining through Checkout, and Stripe's billing events once each. */

let stripe: StripeDouble;
let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId = 0;

const plan = (extra: object = {}) => ({
  name: "Two cuts a month",
  monthlyPrice: 40,
  serviceIds: [serviceId],
  visitsPerMonth: 2,
  description: "Any two cuts.",
  ...extra,
});

const membershipRow = (email: string) =>
  api.db
    .selectFrom("memberships")
    .innerJoin("customers", "customers.id", "memberships.customer_id")
    .selectAll("memberships")
    .where("customers.email", "=", email)
    .orderBy("memberships.id", "desc")
    .executeTakeFirstOrThrow();

/** Joins a plan through the double's Checkout and the webhook's jobs; answers the subscription's id. */
async function join(planId: number, email: string) {
  const started = await api.anonymous().post("/api/memberships", { planId, name: "Sam Member", email });
  expect(started.status).toBe(201);
  const sessionId = String(started.body.checkoutUrl).split("/pay/")[1]!;
  const paid = await stripe.pay(sessionId);
  expect(paid.status).toBe(200);
  await api.runJobs();
  return stripe.sessions.get(sessionId)!.subscription!;
}

let close: () => Promise<void>;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ stripe, api, admin, close } = await startApiWithStripe({
    env: { SMTP_URL: sink.url, PUBLIC_URL: "http://barbers.test" },
  }));
  serviceId = await addService(api.db, "Scissor Cut", 20);
});
afterAll(async () => {
  await close();
  await sink.close();
});

describe("membership plans", () => {
  it("are made by the owner as a Stripe Product with a monthly GBP Price, and listed to everyone while active", async () => {
    const created = await admin.post("/api/membership-plans", plan());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Two cuts a month",
      monthlyPrice: 40,
      visitsPerMonth: 2,
      serviceIds: [serviceId],
      services: ["Scissor Cut"],
      active: true,
    });
    const price = stripe.callsTo("POST", "/v1/prices").at(-1)!;
    expect(price.params).toMatchObject({
      unit_amount: "4000",
      currency: "gbp",
      "recurring[interval]": "month",
      product: expect.stringMatching(/^prod_/),
    });
    const listed = await api.anonymous().get("/api/membership-plans");
    expect(listed.body.map((p: { id: number }) => p.id)).toContain(created.body.id);
  });

  it("refuses a stranger (401) and bad input (400), saving nothing at Stripe", async () => {
    const products = stripe.callsTo("POST", "/v1/products").length;
    expect((await api.anonymous().post("/api/membership-plans", plan())).status).toBe(401);
    const bad = await admin.post("/api/membership-plans", plan({ visitsPerMonth: 32, serviceIds: [] }));
    expect(bad.status).toBe(400);
    expect(stripe.callsTo("POST", "/v1/products")).toHaveLength(products);
  });

  it("a new price makes a new Price for new members; existing members keep theirs; a retired plan takes nobody new", async () => {
    const { id } = (await admin.post("/api/membership-plans", plan({ name: "Price change" }))).body;
    await join(id, "early@example.com");
    const firstPrice = (await membershipRow("early@example.com")).stripe_price_id;
    const changed = await admin.put(`/api/membership-plans/${id}`, plan({ name: "Price change", monthlyPrice: 45 }));
    expect(changed.status).toBe(200);
    expect(changed.body.monthlyPrice).toBe(45);
    const newPrice = stripe.callsTo("POST", "/v1/prices").at(-1)!;
    expect(newPrice.params.unit_amount).toBe("4500");
    expect(stripe.billing.prices.get(firstPrice)!.active).toBe(false);
    await join(id, "late@example.com");
    const late = await membershipRow("late@example.com");
    expect(late.stripe_price_id).not.toBe(firstPrice);
    expect(late.monthly_price_pence).toBe(4500);
    const early = await membershipRow("early@example.com");
    expect(early).toMatchObject({ stripe_price_id: firstPrice, monthly_price_pence: 4000, status: "active" });
    const subscription = stripe.billing.subscriptions.get(early.stripe_subscription_id!)!;
    expect(subscription.items.data[0]!.price.id).toBe(firstPrice);

    expect((await admin.delete(`/api/membership-plans/${id}`)).status).toBe(204);
    const listed = await api.anonymous().get("/api/membership-plans");
    expect(listed.body.map((p: { id: number }) => p.id)).not.toContain(id);
    const refused = await api
      .anonymous()
      .post("/api/memberships", { planId: id, name: "Too Late", email: "x@example.com" });
    expect(refused.status).toBe(404);
    expect((await membershipRow("early@example.com")).status).toBe("active");
  });
});

describe("joining and Stripe's events", () => {
  let planId = 0;
  beforeAll(async () => {
    planId = (await admin.post("/api/membership-plans", plan({ name: "Events" }))).body.id;
  });

  it("opens Checkout in mode=subscription on the plan's Price and makes the member a customer", async () => {
    const started = await api.anonymous().post("/api/memberships", {
      planId,
      name: "Pat Joiner",
      email: "pat@example.com",
      phone: "07911 123456",
    });
    expect(started.status).toBe(201);
    expect(Object.keys(started.body)).toEqual(["checkoutUrl"]);
    const session = stripe.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(session.params).toMatchObject({
      mode: "subscription",
      "line_items[0][quantity]": "1",
      "metadata[purpose]": "membership",
      "subscription_data[metadata][purpose]": "membership",
    });
    const customer = await api.db
      .selectFrom("customers")
      .select("name")
      .where("email", "=", "pat@example.com")
      .executeTakeFirstOrThrow();
    expect(customer.name).toBe("Pat Joiner");
    expect((await membershipRow("pat@example.com")).status).toBe("pending");
  });

  it("is active for Stripe's current period once paid, with the invoice in the ledger once however often it comes", async () => {
    const subscriptionId = await join(planId, "once@example.com");
    const row = await membershipRow("once@example.com");
    const item = stripe.billing.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(row).toMatchObject({
      status: "active",
      stripe_subscription_id: subscriptionId,
      period_start: new Date(item.current_period_start * 1000).toISOString(),
      period_end: new Date(item.current_period_end * 1000).toISOString(),
      visits_used: 0,
    });
    // Stripe sends the same events again (a retry): each is stored once and queues nothing more.
    for (const type of ["invoice.paid", "checkout.session.completed"]) {
      const event = stripe.events.filter((sent) => sent.type === type).at(-1)!;
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: TEST_STRIPE_WEBHOOK_SECRET,
      });
      expect(await stripe.deliver({ payload: event.payload, signature })).toBe(200);
    }
    expect(await api.db.selectFrom("jobs").select("id").where("state", "=", "pending").execute()).toHaveLength(0);
    await api.runJobs();
    const ledger = await api.db.selectFrom("money_movements").selectAll().where("membership_id", "=", row.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "membership_invoice", method: "online", amount_pence: 4000 });
    expect(ledger[0]!.idempotency_key).toMatch(/^membership-invoice-in_/);
    const today = new Date().toISOString().slice(0, 10);
    const books = await admin.get(`/api/reports/summary?from=${today}&to=${today}`);
    expect(books.body.memberships.activeMembers).toBeGreaterThanOrEqual(1);
    expect(books.body.memberships.income).toBeGreaterThanOrEqual(40);
  });

  it("refuses a forged event (400) and changes nothing", async () => {
    const before = await api.db.selectFrom("jobs").select("id").execute();
    const forged = await fetch(`${api.baseUrl}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      body: JSON.stringify({ id: "evt_forged", type: "invoice.paid", data: { object: { object: "invoice" } } }),
    });
    expect(forged.status).toBe(400);
    expect(await api.db.selectFrom("jobs").select("id").execute()).toHaveLength(before.length);
  });

  it("a failed renewal makes it past_due and mails the member; a paid one makes it active for the next month", async () => {
    const subscriptionId = await join(planId, "declined@example.com");
    await stripe.renew(subscriptionId, { decline: true });
    await api.runJobs();
    await api.runJobs();
    expect((await membershipRow("declined@example.com")).status).toBe("past_due");
    const mail = sink.to("declined@example.com").find((message) => message.subject.includes("did not go through"));
    expect(mail?.subject).toContain("membership payment did not go through");
    expect(mail?.body).toContain("Change card");

    await stripe.renew(subscriptionId);
    await api.runJobs();
    const renewed = await membershipRow("declined@example.com");
    expect(renewed.status).toBe("active");
    const item = stripe.billing.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(renewed.period_end).toBe(new Date(item.current_period_end * 1000).toISOString());
    const invoices = await api.db
      .selectFrom("money_movements")
      .select("amount_pence")
      .where("membership_id", "=", renewed.id)
      .execute();
    expect(invoices).toHaveLength(2);
  });

  it("the member cancels on their page: Stripe is told cancel_at_period_end, it stays active, then ends with the period", async () => {
    const subscriptionId = await join(planId, "leaving@example.com");
    const customer = api.anonymous();
    const token = await createSignInLink(api.db, "leaving@example.com");
    expect((await customer.post(`/api/account/sign-in/${token}`)).status).toBe(200);
    const account = await customer.get("/api/account");
    const [membership] = account.body.memberships;
    expect(membership).toMatchObject({ status: "active", visitsPerMonth: 2, visitsUsed: 0, cancelAtPeriodEnd: false });

    const portal = await customer.post(`/api/account/memberships/${membership.id}/change-card`);
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/\/portal\/bps_/);
    expect(stripe.callsTo("POST", "/v1/billing_portal/sessions").at(-1)!.params).toMatchObject({
      customer: stripe.billing.subscriptions.get(subscriptionId)!.customer,
      return_url: "http://barbers.test/account",
    });

    const cancelled = await customer.post(`/api/account/memberships/${membership.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(stripe.callsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({
      cancel_at_period_end: "true",
    });
    await api.runJobs();
    expect((await membershipRow("leaving@example.com")).status).toBe("active");

    // Someone else's membership is not theirs to cancel.
    const other = await membershipRow("once@example.com");
    expect((await customer.post(`/api/account/memberships/${other.id}/cancel`)).status).toBe(404);

    await stripe.renew(subscriptionId);
    await api.runJobs();
    expect((await membershipRow("leaving@example.com")).status).toBe("cancelled");
  });

  it("lists every membership for the owner with its plan, member, period and visits used", async () => {
    expect((await api.anonymous().get("/api/memberships")).status).toBe(401);
    const listed = await admin.get("/api/memberships");
    expect(listed.status).toBe(200);
    const once = listed.body.find((row: { member: { email: string } }) => row.member.email === "once@example.com");
    expect(once).toMatchObject({
      status: "active",
      plan: { id: planId, name: "Events" },
      member: { name: "Sam Member" },
      visitsUsed: 0,
      visitsPerMonth: 2,
    });
    expect(once.periodEnd > once.periodStart).toBe(true);
  });

  it("answers 503 when Stripe is down, and joins nobody", async () => {
    stripe.state.down = true;
    try {
      const started = await api
        .anonymous()
        .post("/api/memberships", { planId, name: "Down", email: "down@example.com" });
      expect(started.status).toBe(503);
    } finally {
      stripe.state.down = false;
    }
    const listed = await admin.get("/api/memberships");
    expect(listed.body.some((row: { member: { email: string } }) => row.member.email === "down@example.com")).toBe(
      false,
    );
  });
});

describe("the customer's export and erasure", () => {
  it("export the gift cards a member bought and their membership; erasure blanks the buyer and ends the membership at Stripe", async () => {
    const { payments: _payments, giftCards: _giftCards, ...settings } = (await admin.get("/api/settings")).body;
    const giftCards = { enabled: true, amounts: [10, 25, 50], min: 5, max: 500, validMonths: 24 };
    expect((await admin.put("/api/settings", { ...settings, giftCards })).status).toBe(200);
    const planId = (await admin.post("/api/membership-plans", plan({ name: "Erasure" }))).body.id;
    const subscriptionId = await join(planId, "gone@example.com");
    const bought = await api.anonymous().post("/api/gift-cards", {
      amount: 25,
      buyer: { name: "Sam Member", email: "Gone@example.com" },
      recipient: { name: "Jo Friend" },
      message: "Enjoy",
    });
    await stripe.pay(String(bought.body.checkoutUrl).split("/pay/")[1]!);
    await api.runJobs();
    const { id } = await api.db
      .selectFrom("customers")
      .select("id")
      .where("email", "=", "gone@example.com")
      .executeTakeFirstOrThrow();

    const record = await admin.get(`/api/customers/${id}`);
    expect(record.body.memberships).toMatchObject([{ plan: { name: "Erasure" }, status: "active", visitsUsed: 0 }]);
    const exported = await admin.get(`/api/customers/${id}/export`);
    expect(exported.body.giftCards.bought).toMatchObject([
      { amount: 25, buyerName: "Sam Member", recipientName: "Jo Friend", message: "Enjoy", status: "issued" },
    ]);
    expect(exported.body.memberships).toMatchObject([{ plan: { name: "Erasure" }, status: "active" }]);
    expect(JSON.stringify(exported.body)).not.toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);

    expect((await admin.delete(`/api/customers/${id}`)).status).toBe(200);
    expect(stripe.billing.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    const purchase = await api.db
      .selectFrom("gift_card_purchases")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ buyer_name: "[erased]", buyer_email: "", message: null, amount_pence: 2500 });
    const membership = await api.db
      .selectFrom("memberships")
      .selectAll()
      .where("plan_id", "=", planId)
      .executeTakeFirstOrThrow();
    expect(membership.status).toBe("cancelled");
  });
});
