import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOT_ENOUGH_TIME_MESSAGE } from "~/features/booking/booking-messages.schema";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { startClockAt } from "~/lib/clock";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import {
  TEST_STRIPE_SECRET_KEY,
  TEST_STRIPE_WEBHOOK_SECRET,
  startStripeDouble,
  stripeDoubleEnv,
  type StripeDouble,
} from "../../../tests/support/stripe-double";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

const customer = {
  customerName: "Sam Taylor",
  customerEmail: "sam@example.com",
  customerPhone: "07911 123456",
  notes: "",
};

let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;

/** A day of its own for each booking: the shop and Bea work every day, within the booking horizon. */
let nextDay = 3;
const freshDay = () => addDays(shopToday(), nextDay++);

const paymentsSettings = (payments: object) => ({
  policy: "deposit",
  deposit: 10,
  noShowFee: 12,
  askFrom: "everyone",
  holdMinutes: 15,
  ...payments,
});

async function setPayments(payments: object, client: TestClient = admin) {
  const { payments: _current, ...settings } = (await client.get("/api/settings")).body;
  return client.put("/api/settings", { ...settings, payments: paymentsSettings(payments) });
}

const book = (date: string, startTime = "10:00", extra: object = {}) =>
  api.anonymous().post("/api/bookings", { ...customer, services: [serviceId], date, startTime, memberId, ...extra });

const offered = async (date: string) =>
  (
    (await api.anonymous().get(`/api/availability?date=${date}&services=${serviceId}`)).body as { startTime: string }[]
  ).map((time) => time.startTime);

const manage = async (token: string) => (await api.anonymous().get(`/api/bookings/manage/${token}`)).body;

const bookingIdOf = async (reference: string) =>
  (await api.db.selectFrom("bookings").select("id").where("reference", "=", reference).executeTakeFirstOrThrow()).id;

const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  stripe = await startStripeDouble();
  api = await startTestApi({
    env: { ...stripeDoubleEnv(stripe), BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair", duration: 30 };
  serviceId = String((await admin.post("/api/services", { ...service, title: "Scissor Cut", price: 20 })).body.id);
  const member = await admin.post("/api/team", {
    name: "Bea",
    bio: "",
    image: null,
    serviceIds: [serviceId],
    weeklyHours: DEFAULT_SETTINGS.openingHours,
    timeOff: [],
  });
  memberId = member.body.id;
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});
beforeEach(async () => {
  stripe.state.down = false;
  stripe.state.nextCharge = "succeed";
  expect((await setPayments({})).status).toBe(200);
});

describe("Settings → Payments", () => {
  it("shows the policy to everyone, the rest to admins, and never a key", async () => {
    const visitor = (await api.anonymous().get("/api/settings")).body;
    expect(visitor.payments).toEqual({ policy: "deposit", deposit: 10, noShowFee: 12 });
    const owner = (await admin.get("/api/settings")).body;
    expect(owner.payments).toMatchObject({
      policy: "deposit",
      askFrom: "everyone",
      holdMinutes: 15,
      stripeSecretKey: "environment",
      stripeWebhookSecret: "environment",
    });
    expect(JSON.stringify(owner)).not.toContain(TEST_STRIPE_SECRET_KEY);
  });

  it("refuses a hold outside 1–60 minutes and a negative deposit, changing nothing", async () => {
    for (const bad of [{ holdMinutes: 0 }, { holdMinutes: 61 }, { deposit: -1 }, { policy: "bitcoin" }]) {
      const response = await setPayments(bad);
      expect(response.status).toBe(400);
      expect(response.body.message).toBeTruthy();
    }
    expect((await admin.get("/api/settings")).body.payments.holdMinutes).toBe(15);
  });

  it("without keys allows only none; pasted keys are sealed, never shown, and then allow a policy", async () => {
    const bare = await startTestApi();
    try {
      const owner = await bare.admin();
      const refused = await setPayments({}, owner);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/STRIPE_SECRET_KEY/);
      expect((await setPayments({ policy: "none" }, owner)).status).toBe(200);
      const pasted = await setPayments(
        { stripeSecretKey: "sk_test_pasted_123", stripeWebhookSecret: "whsec_pasted_456" },
        owner,
      );
      expect(pasted.status).toBe(200);
      expect(pasted.body.payments).toMatchObject({ stripeSecretKey: "settings", stripeWebhookSecret: "settings" });
      expect(pasted.text).not.toContain("sk_test_pasted_123");
      const row = await bare.db.selectFrom("payment_settings").selectAll().executeTakeFirstOrThrow();
      expect(row.stripe_secret_key_sealed).not.toContain("sk_test_pasted_123");
      expect((await owner.get("/api/settings")).text).not.toContain("pasted");
    } finally {
      await bare.close();
    }
  });
});

describe("POST /api/bookings with a deposit", () => {
  it("answers 201 awaiting payment with a GBP Checkout session, and holds the time", async () => {
    const date = freshDay();
    const response = await book(date);
    expect(response.status).toBe(201);
    expect(response.body.status).toBe("awaiting_payment");
    expect(response.body.payment).toMatchObject({ kind: "deposit", amount: 10, status: "awaiting" });
    expect(response.body.payment.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    expect(Date.parse(response.body.payment.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(response.body.manageToken).toBeTruthy();
    const [created] = stripe.callsTo("POST", "/v1/checkout/sessions").slice(-1);
    expect(created!.params).toMatchObject({
      mode: "payment",
      currency: "gbp",
      client_reference_id: response.body.reference,
      "payment_intent_data[setup_future_usage]": "off_session",
      "line_items[0][price_data][unit_amount]": "1000",
      "line_items[0][price_data][currency]": "gbp",
    });
    expect(created!.params.success_url).toContain(`${api.config.publicUrl}/bookings/paid?session_id=`);
    expect(created!.params.cancel_url).toContain(api.config.publicUrl);
    expect(await offered(date)).not.toContain("10:00");
    expect((await manage(response.body.manageToken)).status).toBe("awaiting_payment");
    const listed = (await admin.get(`/api/booking-slots?admin=true&from=${date}&to=${date}`)).body;
    expect(listed[0]).toMatchObject({ reference: response.body.reference, payment: { status: "awaiting" } });
  });

  it("asks the total when the deposit is above it, and everything for prepayment", async () => {
    await setPayments({ deposit: 50 });
    expect((await book(freshDay())).body.payment.amount).toBe(28);
    await setPayments({ policy: "prepayment" });
    const prepaid = await book(freshDay());
    expect(prepaid.body.payment).toMatchObject({ kind: "prepayment", amount: 28 });
  });

  it("books exactly as today when no payment applies", async () => {
    await setPayments({ policy: "none" });
    const response = await book(freshDay());
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: "confirmed", payment: null, mailStatus: expect.any(String) });
  });

  it("asks only risky customers with askFrom=risky: a regular who came is not asked", async () => {
    await setPayments({ askFrom: "risky" });
    expect((await book(freshDay(), "10:00", { customerEmail: "new@example.com" })).body.status).toBe(
      "awaiting_payment",
    );
    await setPayments({ policy: "none" });
    const visit = await book(freshDay(), "10:00", { customerEmail: "regular@example.com" });
    await api.db
      .updateTable("bookings")
      .set({ attendance: "attended" })
      .where("reference", "=", visit.body.reference)
      .execute();
    await setPayments({ askFrom: "risky" });
    expect((await book(freshDay(), "10:00", { customerEmail: "Regular@example.com" })).body.status).toBe("confirmed");
  });

  it("opens no Checkout session for a time already taken: 409 before any payment is asked", async () => {
    const date = freshDay();
    expect((await book(date)).status).toBe(201);
    const sessionsBefore = stripe.callsTo("POST", "/v1/checkout/sessions").length;
    const late = await book(date, "10:00", { customerEmail: "late@example.com" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(NOT_ENOUGH_TIME_MESSAGE);
    expect(stripe.callsTo("POST", "/v1/checkout/sessions")).toHaveLength(sessionsBefore);
  });

  it("answers 503 with the shop's phone when Stripe is down, and holds nothing", async () => {
    const date = freshDay();
    stripe.state.down = true;
    const response = await book(date, "10:00", { customerEmail: "down@example.com" });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(
      `Online payment is not available right now. Please try again in a few minutes or call us on ${DEFAULT_SETTINGS.phone}.`,
    );
    stripe.state.down = false;
    expect(await offered(date)).toContain("10:00");
    const rows = await api.db
      .selectFrom("bookings")
      .select("id")
      .where("customer_email", "=", "down@example.com")
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe("POST /api/payments/webhook", () => {
  it("refuses a forged or missing signature with 400 and changes nothing", async () => {
    const booked = await book(freshDay());
    const session = stripe.sessionOf(booked.body.reference)!;
    const { event } = await stripe.pay(session.id, { deliverEvent: false });
    const forged = await api.anonymous().request("POST", "/api/payments/webhook", {
      body: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
    });
    expect(forged.status).toBe(400);
    const unsigned = await api.anonymous().request("POST", "/api/payments/webhook", {
      body: event.payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    // Signed with the right secret, but not an event's shape: refused the same way, not a server error.
    for (const payload of ['{"type":"checkout.session.completed"}', '{"id":"evt_1","type":"x","data":null}', "[]"]) {
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET });
      const shapeless = await api.anonymous().request("POST", "/api/payments/webhook", {
        body: payload,
        headers: { "content-type": "application/json", "stripe-signature": header },
      });
      expect(shapeless.status, payload).toBe(400);
    }
    await api.runJobs();
    expect((await manage(booked.body.manageToken)).status).toBe("awaiting_payment");
  });

  it("confirms once paid, mails the confirmation only then, and a replay changes nothing", async () => {
    const date = freshDay();
    const booked = await book(date);
    const id = await bookingIdOf(booked.body.reference);
    const mailsFor = async () =>
      (await api.db.selectFrom("jobs").select(["payload"]).where("kind", "=", "booking-mail").execute()).filter(
        (job) => JSON.parse(job.payload).bookingId === id,
      );
    expect(await mailsFor()).toHaveLength(0);
    const { event, status } = await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    expect(status).toBe(200);
    // The confirmation is queued with what was paid; run only the payment event so the mail job stays readable.
    await api.runJobs();
    const managed = await manage(booked.body.manageToken);
    expect(managed.status).toBe("confirmed");
    expect(managed.payment).toMatchObject({ kind: "deposit", amount: 10, status: "paid", refunded: 0, charged: 0 });
    const jobs = await api.db.selectFrom("jobs").select(["kind", "state"]).where("kind", "like", "booking-%").execute();
    expect(jobs.length).toBeGreaterThan(0);
    const replay = await stripe.deliver(event);
    expect(replay).toBe(200);
    const before = await api.db.selectFrom("jobs").select("id").execute();
    await api.runJobs();
    const after = await api.db.selectFrom("jobs").select("id").execute();
    expect(after.length).toBe(before.length);
    expect(await offered(date)).not.toContain("10:00");
  });

  it("the success page's lookup confirms through the same path when the webhook is late", async () => {
    const booked = await book(freshDay());
    const session = stripe.sessionOf(booked.body.reference)!;
    await stripe.pay(session.id, { deliverEvent: false });
    const outcome = await api.anonymous().get(`/api/payments/checkout/${session.id}`);
    expect(outcome.body).toEqual({ reference: booked.body.reference, status: "confirmed", paymentStatus: "paid" });
  });

  it("saves a card with mode=setup for the card policy", async () => {
    await setPayments({ policy: "card" });
    const booked = await book(freshDay());
    expect(booked.body.payment).toMatchObject({ kind: "card", amount: 12, status: "awaiting" });
    const session = stripe.sessionOf(booked.body.reference)!;
    expect(session.mode).toBe("setup");
    await stripe.pay(session.id);
    await api.runJobs();
    expect((await manage(booked.body.manageToken)).payment.status).toBe("card_saved");
  });
});

describe("an unpaid booking", () => {
  it("expires at expiresAt by its job: the time is offered again and Checkout closed", async () => {
    const date = freshDay();
    const booked = await book(date);
    await api.runJobs();
    expect((await manage(booked.body.manageToken)).status).toBe("awaiting_payment");
    await api.runJobs({ now: later(16) });
    const managed = await manage(booked.body.manageToken);
    expect(managed.status).toBe("expired");
    expect(managed.payment.status).toBe("expired");
    expect(await offered(date)).toContain("10:00");
    expect(stripe.sessionOf(booked.body.reference)!.status).toBe("expired");
  });

  it("a payment completing after expiry confirms it when the time is still free", async () => {
    const booked = await book(freshDay());
    await api.runJobs({ now: later(16) });
    await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    const managed = await manage(booked.body.manageToken);
    expect(managed.status).toBe("confirmed");
    expect(managed.payment.status).toBe("paid");
  });

  it("a payment completing after the time was taken is refunded in full, once", async () => {
    const date = freshDay();
    const booked = await book(date);
    await api.runJobs({ now: later(16) });
    await setPayments({ policy: "none" });
    expect((await book(date, "10:00", { customerEmail: "other@example.com" })).status).toBe(201);
    await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    await api.runJobs();
    const managed = await manage(booked.body.manageToken);
    expect(managed.status).toBe("expired");
    expect(managed.payment).toMatchObject({ status: "refunded", refunded: 10 });
    const refunds = stripe.callsTo("POST", "/v1/refunds").filter((call) => call.idempotencyKey?.includes("late"));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.params.amount).toBe("1000");
  });
});

describe("erasing a customer", () => {
  it("ends their booking still waiting for its deposit and closes its Checkout", async () => {
    const email = "erase-unpaid@example.com";
    const date = freshDay();
    const booked = await book(date, "10:00", { customerEmail: email });
    expect(booked.status).toBe(201);
    const erased = await admin.delete(`/api/customers/${encodeURIComponent(email)}`);
    expect(erased.status, erased.text).toBe(200);
    expect(stripe.sessionOf(booked.body.reference)!.status).toBe("expired");
    expect(await offered(date)).toContain("10:00");
    const row = await api.db
      .selectFrom("bookings")
      .select(["status", "customer_email"])
      .where("reference", "=", booked.body.reference)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("expired");
    expect(row.customer_email).not.toBe(email);
  });
});

describe("cancelling a paid booking", () => {
  async function paidBooking(date = freshDay()) {
    const booked = await book(date);
    await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    return booked.body as { reference: string; manageToken: string };
  }

  it("ahead of the notice refunds the deposit in full by a job with an Idempotency-Key", async () => {
    const booking = await paidBooking();
    const cancelled = await api.anonymous().post(`/api/bookings/manage/${booking.manageToken}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.payment).toMatchObject({ status: "refunded", refunded: 10 });
    const calls = () => stripe.callsTo("POST", "/v1/refunds").filter((call) => call.idempotencyKey?.includes("cancel"));
    const before = calls().length;
    await api.runJobs();
    await api.runJobs();
    expect(calls().length - before).toBe(1);
    expect(calls().at(-1)!.idempotencyKey).toBeTruthy();
    const refund = await api.db.selectFrom("payment_refunds").selectAll().where("state", "=", "done").execute();
    expect(refund.length).toBeGreaterThan(0);
  });

  it("inside the notice warns first and keeps the deposit", async () => {
    const date = freshDay();
    // 23 hours ahead, inside the 24-hour notice, whatever the hour the test runs at.
    startClockAt(shopInstant(addDays(date, -1), "17:00"));
    try {
      const booked = await book(date, "16:00");
      expect(booked.status).toBe(201);
      await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
      await api.runJobs();
      const page = await manage(booked.body.manageToken);
      expect(page.canCancel).toBe(true);
      expect(page.cancelWarning).toMatch(/£10\.00 deposit is kept/);
      const cancelled = await api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.payment).toMatchObject({ status: "kept", refunded: 0 });
    } finally {
      startClockAt(new Date());
    }
  });
});

describe("the owner's charge and refund", () => {
  async function cardBooking() {
    await setPayments({ policy: "card" });
    const booked = await book(freshDay());
    await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    return bookingIdOf(booked.body.reference);
  }
  const markNoShow = (id: number) =>
    api.db.updateTable("bookings").set({ attendance: "no-show" }).where("id", "=", id).execute();

  it("charges the no-show fee off-session once; a second charge is refused with 409", async () => {
    const id = await cardBooking();
    const early = await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" });
    expect(early.status).toBe(409);
    await markNoShow(id);
    const charged = await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" });
    expect(charged.status).toBe(200);
    expect(charged.body).toMatchObject({ status: "charged", charged: 12 });
    const [intent] = stripe.callsTo("POST", "/v1/payment_intents").slice(-1);
    expect(intent!.params).toMatchObject({ amount: "1200", currency: "gbp", off_session: "true", confirm: "true" });
    expect(intent!.idempotencyKey).toBeTruthy();
    expect((await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" })).status).toBe(409);
    const listed = (await admin.get("/api/booking-slots?admin=true")).body as {
      bookingId?: number;
      payment?: unknown;
    }[];
    expect(listed.find((slot) => slot.bookingId === id)?.payment).toMatchObject({ kind: "card", charged: 12 });
    const audit = await api.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "charge no-show fee")
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it.each(["card_declined", "authentication_required"] as const)(
    "answers 402 with the bank's reason when the card is %s, and marks nothing charged",
    async (outcome) => {
      const id = await cardBooking();
      await markNoShow(id);
      stripe.state.nextCharge = outcome;
      const refused = await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" });
      expect(refused.status).toBe(402);
      expect(refused.body.message).toMatch(/card/i);
      const row = await api.db
        .selectFrom("booking_payments")
        .selectAll()
        .where("booking_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ charge_state: null, charged_pence: 0, status: "card_saved" });
      stripe.state.nextCharge = "succeed";
      if (outcome === "authentication_required") {
        // The owner mails a payment link instead; paying it records the fee as charged, once. The link's Checkout
        // expiry is Stripe's, on real time: a shop clock two hours ahead (an e2e run's) must not push it past 24 h.
        startClockAt(new Date(Date.now() + 2 * 3_600_000));
        const mailed = await admin.post(`/api/bookings/${id}/payment-link`);
        startClockAt(new Date());
        expect(mailed.status, mailed.text).toBe(200);
        const feeSession = [...stripe.sessions.values()].at(-1)!;
        expect(feeSession.amount_total).toBe(1200);
        await stripe.pay(feeSession.id);
        await api.runJobs();
        const paid = await admin.get("/api/booking-slots?admin=true");
        const listed = (paid.body as { bookingId?: number; payment?: { charged: number } }[]).find(
          (slot) => slot.bookingId === id,
        );
        expect(listed?.payment).toMatchObject({ status: "charged", charged: 12 });
        expect((await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" })).status).toBe(409);
        return;
      }
      expect((await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" })).status).toBe(200);
    },
  );

  it("is for admins only, and refunds part of a deposit", async () => {
    const booked = await book(freshDay());
    await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
    await api.runJobs();
    const id = await bookingIdOf(booked.body.reference);
    expect((await api.anonymous().post(`/api/bookings/${id}/refund`, {})).status).toBe(401);
    expect((await admin.post(`/api/bookings/${id}/refund`, { amount: 20 })).status).toBe(400);
    const partial = await admin.post(`/api/bookings/${id}/refund`, { amount: 4 });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ refunded: 4, status: "paid" });
    await api.runJobs();
    const [call] = stripe.callsTo("POST", "/v1/refunds").slice(-1);
    expect(call!.params.amount).toBe("400");
    const rest = await admin.post(`/api/bookings/${id}/refund`, {});
    expect(rest.body).toMatchObject({ refunded: 10, status: "refunded" });
    expect((await admin.post(`/api/bookings/${id}/refund`, {})).status).toBe(409);
    const month = await admin.get("/api/payments/summary");
    expect(month.body.deposits).toBeGreaterThanOrEqual(10);
    expect(month.body.fees).toBeGreaterThanOrEqual(12);
    expect(month.body.refunds).toBeGreaterThanOrEqual(10);
    expect((await api.anonymous().get("/api/payments/summary")).status).toBe(401);
  });
});
