import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { startTestApi, type TestApi } from "../../../tests/support/test-app";

/* Races on a file database (or PostgreSQL): 100 customers for one time with deposits, many deliveries of one event. */

let stripe: StripeDouble;
let api: TestApi;
let serviceId = "";
let memberId = 0;

beforeAll(async () => {
  stripe = await startStripeDouble();
  api = await startTestApi({
    onDisk: true,
    env: { ...stripeDoubleEnv(stripe), BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
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

describe("races", () => {
  it("of 100 customers with deposits for one time, exactly one holds it; no 5xx", async () => {
    const date = addDays(shopToday(), 5);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        api.anonymous().post("/api/bookings", {
          customerName: `Customer ${index}`,
          customerEmail: `c${index}@example.com`,
          customerPhone: "07911 123456",
          services: [serviceId],
          date,
          startTime: "10:00",
          memberId,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const held = await api.db.selectFrom("bookings").select("id").where("status", "=", "awaiting_payment").execute();
    expect(held).toHaveLength(1);
  });

  it("ten deliveries of one paid event and the success page at once confirm and mail once", async () => {
    const booked = await api.anonymous().post("/api/bookings", {
      customerName: "Sam Taylor",
      customerEmail: "sam@example.com",
      customerPhone: "07911 123456",
      services: [serviceId],
      date: addDays(shopToday(), 6),
      startTime: "10:00",
      memberId,
    });
    const session = stripe.sessionOf(booked.body.reference)!;
    const { event } = await stripe.pay(session.id, { deliverEvent: false });
    const deliveries = await Promise.all([
      ...Array.from({ length: 10 }, () => stripe.deliver(event)),
      ...Array.from(
        { length: 3 },
        async () => (await api.anonymous().get(`/api/payments/checkout/${session.id}`)).status,
      ),
    ]);
    expect(deliveries.every((status) => status === 200)).toBe(true);
    await Promise.all([api.runJobs(), api.runJobs()]);
    const booking = await api.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", booked.body.reference)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("confirmed");
    const events = await api.db.selectFrom("payment_events").select("id").where("id", "=", event.id).execute();
    expect(events).toHaveLength(1);
    // One confirmation and one shop notice: the booking was confirmed once (the first test queued no mail).
    const mailJobs = await api.db.selectFrom("jobs").select("id").where("kind", "=", "booking-mail").execute();
    expect(mailJobs).toHaveLength(2);
  });
});
