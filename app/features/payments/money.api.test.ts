import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkUnkeyedCharges, fillLedger } from "~/db/migrations/019-money-movements";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { ledgerTotals } from "./money-ledger.server";

/*
 * Money as rows and money moving once (issues 29 and 30): the ledger against what Stripe's double holds, refunds
 * Stripe refuses, the client's Idempotency-Key, and charges and refunds whose answer from Stripe never came.
 */

let stripe: StripeDouble;
let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
let nextDay = 3;
const freshDay = () => addDays(shopToday(), nextDay++);
const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

async function setPayments(payments: object) {
  const { payments: _current, ...settings } = (await admin.get("/api/settings")).body;
  const all = { policy: "deposit", deposit: 10, noShowFee: 12.5, askFrom: "everyone", holdMinutes: 15, ...payments };
  expect((await admin.put("/api/settings", { ...settings, payments: all })).status).toBe(200);
}

/** A booking paid (or its card saved) at Checkout under `policy`; answers its id. */
async function paidBooking(policy = "deposit", email = "sam@example.com") {
  await setPayments({ policy });
  const booked = await api.anonymous().post("/api/bookings", {
    customerName: "Sam Taylor",
    customerEmail: email,
    customerPhone: "07911 123456",
    notes: "",
    services: [serviceId],
    date: freshDay(),
    startTime: "10:00",
    memberId,
  });
  expect(booked.status, booked.text).toBe(201);
  await stripe.pay(stripe.sessionOf(booked.body.reference)!.id);
  await api.runJobs();
  const row = await api.db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "=", booked.body.reference)
    .executeTakeFirstOrThrow();
  return row.id;
}

const markNoShow = (id: number) =>
  api.db.updateTable("bookings").set({ attendance: "no-show" }).where("id", "=", id).execute();

const refund = (id: number, body: object, key?: string) =>
  admin.request("POST", `/api/bookings/${id}/refund`, {
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
  });

const paymentRow = (id: number) =>
  api.db.selectFrom("booking_payments").selectAll().where("booking_id", "=", id).executeTakeFirstOrThrow();

/** The subjects of the mails that reached the customer at the SMTP server. */
const subjectsTo = async (email: string) => {
  await api.runJobs();
  return sink.to(email).map((mail) => mail.subject);
};

beforeAll(async () => {
  stripe = await startStripeDouble();
  sink = await startSmtpSink();
  api = await startTestApi({
    env: {
      ...stripeDoubleEnv(stripe),
      SMTP_URL: sink.url,
      BOOKING_MAX_PER_HOUR: "1000",
      BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000",
    },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair", duration: 30 };
  serviceId = String((await admin.post("/api/services", { ...service, title: "Skin Fade", price: 26 })).body.id);
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
  await sink.close();
});
beforeEach(() => {
  Object.assign(stripe.state, { down: false, nextCharge: "succeed", refuseRefunds: null, slowMs: 0, dropAnswers: 0 });
});

describe("a refund Stripe refuses", () => {
  it("is settled as failed: its claim given back, nothing in the ledger, the owner told Stripe's reason", async () => {
    const id = await paidBooking("prepayment");
    const { paid_pence: paid } = await paymentRow(id);
    stripe.state.refuseRefunds = "charge_disputed";
    const refused = await refund(id, { amount: 10 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Stripe refused the refund: .*charge_disputed.* Nothing was refunded\./);
    const [row] = await api.db.selectFrom("payment_refunds").selectAll().where("booking_id", "=", id).execute();
    expect(row).toMatchObject({ state: "failed", amount_pence: 1000 });
    expect(await paymentRow(id)).toMatchObject({ refund_claimed_pence: 0, status: "paid" });
    const ledger = await api.db.selectFrom("money_movements").selectAll().where("booking_id", "=", id).execute();
    expect(ledger.map((movement) => [movement.kind, movement.amount_pence])).toEqual([["prepayment", paid]]);
    // Its job, due later, does not ask Stripe again; the owner's screens show nothing refunded.
    const before = stripe.callsTo("POST", "/v1/refunds").length;
    await api.runJobs({ now: later(5) });
    expect(stripe.callsTo("POST", "/v1/refunds").length).toBe(before);
    const listed = (await admin.get("/api/booking-slots?admin=true")).body as {
      bookingId?: number;
      payment?: object;
    }[];
    expect(listed.find((slot) => slot.bookingId === id)?.payment).toMatchObject({ refunded: 0, status: "paid" });
    stripe.state.refuseRefunds = null;
    expect((await refund(id, {})).body).toMatchObject({ refunded: paid / 100, status: "refunded" });
  });

  it("a full refund Stripe refuses gives the booking back its paid status", async () => {
    const id = await paidBooking("deposit");
    stripe.state.refuseRefunds = "charge_already_refunded";
    expect((await refund(id, {})).status).toBe(409);
    expect(await paymentRow(id)).toMatchObject({ refund_claimed_pence: 0, status: "paid" });
  });
});

describe("the Idempotency-Key of a refund", () => {
  it("answers a repeat with the first answer and refunds once; another amount under the key is refused", async () => {
    const id = await paidBooking("prepayment");
    const first = await refund(id, { amount: 10 }, "click-1");
    expect(first.status).toBe(200);
    const again = await refund(id, { amount: 10 }, "click-1");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const calls = stripe.callsTo("POST", "/v1/refunds").filter((call) => call.idempotencyKey?.includes("click-1"));
    expect(calls).toHaveLength(1);
    const reused = await refund(id, { amount: 5 }, "click-1");
    expect(reused.status).toBe(422);
    expect((await refund(id, { amount: 5 }, "bad key with spaces")).status).toBe(400);
    expect((await paymentRow(id)).refund_claimed_pence).toBe(1000);
  });

  it("answers a repeat of a refused refund with the same refusal, without asking Stripe again", async () => {
    const id = await paidBooking("deposit");
    stripe.state.refuseRefunds = "charge_disputed";
    expect((await refund(id, { amount: 5 }, "click-2")).status).toBe(409);
    stripe.state.refuseRefunds = null;
    const calls = stripe.callsTo("POST", "/v1/refunds").length;
    const repeat = await refund(id, { amount: 5 }, "click-2");
    expect(repeat.status).toBe(409);
    expect(stripe.callsTo("POST", "/v1/refunds").length).toBe(calls);
  });

  it("without the header, a key is made from the request and the refunds so far, never from the clock", async () => {
    const id = await paidBooking("prepayment");
    expect((await refund(id, { amount: 4 })).status).toBe(200);
    expect((await refund(id, { amount: 4 })).status).toBe(200);
    const keys = stripe
      .callsTo("POST", "/v1/refunds")
      .slice(-2)
      .map((call) => call.idempotencyKey);
    expect(keys).toEqual([`refund-admin-${id}-after-0-400`, `refund-admin-${id}-after-1-400`]);
  });
});

describe("a refund whose answer from Stripe never came", () => {
  it("stays claimed, and its job asks again with the same key and settles Stripe's first answer", async () => {
    const id = await paidBooking("deposit", "lost-refund@example.com");
    // Stripe refunds, but its answer (and the client's one retry's) is lost on the way.
    stripe.state.dropAnswers = 2;
    const answered = await refund(id, { amount: 6 }, "lost-answer");
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ refunded: 6 });
    expect(stripe.refunds.filter((made) => made.amount === 600)).toHaveLength(1);
    const [pending] = await api.db.selectFrom("payment_refunds").selectAll().where("booking_id", "=", id).execute();
    expect(pending!.state).toBe("pending");
    await api.runJobs({ now: later(3) });
    const [done] = await api.db.selectFrom("payment_refunds").selectAll().where("booking_id", "=", id).execute();
    expect(done!.state).toBe("done");
    expect(stripe.refunds.filter((made) => made.amount === 600)).toHaveLength(1);
    const movement = await api.db
      .selectFrom("money_movements")
      .selectAll()
      .where("booking_id", "=", id)
      .where("kind", "=", "refund")
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ amount_pence: -600, stripe_refund_id: done!.stripe_refund_id });
    expect(await subjectsTo("lost-refund@example.com")).toContainEqual(expect.stringMatching(/^Refund of £6\.00 /));
  });
});

describe("a no-show fee whose answer from Stripe never came (a crash while the fee is at Stripe)", () => {
  it("answers 503, blocks a second charge, and its job settles the charge Stripe made, once, within minutes", async () => {
    const id = await paidBooking("card", "lost-charge@example.com");
    await markNoShow(id);
    stripe.state.dropAnswers = 2;
    const lost = await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" });
    expect(lost.status).toBe(503);
    expect(lost.body.message).toMatch(/being checked with Stripe/);
    expect(await paymentRow(id)).toMatchObject({ charge_state: "charging", charged_pence: 0 });
    expect((await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" })).status).toBe(409);
    expect((await admin.post(`/api/bookings/${id}/payment-link`)).status).toBe(409);
    const intentsBefore = stripe.callsTo("POST", "/v1/payment_intents").length;
    await api.runJobs({ now: later(1) });
    expect((await paymentRow(id)).charge_state).toBe("charging");
    await api.runJobs({ now: later(3) });
    const row = await paymentRow(id);
    expect(row).toMatchObject({ charge_state: "charged", status: "charged", charged_pence: 1250 });
    // Asked again with the same key: Stripe's first answer, no second charge.
    const asked = stripe.callsTo("POST", "/v1/payment_intents").slice(intentsBefore);
    expect(asked.map((call) => call.idempotencyKey)).toEqual([row.charge_key]);
    const fee = await api.db
      .selectFrom("money_movements")
      .selectAll()
      .where("booking_id", "=", id)
      .where("kind", "=", "fee")
      .execute();
    expect(fee).toEqual([
      expect.objectContaining({ amount_pence: 1250, method: "card_on_file", idempotency_key: row.charge_key }),
    ]);
    const fees = (await subjectsTo("lost-charge@example.com")).filter((subject) =>
      subject.startsWith("A fee of £12.50 was charged"),
    );
    expect(fees).toHaveLength(1);
    // Settled: the refund is open again.
    expect((await refund(id, {})).body).toMatchObject({ refunded: 12.5 });
  });

  it("a charge the bank declined, whose answer was lost, is released by its job for a payment link", async () => {
    const id = await paidBooking("card");
    await markNoShow(id);
    stripe.state.nextCharge = "card_declined";
    stripe.state.dropAnswers = 2;
    expect((await admin.post(`/api/bookings/${id}/charge`, { reason: "no-show" })).status).toBe(503);
    await api.runJobs({ now: later(3) });
    expect(await paymentRow(id)).toMatchObject({ charge_state: null, charge_key: null, charged_pence: 0 });
    stripe.state.nextCharge = "succeed";
    expect((await admin.post(`/api/bookings/${id}/payment-link`)).status).toBe(200);
  });

  it("charges and mails the customer when Stripe answers at once, and the job then has nothing to do", async () => {
    const id = await paidBooking("card", "late@example.com");
    const { date } = await api.db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select("s.date")
      .where("b.id", "=", id)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable("bookings")
      .set({ status: "cancelled", cancelled_by: "customer", cancelled_at: shopInstant(date, "08:00").toISOString() })
      .where("id", "=", id)
      .execute();
    const charged = await admin.post(`/api/bookings/${id}/charge`, { reason: "late-cancellation" });
    expect(charged.status, charged.text).toBe(200);
    await api.runJobs();
    const fee = sink.to("late@example.com").find((sent) => sent.subject.startsWith("A fee of £12.50 was charged"));
    expect(fee?.leaves[0]?.body).toMatch(/cancelled inside our cancellation notice/);
    const checks = await api.db
      .selectFrom("jobs")
      .select("id")
      .where("unique_key", "=", `charge-check-${id}`)
      .execute();
    expect(checks).toHaveLength(0);
  });
});

describe("a payment mail's job", () => {
  it("carries the booking's id, not the customer's name or address, and mails nobody once they are erased", async () => {
    const email = "payload@example.com";
    const id = await paidBooking("deposit", email);
    const mailJobs = () =>
      api.db
        .selectFrom("jobs")
        .select(["id", "payload"])
        .where("kind", "=", "payment-mail")
        .where("state", "=", "pending");
    const before = new Set((await mailJobs().execute()).map((job) => job.id));
    // The refund is asked of Stripe in the request; its mail waits in the queue.
    expect((await refund(id, { amount: 5 }, "payload-refund")).status).toBe(200);
    const queued = (await mailJobs().execute()).filter((job) => !before.has(job.id));
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]!.payload)).toMatchObject({ kind: "refund", bookingId: id, amountPence: 500 });
    expect(queued[0]!.payload).not.toMatch(/payload@|Sam|Taylor/i);

    const { customer_id } = await api.db
      .selectFrom("bookings")
      .select("customer_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect((await admin.delete(`/api/customers/${customer_id}`)).status).toBe(200);
    expect(await subjectsTo(email)).not.toContainEqual(expect.stringMatching(/refund/i));
  });
});

describe("a charge left charging by a crash before charges kept their key", () => {
  it("is found among the customer's payments at Stripe and settled, or released when Stripe has none", async () => {
    const charged = await paidBooking("card", "old-charged@example.com");
    const never = await paidBooking("card", "old-never@example.com");
    await markNoShow(charged);
    await markNoShow(never);
    // As the code before migration 019 left it: Stripe charged, the booking "charging" with no key, nothing recorded.
    expect((await admin.post(`/api/bookings/${charged}/charge`, { reason: "no-show" })).status).toBe(200);
    const stuck = {
      charge_state: "charging" as const,
      charge_key: null,
      charged_pence: 0,
      status: "card_saved" as const,
    };
    await api.db.updateTable("booking_payments").set(stuck).where("booking_id", "in", [charged, never]).execute();
    await api.db
      .updateTable("booking_payments")
      .set({ charge_intent_id: null })
      .where("booking_id", "=", charged)
      .execute();
    await api.db.deleteFrom("money_movements").where("booking_id", "=", charged).where("kind", "=", "fee").execute();
    await api.db.deleteFrom("jobs").where("unique_key", "like", "charge-check-%").execute();
    expect((await admin.post(`/api/bookings/${never}/payment-link`)).status).toBe(409);
    const intents = stripe.callsTo("POST", "/v1/payment_intents").length;
    await checkUnkeyedCharges(api.db);
    await api.runJobs();
    expect(await paymentRow(charged)).toMatchObject({ charge_state: "charged", charged_pence: 1250 });
    expect(await paymentRow(never)).toMatchObject({ charge_state: null, charged_pence: 0 });
    expect(stripe.callsTo("POST", "/v1/payment_intents").length).toBe(intents);
    const fees = await api.db
      .selectFrom("money_movements")
      .select("amount_pence")
      .where("booking_id", "in", [charged, never])
      .where("kind", "=", "fee")
      .execute();
    expect(fees).toEqual([{ amount_pence: 1250 }]);
    expect((await admin.post(`/api/bookings/${never}/payment-link`)).status).toBe(200);
  });
});

describe("the ledger", () => {
  it("sums to what Stripe holds, to the penny, after payments, refunds, fees, refusals and kept deposits", async () => {
    const deposit = await paidBooking("deposit", "a@example.com");
    const prepaid = await paidBooking("prepayment", "b@example.com");
    const card = await paidBooking("card", "c@example.com");
    const kept = await paidBooking("deposit", "d@example.com");
    await markNoShow(card);
    await markNoShow(kept);
    expect((await admin.post(`/api/bookings/${card}/charge`, { reason: "no-show" })).status).toBe(200);
    expect((await admin.post(`/api/bookings/${kept}/keep-deposit`)).status).toBe(200);
    expect((await refund(prepaid, { amount: 7.77 }, "p1")).status).toBe(200);
    expect((await refund(card, { amount: 2.5 }, "c1")).status).toBe(200);
    stripe.state.refuseRefunds = "charge_disputed";
    expect((await refund(prepaid, { amount: 1 }, "p2")).status).toBe(409);
    stripe.state.refuseRefunds = null;
    expect((await refund(deposit, {}, "d1")).status).toBe(200);
    await api.runJobs();
    const totals = await ledgerTotals(api.db);
    expect(totals.cash).toBe(stripe.totals().net);
    expect(-totals.of("refund")).toBe(stripe.totals().refunded);
    expect(totals.of("deposit") + totals.of("prepayment") + totals.of("fee")).toBe(stripe.totals().taken);
    expect(totals.of("kept_deposit")).toBe(1000);
    const month = (await admin.get("/api/payments/summary")).body;
    expect(month.refunds).toBe(stripe.totals().refunded / 100);
    expect(month.kept).toBe(10);
  });

  it("is what migration 019 fills from the payment columns", async () => {
    const written = async () =>
      (
        await api.db
          .selectFrom("money_movements")
          .select(["kind", "method", "amount_pence", "booking_id", "stripe_payment_intent_id", "stripe_refund_id"])
          .execute()
      )
        .map((row) => JSON.stringify(row))
        .sort();
    const claims = async () =>
      (await api.db.selectFrom("booking_payments").select(["booking_id", "refund_claimed_pence"]).execute()).sort(
        (a, b) => a.booking_id - b.booking_id,
      );
    const live = await written();
    const liveClaims = await claims();
    expect(live.length).toBeGreaterThan(5);
    await api.db.deleteFrom("money_movements").execute();
    await api.db.updateTable("booking_payments").set({ refund_claimed_pence: 0 }).execute();
    await fillLedger(api.db);
    expect(await written()).toEqual(live);
    expect(await claims()).toEqual(liveClaims);
  });
});
