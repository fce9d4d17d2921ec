// The instances test's payments and texts checks (issues 21 and 22): a Stripe webhook delivered to both
// instances is applied once; the confirmation text, the refund job and its mail each run once although both
// instances run the job queue.
import { Client, expectStatus } from "./app-server.mjs";
import { depositBookings, depositShop, startStripe } from "./payments-shop.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stripe's and Twilio's loopback doubles, and the environment both instances need to reach them. */
export async function startPaymentDoubles() {
  const { stripe, env } = await startStripe();
  const { startTwilioDouble } = await import("../../tests/support/twilio-double.ts");
  const twilio = await startTwilioDouble();
  return {
    stripe,
    twilio,
    env: { ...env, ...twilio.env },
    close: async () => {
      await stripe.close();
      await twilio.close();
    },
  };
}

async function until(check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(500);
  }
  return false;
}

/** The jobs of one kind (a finished job's payload is cleared, so only their states). */
async function jobsOf(database, kind) {
  return (await database.query("select state, attempts from jobs where kind = $1", [kind])).rows;
}

/** Runs the checks; `check(ok, message, detail)` is the script's own reporter. */
export async function checkPaymentsOnce({ a, b, admin, database, smtp, doubles }, check) {
  const { stripe, twilio } = doubles;
  const shop = await depositShop(admin, "instances");
  const [body] = depositBookings(shop, 1, "instances", 30);
  const phone = "+447700900123";
  const booked = expectStatus(
    await new Client(a.url).post("/api/bookings", { ...body, customerPhone: "07700 900123", smsConsent: true }),
    201,
    "Booking with a deposit",
  );
  const { rows: found } = await database.query("select id from bookings where reference = $1", [booked.reference]);
  const bookingId = found[0].id;

  // Stripe's event reaches both instances, twice each (a balancer, and Stripe's own retry).
  const { event } = await stripe.pay(stripe.sessionOf(booked.reference).id, { deliverEvent: false });
  const deliveries = await Promise.all(
    [a, b, a, b].map(async (site) => {
      const response = await fetch(`${site.url}/api/payments/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      });
      return response.status;
    }),
  );
  const settled = await until(async () => {
    const { rows } = await database.query(
      "select count(*)::int as n from jobs where (kind like 'booking-%' or kind like 'payment-%') and state = 'pending' and run_at <= $1",
      [new Date().toISOString()],
    );
    return rows[0].n === 0;
  });
  const { rows: state } = await database.query(
    "select b.status, p.status as payment from bookings b join booking_payments p on p.booking_id = b.id where b.id = $1",
    [bookingId],
  );
  const { rows: events } = await database.query("select count(*)::int as n from payment_events where id = $1", [
    event.id,
  ]);
  // A finished job's payload is cleared: the customer's inbox at the SMTP double counts the confirmation.
  await sleep(1_000);
  const confirmations = smtp.messages.filter((message) => message.to.includes(body.customerEmail));
  check(
    deliveries.every((status) => status === 200) &&
      settled &&
      state[0]?.status === "confirmed" &&
      state[0]?.payment === "paid" &&
      events[0].n === 1 &&
      confirmations.length === 1,
    `a webhook delivered to both instances (${deliveries.join(", ")}) is applied once: booking ${state[0]?.status}, deposit ${state[0]?.payment}, ${events[0].n} event stored, ${confirmations.length} confirmation mailed`,
  );
  await sleep(1_000);
  const texts = twilio.messages.filter((text) => text.to === phone).length;
  check(texts === 1, `the confirmation text went once (${texts} sent to ${phone})`);

  // Cancelled in time through B: the refund job runs on whichever instance claims it, once.
  expectStatus(
    await new Client(b.url).post(`/api/bookings/manage/${booked.manageToken}/cancel`),
    200,
    "Cancelling in time",
  );
  const refunded = await until(async () => {
    const { rows } = await database.query(
      "select count(*)::int as n from payment_refunds where booking_id = $1 and state = 'done'",
      [bookingId],
    );
    return rows[0].n === 1;
  });
  await sleep(1_000);
  const refundCalls = stripe.callsTo("POST", "/v1/refunds").length;
  // The only refund of this database: one job, done.
  const refundJobs = (await jobsOf(database, "payment-refund")).map(({ state, attempts }) => ({ state, attempts }));
  check(
    refunded && refundCalls === 1 && refundJobs.length === 1 && refundJobs[0].state === "done",
    `the refund ran once: ${refundCalls} refund asked of Stripe, job ${JSON.stringify(refundJobs)}`,
  );
  const { rows: policy } = await database.query(
    "select count(*)::int as n from payment_refunds where booking_id = $1",
    [bookingId],
  );
  check(policy[0].n === 1, `one refund recorded for the booking (${policy[0].n})`);
}
