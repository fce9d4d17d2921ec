// The crash test's payments phase: `count` bookings are paid at the Stripe double and its signed webhooks race a
// kill -9 of the server; after the restart, Stripe's retries (every event not answered 2xx, and a replay of all
// of them, as Stripe resends an event whose answer it never saw) must leave every paid booking confirmed once,
// its confirmation mailed once (counted at a local SMTP server), and nothing charged or refunded.
import { Client, expectStatus, reportChecks } from "./app-server.mjs";
import { depositBookings, depositShop, postEvent, startStripe } from "./payments-shop.mjs";
import { startSmtpDouble } from "./smtp-double.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function paymentsPhase({ startServer, readDatabase, marker, count, killAt }) {
  const { stripe, env: stripeEnv } = await startStripe();
  const smtp = await startSmtpDouble({ port: 0 });
  const env = { ...stripeEnv, SMTP_URL: smtp.url };
  let server = await startServer(env);
  const verifier = await readDatabase();
  try {
    const admin = await new Client(server.url).signIn();
    const shop = await depositShop(admin, marker);
    const customer = new Client(server.url);
    const bookings = [];
    for (const body of depositBookings(shop, count, marker)) {
      const booked = expectStatus(await customer.post("/api/bookings", body), 201, "Booking with a deposit");
      bookings.push({ reference: booked.reference, session: stripe.sessionOf(booked.reference).id });
    }
    // Every customer pays; Stripe then delivers the events at once, and the server dies partway through.
    const events = [];
    for (const booking of bookings) events.push((await stripe.pay(booking.session, { deliverEvent: false })).event);
    const webhook = () => `${server.url}/api/payments/webhook`;
    const answers = new Array(events.length);
    let answered = 0;
    let killed;
    const killAfter = Math.max(1, Math.floor(events.length * killAt));
    const started = Date.now();
    await Promise.all(
      events.map(async (event, index) => {
        answers[index] = await postEvent(webhook(), event);
        if (++answered === killAfter) killed = { at: Date.now() - started, answered, kill: server.kill9() };
      }),
    );
    await killed?.kill;
    const before = answers.filter((status) => status === 200).length;
    console.log(
      `\nPayments: ${bookings.length} bookings paid; ${events.length} webhooks racing a kill -9 after ${killed?.answered} answers (${killed?.at} ms): ${before} answered 200 before the kill`,
    );
    server = await startServer(env);
    const restartedAt = Date.now();
    // Stripe's retries: each event not acknowledged, until it is; then every event once more (a replay).
    let retries = 0;
    for (let round = 0; round < 10 && answers.some((status) => status !== 200); round++) {
      await Promise.all(
        events.map(async (event, index) => {
          if (answers[index] === 200) return;
          retries++;
          answers[index] = await postEvent(webhook(), event);
        }),
      );
    }
    const replays = await Promise.all(events.map((event) => postEvent(webhook(), event)));
    const pendingQuery = `select count(*) as n from jobs where kind in ('payment-event', 'booking-mail') and state = 'pending'`;
    let drained = false;
    for (let wait = 0; wait < 240 && !drained; wait++) {
      drained = Number((await verifier.query(pendingQuery))[0].n) === 0;
      if (!drained) await sleep(500);
    }
    const drainedIn = Date.now() - restartedAt;

    const references = bookings.map((booking) => `'${booking.reference}'`).join(", ");
    const rows = await verifier.query(
      `select b.id, b.reference, b.status, p.status as payment, p.paid_pence, p.charged_pence from bookings b join booking_payments p on p.booking_id = b.id where b.reference in (${references})`,
    );
    const ids = new Set(rows.map((row) => Number(row.id)));
    // A finished job's payload is cleared: the customer's own inbox counts the confirmations (nothing else is
    // mailed to them: their reminders fall due days later).
    await sleep(1_000);
    const mailed = new Map();
    for (const message of smtp.messages)
      for (const to of message.to) mailed.set(to.toLowerCase(), (mailed.get(to.toLowerCase()) ?? 0) + 1);
    const payers = depositBookings(shop, count, marker).map((body) => body.customerEmail.toLowerCase());
    const notOnce = payers.filter((email) => mailed.get(email) !== 1);
    const [refunds] = await verifier.query(
      `select count(*) as n from payment_refunds where booking_id in (${[...ids].join(", ") || "0"})`,
    );
    const [stored] = await verifier.query(`select count(*) as n from payment_events`);
    console.log(
      [
        `restarted; ${retries} retried deliveries until every event was acknowledged, then ${replays.length} replays (${replays.filter((status) => status === 200).length} answered 200); jobs ${drained ? "drained" : "NOT drained"} ${Math.round(drainedIn / 1000)} s after the restart`,
        `events stored: ${stored.n}; bookings confirmed: ${rows.filter((row) => row.status === "confirmed").length}/${bookings.length}; deposits paid: ${rows.filter((row) => row.payment === "paid" && Number(row.paid_pence) === 1000).length}`,
        `confirmation mails: ${payers.reduce((sum, email) => sum + (mailed.get(email) ?? 0), 0)} to ${payers.length} customers; Stripe calls: ${stripe.callsTo("POST", "/v1/refunds").length} refunds, ${stripe.callsTo("POST", "/v1/payment_intents").length} charges`,
      ].join("\n"),
    );
    const checks = [
      [
        "paid bookings not confirmed",
        rows.filter((row) => row.status !== "confirmed").length + (bookings.length - rows.length),
      ],
      [
        "deposits not recorded as paid once (£10.00)",
        rows.filter((row) => row.payment !== "paid" || Number(row.paid_pence) !== 1000).length,
      ],
      ["customers mailed their confirmation other than once", notOnce.length],
      [
        "bookings charged",
        rows.filter((row) => Number(row.charged_pence) !== 0).length +
          stripe.callsTo("POST", "/v1/payment_intents").length,
      ],
      ["refunds made", Number(refunds.n) + stripe.callsTo("POST", "/v1/refunds").length],
      ["events never acknowledged", answers.filter((status) => status !== 200).length],
      ["payment jobs still pending", drained ? 0 : 1],
    ];
    return reportChecks(checks);
  } finally {
    await verifier.close();
    await server.stop();
    await stripe.close();
    await smtp.close();
  }
}
