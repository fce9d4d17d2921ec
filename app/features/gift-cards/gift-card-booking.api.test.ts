import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/* POST /api/bookings with `giftCardCode`: the card pays the deposit or prepayment first, Checkout the rest. */

let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
let nextDay = 3;

async function setPayments(policy: "deposit" | "prepayment" | "none", deposit = 10) {
  const { payments: _payments, giftCards: _giftCards, ...settings } = (await admin.get("/api/settings")).body;
  const payments = { policy, deposit, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 };
  expect((await admin.put("/api/settings", { ...settings, payments })).status).toBe(200);
}

const issue = async (amount: number) =>
  (await admin.post("/api/gift-cards/issue", { amount, recipient: { name: "Jo" }, reason: "Sold", paidBy: "cash" }))
    .body as { id: number; code: string };

const book = (giftCardCode?: string) =>
  api.anonymous().post("/api/bookings", {
    customerName: "Sam Taylor",
    customerEmail: "sam@example.com",
    customerPhone: "07911 123456",
    services: [serviceId],
    date: addDays(shopToday(), nextDay++),
    startTime: "10:00",
    memberId,
    giftCardCode,
  });

const balance = async (code: string) =>
  (await admin.get("/api/gift-cards")).body.find((card: { code: string }) => card.code === code);

beforeAll(async () => {
  stripe = await startStripeDouble();
  api = await startTestApi({
    env: { ...stripeDoubleEnv(stripe), BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  admin = await api.admin();
  ({ serviceId, memberId } = await serviceWithBarber(admin));
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});
beforeEach(async () => {
  await setPayments("deposit");
});

describe("booking with a gift card", () => {
  it("takes a £10 deposit from a £25 card with nothing sent to Checkout, and gives it back on a cancellation in time", async () => {
    const card = await issue(25);
    const sessionsBefore = stripe.callsTo("POST", "/v1/checkout/sessions").length;
    const booked = await book(card.code.toLowerCase().replaceAll("-", " "));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: "confirmed", payment: null });
    expect(stripe.callsTo("POST", "/v1/checkout/sessions")).toHaveLength(sessionsBefore);
    const spent = await balance(card.code);
    expect(spent.balance).toBe(15);
    expect(spent.history.at(-1)).toMatchObject({ kind: "spent", amount: -10, bookingReference: booked.body.reference });
    const ledger = await api.db
      .selectFrom("money_movements")
      .selectAll()
      .where("kind", "=", "gift_card_spend")
      .execute();
    expect(ledger.at(-1)).toMatchObject({ method: "gift_card", amount_pence: 1000, gift_card_id: card.id });

    const cancelled = await api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/cancel`);
    expect(cancelled.status).toBe(200);
    const back = await balance(card.code);
    expect(back.balance).toBe(25);
    expect(back.history.at(-1)).toMatchObject({ kind: "refunded", amount: 10 });
    expect(stripe.callsTo("POST", "/v1/refunds")).toHaveLength(0);
  });

  it("takes what a £15 card has of a £20 prepayment and sends only the rest to Checkout; the paid booking is confirmed", async () => {
    await setPayments("prepayment");
    const card = await issue(15);
    const booked = await book(card.code);
    expect(booked.status).toBe(201);
    expect(booked.body.status).toBe("awaiting_payment");
    // The £20 cut and the shop's booking fee, less the card's £15.
    const rest = booked.body.total - 15;
    expect(booked.body.payment).toMatchObject({ kind: "prepayment", amount: rest });
    const session = stripe.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(session.params["line_items[0][price_data][unit_amount]"]).toBe(String(rest * 100));
    expect((await balance(card.code)).balance).toBe(0);
    await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    const booking = await api.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", booked.body.reference)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("confirmed");
  });

  it("gives the card's part back when the rest is never paid", async () => {
    await setPayments("prepayment");
    const card = await issue(15);
    const booked = await book(card.code);
    expect((await balance(card.code)).balance).toBe(0);
    await stripe.expire(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    expect((await balance(card.code)).balance).toBe(15);
  });

  it("refuses an unknown code (400) and a void or empty card (409), booking nothing", async () => {
    const before = await api.db.selectFrom("bookings").select("id").execute();
    const unknown = await book("2345-6789-ABCD-EFGH");
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues?.[0]?.path ?? unknown.body.message).toBeTruthy();
    const card = await issue(10);
    await admin.post(`/api/gift-cards/${card.code}/void`, { reason: "Lost" });
    const voided = await book(card.code);
    expect(voided.status).toBe(409);
    expect(voided.body.message).toContain("cancelled");
    expect(await api.db.selectFrom("bookings").select("id").execute()).toHaveLength(before.length);
  });
});
