// The crash test's till phase (issue 31): the shop's own payments at the desk racing a kill -9 of the server.
// Cash: `count` payments sent at once, the server killed part-way through their answers; every payment answered 201
// must be there after the restart, and a repeat of the unanswered ones with their Idempotency-Key pays each sale once.
// Reader: `count` card payments handed to simulated readers, the cards tapped, and Stripe's signed webhooks racing a
// kill -9 (a quarter never delivered at all); after the restart, Stripe's retries and the payments' own check jobs
// must settle each exactly once. Refunds: half of the card sales refunded at once, racing another kill -9; after the
// restart the desk repeats the unanswered ones with their keys and the refund jobs finish: Stripe refunds each once.
import { Client, expectStatus, reportChecks } from "./app-server.mjs";
import { postEvent, startStripe } from "./payments-shop.mjs";
import { startSmtpDouble } from "./smtp-double.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const number = (rows, column = "n") => Number(rows[0]?.[column] ?? 0);

async function attempt(client, path, body, key) {
  try {
    const answer = await client.post(path, body, { headers: { "idempotency-key": key }, timeoutMs: 30_000 });
    return answer.status;
  } catch {
    return "no answer";
  }
}

/** Runs `work` over every item at once and kills the server when `killAfter` of them have answered. */
async function racingKill(items, killAfter, work, server) {
  let answered = 0;
  let killed;
  const started = Date.now();
  const answers = await Promise.all(
    items.map(async (item) => {
      const status = await work(item);
      if (++answered === killAfter) killed = { at: Date.now() - started, kill: server.kill9() };
      return status;
    }),
  );
  await killed?.kill;
  return { answers, killedAt: killed?.at };
}

/**
 * Waits until no job of these kinds is pending; false after three minutes: a job the killed server had leased runs
 * again only once its two-minute lease has run out.
 */
async function drain(verifier, kinds) {
  const query = `select count(*) as n from jobs where kind in (${kinds.map((kind) => `'${kind}'`).join(", ")}) and state = 'pending'`;
  for (let wait = 0; wait < 360; wait++) {
    if (number(await verifier.query(query)) === 0) return true;
    await sleep(500);
  }
  return false;
}

/** The jobs that would ask Stripe a few minutes later: run now, as though those minutes had passed. */
async function hurry(writeDatabase, kinds) {
  const writer = await writeDatabase();
  try {
    const list = kinds.map((kind) => `'${kind}'`).join(", ");
    await writer.query(
      `update jobs set run_at = '${new Date().toISOString()}' where kind in (${list}) and state = 'pending'`,
    );
  } finally {
    await writer.close();
  }
}

export async function tillPhase({ startServer, readDatabase, writeDatabase, marker, count, killAt }) {
  const { stripe, env: stripeEnv } = await startStripe();
  // The phase delivers the readers' webhooks itself, racing the kill, as Stripe would send them.
  stripe.state.deliverTerminalEvents = false;
  const smtp = await startSmtpDouble({ port: 0 });
  const env = { ...stripeEnv, SMTP_URL: smtp.url };
  let server = await startServer(env);
  const verifier = await readDatabase();
  const killAfter = Math.max(1, Math.floor(count * killAt));
  try {
    let admin = await new Client(server.url).signIn();
    const newSale = async (index) =>
      expectStatus(
        await admin.post("/api/sales", {
          lines: [{ kind: "custom", description: `Crash sale ${marker} ${index}`, amount: 10 + (index % 7) }],
        }),
        201,
        "Ringing up a sale",
      );
    const cashSales = [];
    const cardSales = [];
    for (let index = 0; index < count; index++) cashSales.push(await newSale(index));
    for (let index = 0; index < count; index++) cardSales.push(await newSale(count + index));
    const readers = [];
    for (let index = 0; index < count; index++) {
      const reader = await admin.post("/api/terminal/readers", {
        registrationCode: "simulated-wpe",
        label: `Crash ${marker} ${index}`,
      });
      readers.push(expectStatus(reader, 201, "Registering a reader").id);
    }

    // Cash, racing the kill.
    const cash = cashSales.map((sale) => ({ sale, key: `cash-${marker}-${sale.id}` }));
    const pay = (item) => attempt(admin, `/api/sales/${item.sale.id}/payments`, cashBody(item.sale), item.key);
    const cashRace = await racingKill(cash, killAfter, pay, server);
    server = await startServer(env);
    admin = await new Client(server.url).signIn();
    const acknowledged = cash.filter((_, index) => cashRace.answers[index] === 201);
    const missing = [];
    for (const item of acknowledged) {
      const rows = await verifier.query(
        `select status from sale_payments where idempotency_key = 'sale-${item.sale.id}-${item.key}'`,
      );
      if (rows[0]?.status !== "succeeded") missing.push(item.sale.id);
    }
    // The desk taps "Take cash" again where it heard nothing: the same key, so never twice.
    let repeats = 0;
    for (const [index, item] of cash.entries()) {
      if (cashRace.answers[index] === 201) continue;
      repeats++;
      cashRace.answers[index] = await pay(item);
    }
    console.log(
      `\nTill, cash: ${count} payments racing a kill -9 after ${killAfter} answers (${cashRace.killedAt} ms): ${acknowledged.length} answered 201 before it; ${repeats} repeated with their key after the restart`,
    );

    // The reader: each sale handed to its own reader, the cards tapped, the webhooks racing the kill.
    for (const [index, sale] of cardSales.entries()) {
      const body = { method: "card", amount: sale.total, readerId: readers[index] };
      const status = await attempt(admin, `/api/sales/${sale.id}/payments`, body, `card-${marker}-${sale.id}`);
      if (status !== 202) throw new Error(`A card payment was not handed to its reader: ${status}`);
    }
    const delivered = [];
    const lost = [];
    for (const [index, readerId] of readers.entries()) {
      const events = await stripe.presentCard(readerId);
      (index % 4 === 3 ? lost : delivered).push(...events);
    }
    const webhook = () => `${server.url}/api/payments/webhook`;
    const cardRace = await racingKill(
      delivered,
      Math.floor(delivered.length * killAt),
      (event) => postEvent(webhook(), event),
      server,
    );
    server = await startServer(env);
    admin = await new Client(server.url).signIn();
    let retries = 0;
    for (let round = 0; round < 10 && cardRace.answers.some((status) => status !== 200); round++) {
      for (const [index, event] of delivered.entries()) {
        if (cardRace.answers[index] === 200) continue;
        retries++;
        cardRace.answers[index] = await postEvent(webhook(), event);
      }
    }
    const replays = await Promise.all(delivered.map((event) => postEvent(webhook(), event)));
    await hurry(writeDatabase, ["till-payment-check"]);
    const cardDrained = await drain(verifier, ["terminal-event", "till-payment-check"]);
    console.log(
      `Till, reader: ${count} cards tapped; ${delivered.length} webhooks racing a kill -9 after ${Math.floor(delivered.length * killAt)} answers (${cardRace.killedAt} ms), ${lost.length} never delivered; ${retries} retries and ${replays.length} replays after the restart; check jobs ${cardDrained ? "drained" : "NOT drained"}`,
    );

    // Refunds of half the card sales, racing the kill; the desk repeats what got no answer.
    const refunds = cardSales
      .filter((_, index) => index % 2 === 0)
      .map((sale) => ({ sale, key: `refund-${marker}-${sale.id}` }));
    const refund = (item) => attempt(admin, `/api/sales/${item.sale.id}/refund`, { reason: "Crash test" }, item.key);
    const refundRace = await racingKill(refunds, Math.floor(refunds.length / 2), refund, server);
    server = await startServer(env);
    admin = await new Client(server.url).signIn();
    for (const [index, item] of refunds.entries()) {
      if (refundRace.answers[index] !== 200) refundRace.answers[index] = await refund(item);
    }
    await hurry(writeDatabase, ["till-card-refund"]);
    const refundsDrained = await drain(verifier, ["till-card-refund"]);
    console.log(
      `Till, refunds: ${refunds.length} racing a kill -9 (${refundRace.killedAt} ms), repeated with their keys where unanswered; refund jobs ${refundsDrained ? "drained" : "NOT drained"}`,
    );

    const ids = (sales) => sales.map((sale) => sale.id).join(", ");
    const paidOnce = async (sales) =>
      verifier.query(
        `select s.id, s.status, s.paid_pence, s.total_pence, s.reserved_pence,
           (select count(*) from sale_payments p where p.sale_id = s.id and p.status = 'succeeded') as payments,
           (select count(*) from money_movements m where m.sale_id = s.id and m.kind = 'sale') as movements
         from sales s where s.id in (${ids(sales)})`,
      );
    const notPaidOnce = (rows) =>
      rows.filter(
        (row) =>
          row.status !== "paid" ||
          Number(row.paid_pence) !== Number(row.total_pence) ||
          Number(row.reserved_pence) !== 0 ||
          Number(row.payments) !== 1 ||
          Number(row.movements) !== 1,
      ).length;
    const cashRows = await paidOnce(cashSales);
    const cardRows = await paidOnce(cardSales);
    const refundedRows = await verifier.query(
      `select s.id, s.refunded_pence, p.stripe_payment_intent_id as intent,
         (select coalesce(sum(-m.amount_pence), 0) from money_movements m where m.sale_id = s.id and m.kind = 'sale_refund') as ledger
       from sales s join sale_payments p on p.sale_id = s.id and p.status = 'succeeded' where s.id in (${ids(refunds.map((item) => item.sale))})`,
    );
    const stripeRefunds = new Map();
    for (const made of stripe.refunds) {
      const mine = stripeRefunds.get(made.payment_intent) ?? [];
      stripeRefunds.set(made.payment_intent, [...mine, made.amount]);
    }
    const refundedWrong = refundedRows.filter((row) => {
      const atStripe = stripeRefunds.get(row.intent) ?? [];
      return (
        atStripe.length !== 1 ||
        atStripe[0] !== Number(row.refunded_pence) ||
        Number(row.ledger) !== Number(row.refunded_pence) ||
        Number(row.refunded_pence) === 0
      );
    }).length;
    const cardIntents = [...stripe.paymentIntents.values()].filter(
      (intent) => intent.payment_method_types?.[0] === "card_present",
    );
    console.log(
      [
        `cash sales paid once: ${cashRows.length - notPaidOnce(cashRows)}/${count}; card sales paid once: ${cardRows.length - notPaidOnce(cardRows)}/${count}`,
        `card intents at Stripe: ${cardIntents.length} (${cardIntents.filter((intent) => intent.status === "succeeded").length} succeeded); refunds at Stripe: ${stripe.refunds.length} for ${refunds.length} refunded sales`,
      ].join("\n"),
    );
    const checks = [
      ["cash payments answered 201 but not stored", missing.length],
      ["cash payments never answered 201, even repeated", cashRace.answers.filter((status) => status !== 201).length],
      ["cash sales not paid exactly once", notPaidOnce(cashRows) + (count - cashRows.length)],
      ["card sales not paid exactly once", notPaidOnce(cardRows) + (count - cardRows.length)],
      ["card intents made more than once", cardIntents.length - count],
      ["webhooks never acknowledged", cardRace.answers.filter((status) => status !== 200).length],
      ["refunds never answered 200, even repeated", refundRace.answers.filter((status) => status !== 200).length],
      ["refunded sales not refunded exactly once at Stripe and in the ledger", refundedWrong],
      ["till jobs still pending", (cardDrained ? 0 : 1) + (refundsDrained ? 0 : 1)],
    ];
    return reportChecks(checks);
  } finally {
    await verifier.close();
    await server.stop();
    await stripe.close();
    await smtp.close();
  }
}

const cashBody = (sale) => ({ method: "cash", amount: sale.total });
