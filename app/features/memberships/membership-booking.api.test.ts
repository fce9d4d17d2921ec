import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memberAllowance, takeMemberVisit } from "~/features/memberships/index.server";
import { startClockAt } from "~/lib/clock";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { setPaymentPolicy, startApiWithStripe } from "../../../tests/support/stripe-app";
import type { StripeDouble } from "../../../tests/support/stripe-double";
import type { TestApi, TestClient } from "../../../tests/support/test-app";

/*
 * POST /api/bookings by a member (issue 34): a covered service at £0 while the month's visits last, no deposit
 * for it, the next visit priced as usual; a visit cancelled in time given back; two racing bookings cannot both
 * take the last visit.
 */

let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
let planId = 0;
let nextDay = 2;
let close: () => Promise<void>;

const setPayments = (policy: "deposit" | "none") => setPaymentPolicy(admin, policy);

const book = (email: string, day = nextDay++, startTime = "10:00") =>
  api.anonymous().post("/api/bookings", {
    customerName: "Sam Member",
    customerEmail: email,
    customerPhone: "07911 123456",
    services: [serviceId],
    date: addDays(shopToday(), day),
    startTime,
    memberId,
  });

async function join(email: string) {
  const started = await api.anonymous().post("/api/memberships", { planId, name: "Sam Member", email });
  const sessionId = String(started.body.checkoutUrl).split("/pay/")[1]!;
  await stripe.pay(sessionId);
  await api.runJobs();
  return stripe.sessions.get(sessionId)!.subscription!;
}

const visitsUsed = async (email: string) =>
  (
    await api.db
      .selectFrom("memberships")
      .innerJoin("customers", "customers.id", "memberships.customer_id")
      .select("memberships.visits_used")
      .where("customers.email", "=", email)
      .executeTakeFirstOrThrow()
  ).visits_used;

beforeAll(async () => {
  ({ stripe, api, admin, close } = await startApiWithStripe({
    env: { BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  }));
  ({ serviceId, memberId } = await serviceWithBarber(admin));
  await setPayments("deposit");
  planId = (
    await admin.post("/api/membership-plans", {
      name: "Two cuts a month",
      monthlyPrice: 40,
      serviceIds: [Number(serviceId)],
      visitsPerMonth: 2,
    })
  ).body.id;
});
afterAll(() => close());
beforeEach(async () => {
  await setPayments("deposit");
});

describe("booking as a member", () => {
  it("prices the covered cut at £0 with no deposit twice, then the third visit as usual with its deposit", async () => {
    await join("two@example.com");
    const sessions = stripe.callsTo("POST", "/v1/checkout/sessions").length;
    const first = await book("two@example.com");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: "confirmed",
      payment: null,
      total: 0,
      included: "Included in your membership — 1 of 2 visits left this month",
    });
    const second = await book("TWO@example.com");
    expect(second.body).toMatchObject({
      total: 0,
      included: "Included in your membership — 0 of 2 visits left this month",
    });
    expect(stripe.callsTo("POST", "/v1/checkout/sessions")).toHaveLength(sessions);
    expect(await visitsUsed("two@example.com")).toBe(2);

    const third = await book("two@example.com");
    expect(third.status).toBe(201);
    expect(third.body.included).toBeUndefined();
    expect(third.body.total).toBeGreaterThanOrEqual(20);
    expect(third.body).toMatchObject({ status: "awaiting_payment", payment: { kind: "deposit", amount: 10 } });
  });

  it("gives a visit cancelled in time back, and the next booking is included again", async () => {
    await join("back@example.com");
    const booked = await book("back@example.com");
    expect(await visitsUsed("back@example.com")).toBe(1);
    const cancelled = await api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await visitsUsed("back@example.com")).toBe(0);
    // A second cancel changes nothing (the visit is given back once).
    await api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/cancel`);
    expect(await visitsUsed("back@example.com")).toBe(0);
    const again = await book("back@example.com");
    expect(again.body.included).toBe("Included in your membership — 1 of 2 visits left this month");
  });

  it("moves an included visit inside its paid month, and refuses to move it past the month's end", async () => {
    await join("mover@example.com");
    const day = nextDay++;
    const booked = await book("mover@example.com", day);
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.total).toBe(0);
    const move = (day: number) =>
      api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/reschedule`, {
        date: addDays(shopToday(), day),
        startTime: "11:00",
        memberId,
      });
    const refused = await move(40);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^This appointment is a visit included in your membership for the month ending/,
    );
    const moved = await move(day + 1);
    expect(moved.status, moved.text).toBe(200);
    expect(await visitsUsed("mover@example.com")).toBe(1);
  });

  it("keeps a visit cancelled inside the notice used", async () => {
    await setPayments("none");
    await join("late@example.com");
    const soon = await book("late@example.com", 12, "10:00");
    expect(soon.body.total).toBe(0);
    // An hour before the appointment: inside any notice.
    startClockAt(new Date(shopInstant(addDays(shopToday(), 12), "09:00")));
    try {
      const cancel = await api.anonymous().post(`/api/bookings/manage/${soon.body.manageToken}/cancel`);
      expect(cancel.status).toBe(409);
    } finally {
      startClockAt(new Date());
    }
    expect(await visitsUsed("late@example.com")).toBe(1);
  });

  it("prices a member whose renewal failed as usual", async () => {
    const subscription = await join("pastdue@example.com");
    await stripe.renew(subscription, { decline: true });
    await api.runJobs();
    const booked = await book("pastdue@example.com");
    expect(booked.body.included).toBeUndefined();
    expect(booked.body.payment).toMatchObject({ kind: "deposit" });
  });

  it("lets six bookings racing for the last visit take it once: the rest are refused (409) or priced as usual", async () => {
    await setPayments("none");
    await join("race@example.com");
    expect((await book("race@example.com")).body.total).toBe(0);
    const answers = await Promise.all([20, 21, 22, 23, 24, 25].map((day) => book("race@example.com", day)));
    expect(answers.filter((answer) => answer.status === 201 && answer.body.total === 0)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 201 || answer.body.total !== 0)) {
      if (answer.status === 409) expect(answer.body.message).toContain("used by another booking");
      else expect(answer.body.total).toBeGreaterThanOrEqual(20);
    }
    expect(await visitsUsed("race@example.com")).toBe(2);
  });

  it("refuses a visit taken on an allowance read before another booking took the last one (the database's guard)", async () => {
    await join("stale@example.com");
    const appointment = { date: addDays(shopToday(), 5), startTime: "12:00" };
    const stale = (await memberAllowance(api.db, "stale@example.com", appointment))!;
    expect(stale.visitsLeft).toBe(2);
    for (const bookingId of [900_001, 900_002]) {
      await api.db.transaction().execute((trx) => takeMemberVisit(trx, stale, { bookingId, serviceId: 1 }, new Date()));
    }
    await expect(
      api.db
        .transaction()
        .execute((trx) => takeMemberVisit(trx, stale, { bookingId: 900_003, serviceId: 1 }, new Date())),
    ).rejects.toMatchObject({ status: 409 });
    expect(await visitsUsed("stale@example.com")).toBe(2);
    expect(await memberAllowance(api.db, "stale@example.com", appointment)).toBeUndefined();
  });
});
