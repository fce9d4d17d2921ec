import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { payForBooking, serviceWithBarber } from "../../../tests/support/bookings";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/*
 * The owner's payment buttons without JavaScript: each is a form posted to its page's action (the calendar,
 * the admin bookings list, the customer's record), which calls the API's function and answers 303 back to the
 * page, which says what was done; a refusal is shown on the page with the API's status. Plus keep-deposit.
 */

const email = "payer@example.com";
let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
let nextDay = 3;

async function setPolicy(policy: string) {
  const { payments: _current, ...settings } = (await admin.get("/api/settings")).body;
  const payments = { policy, deposit: 10, noShowFee: 12, askFrom: "everyone", holdMinutes: 15 };
  expect((await admin.put("/api/settings", { ...settings, payments })).status).toBe(200);
}

/** A paid booking under `policy` on a day of its own; answers its id and date. */
async function paidBooking(policy: string) {
  await setPolicy(policy);
  const date = addDays(shopToday(), nextDay++);
  const booked = await api.anonymous().post("/api/bookings", {
    customerName: "Pat Payer",
    customerEmail: email,
    customerPhone: "07911 123456",
    notes: "",
    services: [serviceId],
    date,
    startTime: "10:00",
    memberId,
  });
  expect(booked.status).toBe(201);
  return { id: await payForBooking(stripe, api, booked.body.reference), date };
}

const markNoShow = (id: number) =>
  api.db.updateTable("bookings").set({ attendance: "no-show" }).where("id", "=", id).execute();

const paymentRow = (id: number) =>
  api.db.selectFrom("booking_payments").selectAll().where("booking_id", "=", id).executeTakeFirstOrThrow();

/** What the page's form posts without JavaScript. */
const postForm = (page: string, fields: Record<string, string>) =>
  admin.request("POST", page, {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });

beforeAll(async () => {
  stripe = await startStripeDouble();
  api = await startTestApi({
    pages: true,
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
beforeEach(() => {
  stripe.state.nextCharge = "succeed";
});

describe("the owner's payment forms, without JavaScript", () => {
  it("charges a no-show's fee from the calendar's day view, once, and says so; a second charge shows the 409", async () => {
    const { id, date } = await paidBooking("card");
    const day = `/admin/calendar?date=${date}`;
    expect((await admin.get(day)).text).not.toContain("Charge no-show fee");
    await markNoShow(id);
    const page = await admin.get(day);
    expect(page.text).toContain("Payments this day");
    expect(page.text).toContain("Charge no-show fee");

    const fields = { intent: "payment-charge", bookingId: String(id), reason: "no-show", back: day, confirmed: "yes" };
    const charged = await postForm(day, fields);
    expect(charged.status).toBe(303);
    expect(charged.headers.get("location")).toBe(`${day}&payment=charge`);
    expect(await paymentRow(id)).toMatchObject({ status: "charged", charged_pence: 1200, charge_reason: "no-show" });
    expect(stripe.callsTo("POST", "/v1/payment_intents").at(-1)!.params).toMatchObject({ off_session: "true" });
    const after = await admin.get(charged.headers.get("location")!);
    expect(after.text).toContain("Fee charged to the card on file.");
    expect(after.text).not.toContain("Charge no-show fee");
    const audit = await api.db
      .selectFrom("audit_log")
      .select(["action", "target_id"])
      .where("action", "=", "charge no-show fee")
      .where("target_id", "=", String(id))
      .execute();
    expect(audit).toHaveLength(1);

    const again = await postForm(day, fields);
    expect(again.status).toBe(409);
    expect(again.text).toContain("already been charged");
    expect(stripe.callsTo("POST", "/v1/payment_intents").filter((call) => call.params.amount === "1200").length).toBe(
      stripe.callsTo("POST", "/v1/payment_intents").length,
    );
  }, 120_000); // The first page rendered compiles the pages (Vite SSR): slow on a busy machine.

  it("shows the bank's refusal on the page, charges nothing, then mails a payment link", async () => {
    const { id, date } = await paidBooking("card");
    await markNoShow(id);
    stripe.state.nextCharge = "card_declined";
    const day = `/admin/calendar?date=${date}`;
    const refused = await postForm(day, {
      intent: "payment-charge",
      bookingId: String(id),
      reason: "no-show",
      confirmed: "yes",
    });
    expect(refused.status).toBe(402);
    expect(refused.text).toContain("insufficient funds");
    expect(await paymentRow(id)).toMatchObject({ charge_state: null, charged_pence: 0 });
    const link = await postForm(day, { intent: "payment-payment-link", bookingId: String(id), back: day });
    expect(link.status).toBe(303);
    expect((await paymentRow(id)).fee_session_id).toBeTruthy();
  });

  it("offers the late-cancellation fee on the customer's record for a customer who cancelled inside the notice", async () => {
    const { id, date } = await paidBooking("card");
    await api.db
      .updateTable("bookings")
      .set({
        status: "cancelled",
        cancelled_by: "customer",
        cancelled_at: shopInstant(date, "08:00").toISOString(),
      })
      .where("id", "=", id)
      .execute();
    // The record's page is the customer's number (decision 041); the address's URL leads there.
    const record = (await admin.get(`/admin/customers/${encodeURIComponent(email)}`)).headers.get("location")!;
    expect(record).toMatch(/^\/admin\/customers\/\d+$/);
    expect((await admin.get(record)).text).toContain("Charge late-cancellation fee");
    const charged = await postForm(record, {
      intent: "payment-charge",
      bookingId: String(id),
      reason: "late-cancellation",
      confirmed: "yes",
    });
    expect(charged.status).toBe(303);
    expect(charged.headers.get("location")).toBe(`${record}?payment=charge`);
    expect(await paymentRow(id)).toMatchObject({ status: "charged", charge_reason: "late-cancellation" });
    expect((await admin.get(charged.headers.get("location")!)).text).toContain("Fee charged to the card on file.");
  });

  it("keeps a no-show's deposit and refunds part of it from the admin bookings list", async () => {
    const { id, date } = await paidBooking("deposit");
    const list = `/admin/bookings?date=${date}`;
    expect((await admin.post(`/api/bookings/${id}/keep-deposit`)).status).toBe(409);
    expect((await admin.get(list)).text).not.toContain("Keep deposit");
    await markNoShow(id);
    expect((await admin.get(list)).text).toContain("Keep deposit");
    const kept = await postForm(list, { intent: "payment-keep-deposit", bookingId: String(id), back: list });
    expect(kept.status).toBe(303);
    expect((await paymentRow(id)).status).toBe("kept");
    expect((await admin.get(kept.headers.get("location")!)).text).toContain("Deposit kept.");
    expect((await admin.post(`/api/bookings/${id}/keep-deposit`)).status).toBe(409);

    const refund = { intent: "payment-refund", bookingId: String(id), confirmed: "yes" };
    const tooMuch = await postForm(list, { ...refund, amount: "50" });
    expect(tooMuch.status).toBe(400);
    const part = await postForm(list, { ...refund, amount: "4", back: list });
    expect(part.status).toBe(303);
    await api.runJobs();
    expect(stripe.callsTo("POST", "/v1/refunds").at(-1)!.params.amount).toBe("400");
  });

  it("asks before a fee is charged: the first post moves nothing and the page asks; yes charges it", async () => {
    const { id, date } = await paidBooking("card");
    await markNoShow(id);
    const day = `/admin/calendar?date=${date}`;
    const intents = stripe.callsTo("POST", "/v1/payment_intents").length;
    const asked = await postForm(day, {
      intent: "payment-charge",
      bookingId: String(id),
      reason: "no-show",
      back: day,
    });
    expect(asked.status).toBe(303);
    const question = asked.headers.get("location")!;
    expect(question).toBe(`${day}&confirmPayment=charge&bookingId=${id}#payment-${id}`);
    expect(stripe.callsTo("POST", "/v1/payment_intents").length).toBe(intents);
    expect(await paymentRow(id)).toMatchObject({ charge_state: null, charged_pence: 0 });
    const page = await admin.get(question.replace(/#.*/, ""));
    expect(page.text).toContain("Charge the £12.00 no-show fee to Pat Payer&#x27;s card now?");
    expect(page.text).toContain('name="confirmed" value="yes"');
    const yes = await postForm(day, {
      intent: "payment-charge",
      bookingId: String(id),
      reason: "no-show",
      back: day,
      confirmed: "yes",
    });
    expect(yes.status).toBe(303);
    expect(await paymentRow(id)).toMatchObject({ charge_state: "charged", charged_pence: 1200 });
  });

  it("asks before a refund with a key made then: confirming twice (a double-click, a reload) refunds once", async () => {
    const { id, date } = await paidBooking("deposit");
    const list = `/admin/bookings?date=${date}`;
    const asked = await postForm(list, { intent: "payment-refund", bookingId: String(id), amount: "3", back: list });
    expect(asked.status).toBe(303);
    const question = new URL(asked.headers.get("location")!, api.baseUrl);
    expect(question.searchParams.get("confirmPayment")).toBe("refund");
    expect(question.searchParams.get("amount")).toBe("3");
    const key = question.searchParams.get("key")!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await paymentRow(id)).refund_claimed_pence).toBe(0);
    const page = await admin.get(`${question.pathname}${question.search}`);
    expect(page.text).toContain("Refund £3.00 to Pat Payer now?");
    expect(page.text).toContain(`name="idempotencyKey" value="${key}"`);
    const yes = { intent: "payment-refund", bookingId: String(id), amount: "3", back: list, confirmed: "yes" };
    const answers = await Promise.all([
      postForm(list, { ...yes, idempotencyKey: key }),
      postForm(list, { ...yes, idempotencyKey: key }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect((await paymentRow(id)).refund_claimed_pence).toBe(300);
    expect(stripe.callsTo("POST", "/v1/refunds").filter((call) => call.idempotencyKey?.endsWith(key))).toHaveLength(1);
  });

  it("keeps a deposit through the API too, once", async () => {
    const { id } = await paidBooking("deposit");
    await markNoShow(id);
    const kept = await admin.post(`/api/bookings/${id}/keep-deposit`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ kind: "deposit", status: "kept", refunded: 0 });
    expect((await api.anonymous().post(`/api/bookings/${id}/keep-deposit`)).status).toBe(401);
  });
});
