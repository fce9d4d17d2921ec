import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { billingDouble, bracketed } from "./stripe-double-billing.ts";

/*
 * A loopback double of the few Stripe API calls the app makes (Checkout Sessions, off-session
 * PaymentIntents, Refunds), so no test reaches the internet. It records every call, serves a tiny
 * checkout page with a "Pay" button, and lets a test pay or expire a session: the double then
 * delivers the signed webhook event the way Stripe would (generateTestHeaderString).
 *
 * As Stripe's API answers: a POST repeated with its Idempotency-Key gets the first answer again (errors too),
 * with other parameters a 400 idempotency_error, and while the first is still in flight a 409; a refund above
 * what is left of its payment is refused (amount_too_large), as is any refund while `refuseRefunds` is set; a
 * PaymentIntent can be retrieved by id. `slowMs` delays every answer (the work is done first, as at Stripe),
 * `dropAnswers` does the work and then drops that many answers, and `down` drops every connection unanswered.
 *
 * Terminal (issue 31): locations, readers (the registration code `simulated-wpe` gives a simulated WisePOS E),
 * process_payment_intent, cancel_action, and the test helper present_payment_method, which ends the reader's
 * action and delivers the signed terminal.reader.action_succeeded (and payment_intent.succeeded) — or, for the
 * declining test card 4000000000000002, terminal.reader.action_failed. `readerOffline` makes every reader offline.
 *
 * Billing (issue 34's memberships, stripe-double-billing.ts): Products, recurring Prices, Checkout with
 * mode=subscription, Subscriptions, Invoices and billing portal sessions; `renew`, `cancelNow` and the portal page.
 */

export const TEST_STRIPE_SECRET_KEY = "sk_test_double";
export const TEST_STRIPE_WEBHOOK_SECRET = "whsec_test_double";

export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface DoubleSession {
  id: string;
  object: "checkout.session";
  mode: "payment" | "setup" | "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  client_reference_id: string | null;
  amount_total: number | null;
  currency: string;
  customer: string | null;
  payment_intent: string | null;
  setup_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  url: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  metadata: Record<string, string>;
}

/** How the next off-session charge ends: paid, declined by the bank, or needing the customer. */
export type ChargeOutcome = "succeed" | "card_declined" | "authentication_required";

const sign = (payload: string, secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

interface DoubleIntent {
  id: string;
  amount: number;
  description: string | null;
  amount_refunded: number;
  customer: string;
  payment_method: string;
  status: "succeeded" | "requires_payment_method" | "canceled";
  payment_method_types?: string[];
  metadata?: Record<string, string>;
  latest_charge?: string | null;
}

interface ReaderAction {
  type: "process_payment_intent";
  status: "in_progress" | "succeeded" | "failed";
  process_payment_intent: { payment_intent: string };
  failure_code: string | null;
  failure_message: string | null;
}

export interface DoubleReader {
  id: string;
  object: "terminal.reader";
  device_type: string;
  label: string;
  location: string;
  serial_number: string;
  status: "online" | "offline";
  action: ReaderAction | null;
  livemode: false;
}

/** The test card numbers Stripe's simulated readers know: this one is declined. */
export const DECLINED_CARD = "4000000000000002";

interface Answer {
  status: number;
  body: unknown;
}

const errorAnswer = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });

/** `port`: where it listens (a free one when absent), so a browser test can reach its test helpers. */
export async function startStripeDouble(options: { webhookSecret?: string; port?: number } = {}) {
  const webhookSecret = options.webhookSecret ?? TEST_STRIPE_WEBHOOK_SECRET;
  const calls: StripeCall[] = [];
  const sessions = new Map<string, DoubleSession>();
  const paymentIntents = new Map<string, DoubleIntent>();
  const refunds: { id: string; amount: number; payment_intent: string; status: string }[] = [];
  /** Each Idempotency-Key's first request and answer (none while it is in flight). */
  const idempotent = new Map<string, { signature: string; answer?: Answer }>();
  const events: { id: string; type: string; payload: string }[] = [];
  const locations = new Map<string, Record<string, unknown>>();
  const readers = new Map<string, DoubleReader>();
  /** The card each succeeded card_present intent was paid with, for its charge. */
  const charges = new Map<string, { id: string; brand: string; last4: string }>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${++counter}`;
  let webhookUrl: string | undefined;
  /** A subscription session's Price and what its subscription will carry (`subscription_data[metadata]`). */
  const subscriptionData = new Map<string, { price: string; metadata: Record<string, string> }>();
  const billing = billingDouble({
    nextId,
    signedEvent: (type, object) => signedEvent(type, object),
    baseUrl: () => double.url,
    nowSeconds: () => Math.floor(Date.now() / 1000),
  });

  const state = {
    down: false,
    nextCharge: "succeed" as ChargeOutcome,
    /** Stripe's refusal code for every refund while set (e.g. "charge_disputed"). */
    refuseRefunds: null as string | null,
    /** Milliseconds each API answer waits, after the work is done. */
    slowMs: 0,
    /** How many of the next API requests are done and then left without an answer (the connection dropped). */
    dropAnswers: 0,
    /** Every reader answers as offline while set. */
    readerOffline: false,
    /** Whether a tapped card's events are delivered to the app (off: a test delivers or loses them itself). */
    deliverTerminalEvents: true,
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  function expanded(session: DoubleSession, expand: string[]) {
    const result: Record<string, unknown> = { ...session };
    if (expand.includes("payment_intent") && session.payment_intent) {
      result.payment_intent = { object: "payment_intent", ...paymentIntents.get(session.payment_intent) };
    }
    if (expand.includes("setup_intent") && session.setup_intent) {
      result.setup_intent = {
        id: session.setup_intent,
        object: "setup_intent",
        customer: session.customer,
        payment_method: `pm_for_${session.id}`,
      };
    }
    return result;
  }

  function createSession(params: Record<string, string>) {
    const id = nextId("cs");
    const price = billing.prices.get(params["line_items[0][price]"] ?? "");
    const amount = params["line_items[0][price_data][unit_amount]"] ?? price?.unit_amount;
    const session: DoubleSession = {
      id,
      object: "checkout.session",
      mode: params.mode === "setup" || params.mode === "subscription" ? params.mode : "payment",
      status: "open",
      payment_status: "unpaid",
      client_reference_id: params.client_reference_id ?? null,
      amount_total: amount ? Number(amount) * Number(params["line_items[0][quantity]"] ?? 1) : null,
      currency: params.currency ?? params["line_items[0][price_data][currency]"] ?? "gbp",
      customer: params.customer ?? null,
      payment_intent: null,
      setup_intent: null,
      subscription: null,
      invoice: null,
      url: `${double.url}/pay/${id}`,
      success_url: params.success_url ?? "",
      cancel_url: params.cancel_url ?? "",
      expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
      metadata: Object.fromEntries(
        Object.entries(params)
          .filter(([key]) => key.startsWith("metadata["))
          .map(([key, value]) => [key.slice(9, -1), value]),
      ),
    };
    sessions.set(id, session);
    if (session.mode === "subscription") {
      subscriptionData.set(id, {
        price: params["line_items[0][price]"]!,
        metadata: bracketed(params, "subscription_data[metadata]"),
      });
    }
    return session;
  }

  function intentBody(intent: DoubleIntent, expand: string[]) {
    const charge = charges.get(intent.id);
    const latestCharge =
      charge && expand.includes("latest_charge")
        ? {
            id: charge.id,
            object: "charge",
            amount: intent.amount,
            payment_method_details: {
              type: "card_present",
              card_present: { brand: charge.brand, last4: charge.last4 },
            },
          }
        : (charge?.id ?? null);
    return { object: "payment_intent", currency: "gbp", metadata: {}, ...intent, latest_charge: latestCharge };
  }

  const readerBody = (reader: DoubleReader) => ({ ...reader, status: state.readerOffline ? "offline" : reader.status });
  const noReader = (id: string) =>
    errorAnswer(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such terminal.reader: '${id}'`,
    });

  /** Stripe Terminal's calls, or undefined for another path. */
  function terminalAnswer(method: string, path: string, params: Record<string, string>): Answer | undefined {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/terminal/locations") {
      const location = {
        id: nextId("tml"),
        object: "terminal.location",
        display_name: params.display_name ?? "",
        address: bracketed(params, "address"),
      };
      locations.set(location.id, location);
      return ok(location);
    }
    if (method === "POST" && path === "/v1/terminal/readers") {
      if (!locations.has(params.location ?? "")) {
        return errorAnswer(400, { type: "invalid_request_error", message: `No such location: '${params.location}'` });
      }
      if (params.registration_code !== "simulated-wpe") {
        return errorAnswer(400, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "The registration code you provided is invalid. Please double-check it and try again.",
        });
      }
      const reader: DoubleReader = {
        id: nextId("tmr"),
        object: "terminal.reader",
        device_type: "simulated_wisepos_e",
        label: params.label ?? "",
        location: params.location!,
        serial_number: `SIM-${counter}`,
        status: "online",
        action: null,
        livemode: false,
      };
      readers.set(reader.id, reader);
      return ok(readerBody(reader));
    }
    if (method === "GET" && path === "/v1/terminal/readers") {
      const data = [...readers.values()].filter((reader) => !params.location || reader.location === params.location);
      return ok({ object: "list", url: path, has_more: false, data: data.map(readerBody) });
    }
    if ((match = path.match(/^\/v1\/terminal\/readers\/([^/]+)$/))) {
      const reader = readers.get(match[1]!);
      if (!reader) return noReader(match[1]!);
      if (method === "DELETE") {
        readers.delete(reader.id);
        return ok({ id: reader.id, object: "terminal.reader", deleted: true });
      }
      return ok(readerBody(reader));
    }
    if (
      method === "POST" &&
      (match = path.match(/^\/v1\/terminal\/readers\/([^/]+)\/(process_payment_intent|cancel_action)$/))
    ) {
      const reader = readers.get(match[1]!);
      if (!reader) return noReader(match[1]!);
      if (state.readerOffline) {
        return errorAnswer(400, {
          type: "invalid_request_error",
          code: "terminal_reader_offline",
          message:
            "Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.",
        });
      }
      if (match[2] === "cancel_action") {
        if (reader.action?.status !== "in_progress") {
          return errorAnswer(400, {
            type: "invalid_request_error",
            code: "terminal_reader_busy",
            message: "Reader has no in-progress action to cancel.",
          });
        }
        reader.action = null;
        return ok(readerBody(reader));
      }
      if (reader.action?.status === "in_progress") {
        return errorAnswer(400, {
          type: "invalid_request_error",
          code: "terminal_reader_busy",
          message:
            "Reader is currently busy processing another request. Please reference the integration guide for details on how to handle this error.",
        });
      }
      const intent = paymentIntents.get(params.payment_intent ?? "");
      if (!intent) return errorAnswer(400, { type: "invalid_request_error", message: "No such payment_intent" });
      reader.action = {
        type: "process_payment_intent",
        status: "in_progress",
        process_payment_intent: { payment_intent: intent.id },
        failure_code: null,
        failure_message: null,
      };
      return ok(readerBody(reader));
    }
    if (
      method === "POST" &&
      (match = path.match(/^\/v1\/test_helpers\/terminal\/readers\/([^/]+)\/present_payment_method$/))
    ) {
      const reader = readers.get(match[1]!);
      if (!reader) return noReader(match[1]!);
      return ok(presentCard(reader, params["card_present[number]"]));
    }
    return undefined;
  }

  /** The customer taps a card on the reader: its action ends, and Stripe's events go out. */
  function presentCard(reader: DoubleReader, number = "4242424242424242") {
    const action = reader.action;
    if (action?.status !== "in_progress") return readerBody(reader);
    const intent = paymentIntents.get(action.process_payment_intent.payment_intent)!;
    if (number === DECLINED_CARD) {
      action.status = "failed";
      action.failure_code = "card_declined";
      action.failure_message = "Your card was declined.";
      pendingEvents.push(signedEvent("terminal.reader.action_failed", readerBody(reader)));
      return readerBody(reader);
    }
    intent.status = "succeeded";
    const charge = { id: nextId("ch"), brand: "visa", last4: number.slice(-4) };
    charges.set(intent.id, charge);
    intent.latest_charge = charge.id;
    action.status = "succeeded";
    pendingEvents.push(signedEvent("terminal.reader.action_succeeded", readerBody(reader)));
    pendingEvents.push(signedEvent("payment_intent.succeeded", intentBody(intent, [])));
    return readerBody(reader);
  }
  /** Events a request made, delivered once its answer has gone (Stripe sends them after it answers). */
  const pendingEvents: { payload: string; signature: string }[] = [];

  /** Does what one API request asks, and answers it (not yet sent). */
  function answer(req: http.IncomingMessage, path: string, params: Record<string, string>): Answer {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    const expand = Object.entries(params)
      .filter(([key]) => key.startsWith("expand["))
      .map(([, value]) => value);
    let match: RegExpMatchArray | null;
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      // As Stripe: a session expires 30 minutes to 24 hours after it is made, by real time.
      const secondsLeft = Number(params.expires_at ?? Date.now() / 1000 + 86_400) - Date.now() / 1000;
      if (!(secondsLeft >= 1_800 - 60 && secondsLeft <= 86_400 + 60)) {
        return errorAnswer(400, {
          type: "invalid_request_error",
          message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
        });
      }
      if (params.mode === "subscription" && !billing.prices.get(params["line_items[0][price]"] ?? "")?.active) {
        return errorAnswer(400, {
          type: "invalid_request_error",
          message: "You must provide at least one recurring price in `subscription` mode when using prices.",
        });
      }
      return ok(createSession(params));
    }
    if (req.method === "POST" && path === "/v1/customers") {
      return ok({ id: nextId("cus"), object: "customer", email: params.email ?? null });
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/))) {
      const session = sessions.get(match[1]!);
      if (!session) return errorAnswer(404, { type: "invalid_request_error", message: "No such checkout.session" });
      if (match[2] && req.method === "POST") {
        if (session.status === "open") session.status = "expired";
        return ok(session);
      }
      return ok(expanded(session, expand));
    }
    if (req.method === "GET" && path === "/v1/payment_intents") {
      // Newest first, as Stripe lists them; filtered by customer when asked.
      const data = [...paymentIntents.values()]
        .filter((intent) => !params.customer || intent.customer === params.customer)
        .reverse()
        .slice(0, Number(params.limit ?? 10))
        .map((intent) => ({ object: "payment_intent", currency: "gbp", ...intent }));
      return ok({ object: "list", url: path, has_more: false, data });
    }
    if (req.method === "GET" && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) {
        return errorAnswer(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such payment_intent",
        });
      }
      return ok(intentBody(intent, expand));
    }
    if (
      req.method === "POST" &&
      path === "/v1/payment_intents" &&
      params["payment_method_types[0]"] === "card_present"
    ) {
      const intent: DoubleIntent = {
        id: nextId("pi"),
        amount: Number(params.amount),
        description: params.description ?? null,
        amount_refunded: 0,
        customer: "",
        payment_method: "",
        status: "requires_payment_method",
        payment_method_types: ["card_present"],
        metadata: bracketed(params, "metadata"),
        latest_charge: null,
      };
      paymentIntents.set(intent.id, intent);
      return ok(intentBody(intent, []));
    }
    const terminal = terminalAnswer(req.method ?? "GET", path, params);
    if (terminal) return terminal;
    const billed = billing.answer(req.method ?? "GET", path, params);
    if (billed) return billed;
    if (req.method === "POST" && path === "/v1/payment_intents") {
      const outcome = state.nextCharge;
      if (outcome === "card_declined") {
        return errorAnswer(402, {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
        });
      }
      if (outcome === "authentication_required") {
        return errorAnswer(402, {
          type: "card_error",
          code: "authentication_required",
          message: "Your card was declined. This transaction requires authentication.",
        });
      }
      const intent: DoubleIntent = {
        id: nextId("pi"),
        amount: Number(params.amount),
        description: params.description ?? null,
        amount_refunded: 0,
        customer: params.customer ?? "",
        payment_method: params.payment_method ?? "",
        status: "succeeded",
      };
      paymentIntents.set(intent.id, intent);
      return ok({ object: "payment_intent", currency: params.currency, ...intent });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const intent = paymentIntents.get(params.payment_intent ?? "");
      if (!intent) return errorAnswer(400, { type: "invalid_request_error", message: "No such payment_intent" });
      const amount = params.amount ? Number(params.amount) : intent.amount - intent.amount_refunded;
      if (state.refuseRefunds) {
        return errorAnswer(400, {
          type: "invalid_request_error",
          code: state.refuseRefunds,
          message: `This charge cannot be refunded (${state.refuseRefunds}).`,
        });
      }
      if (amount > intent.amount - intent.amount_refunded) {
        return errorAnswer(400, {
          type: "invalid_request_error",
          code: "amount_too_large",
          message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((intent.amount - intent.amount_refunded) / 100).toFixed(2)})`,
        });
      }
      intent.amount_refunded += amount;
      const refund = { id: nextId("re"), amount, payment_intent: intent.id, status: "succeeded" };
      refunds.push(refund);
      return ok({ object: "refund", ...refund });
    }
    return errorAnswer(404, { type: "invalid_request_error", message: `Unrecognized request URL (${path})` });
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const body = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    calls.push({ method: req.method ?? "GET", path: url.pathname, params, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${TEST_STRIPE_SECRET_KEY}`) {
      return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const keyed = req.method === "POST" && idempotencyKey ? idempotencyKey : undefined;
    const signature = JSON.stringify([url.pathname, Object.entries(params).sort()]);
    const first = keyed ? idempotent.get(keyed) : undefined;
    let result: Answer;
    let replayed = false;
    if (first && !first.answer) {
      result = errorAnswer(409, {
        type: "idempotency_error",
        code: "idempotency_key_in_use",
        message: "There is currently another in-progress request using this Idempotent Key. Please try again later.",
      });
    } else if (first && first.signature !== signature) {
      result = errorAnswer(400, {
        type: "idempotency_error",
        message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
      });
    } else if (first?.answer) {
      result = first.answer;
      replayed = true;
    } else {
      const entry: { signature: string; answer?: Answer } = { signature };
      if (keyed) idempotent.set(keyed, entry);
      result = answer(req, url.pathname, params);
      if (state.slowMs > 0) await sleep(state.slowMs);
      entry.answer = result;
    }
    if (state.dropAnswers > 0) {
      state.dropAnswers -= 1;
      req.socket.destroy();
      return;
    }
    send(res, result.status, result.body, replayed ? { "idempotent-replayed": "true" } : {});
    for (const event of pendingEvents.splice(0)) {
      if (state.deliverTerminalEvents) void deliver(event).catch(() => undefined);
    }
    for (const event of billing.pending.splice(0)) void deliver(event).catch(() => undefined);
  }

  /** The hosted checkout page: a "Pay" button that pays the session and goes back to the shop. */
  async function handleCheckoutPage(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session) {
      res.writeHead(404).end("No such session");
      return;
    }
    if (req.method === "POST") {
      await readBody(req);
      await double.pay(id);
      res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", id) }).end();
      return;
    }
    const amount =
      session.amount_total === null
        ? ""
        : `£${(session.amount_total / 100).toFixed(2)}${session.mode === "subscription" ? " a month" : ""}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Checkout double</title></head>
<body><h1>Stripe Checkout (test double)</h1><p>${session.mode === "setup" ? "Save your card" : `Pay ${amount}`}</p>
<form method="post"><button type="submit">Pay</button></form><a href="${session.cancel_url}">Back</a></body></html>`);
  }

  const server = http.createServer((req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const page = url.pathname.match(/^\/pay\/([^/]+)$/);
    const portal = billing.portalSessions.get(url.pathname.match(/^\/portal\/([^/]+)$/)?.[1] ?? "");
    if (portal) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><title>Billing portal double</title></head>
<body><h1>Stripe billing portal (test double)</h1><p>Update your card</p><a href="${portal.return_url}">Return</a></body></html>`);
      return;
    }
    const handled = page ? handleCheckoutPage(req, res, page[1]!) : handleApi(req, res, url);
    handled.catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });

  /** A signed event as Stripe would send it; `deliver` posts it, `signed` only builds it (for forged or replayed posts). */
  function signedEvent(type: string, object: unknown) {
    const event = {
      id: nextId("evt"),
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object },
    };
    const payload = JSON.stringify(event);
    events.push({ id: event.id, type, payload });
    return { id: event.id, payload, signature: sign(payload, webhookSecret) };
  }

  async function deliver(event: { payload: string; signature: string }) {
    if (!webhookUrl) return undefined;
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
    });
    return response.status;
  }

  const double = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    sessions,
    events,
    state,
    /** Where the double posts its webhook events: the app's /api/payments/webhook. */
    deliverTo(url: string) {
      webhookUrl = url;
    },
    /** Pays (or, for mode=setup, saves the card of) a session and delivers checkout.session.completed. */
    async pay(id: string, { deliverEvent = true } = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No session ${id}`);
      session.status = "complete";
      session.customer ??= `cus_for_${id}`;
      if (session.mode === "subscription") {
        session.payment_status = "paid";
        const data = subscriptionData.get(id)!;
        const started = billing.startSubscription(session.customer, data.price, data.metadata);
        session.subscription = started.subscription.id;
        session.invoice = started.invoice.id;
        const completed = signedEvent("checkout.session.completed", { ...session });
        if (!deliverEvent) return { event: completed, status: undefined };
        const status = await deliver(completed);
        for (const event of started.events) await deliver(event);
        return { event: completed, status };
      }
      if (session.mode === "payment") {
        session.payment_status = "paid";
        const intent: DoubleIntent = {
          id: nextId("pi"),
          amount: session.amount_total ?? 0,
          description: null,
          amount_refunded: 0,
          customer: session.customer,
          payment_method: `pm_for_${id}`,
          status: "succeeded",
        };
        paymentIntents.set(intent.id, intent);
        session.payment_intent = intent.id;
      } else {
        session.payment_status = "no_payment_required";
        session.setup_intent = nextId("seti");
      }
      const event = signedEvent("checkout.session.completed", { ...session });
      return { event, status: deliverEvent ? await deliver(event) : undefined };
    },
    /** Expires an open session and delivers checkout.session.expired. */
    async expire(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No session ${id}`);
      session.status = "expired";
      const event = signedEvent("checkout.session.expired", { ...session });
      return { event, status: await deliver(event) };
    },
    signedEvent,
    deliver,
    refunds,
    billing,
    /** Bills a subscription's next month (or declines it, or ends it when set to cancel) and sends the events. */
    async renew(subscriptionId: string, options: { decline?: boolean } = {}) {
      const sent = billing.renew(subscriptionId, options);
      for (const event of sent) await deliver(event);
      return sent;
    },
    /** Cancels a subscription at once and sends customer.subscription.deleted. */
    async cancelSubscription(subscriptionId: string) {
      const sent = billing.cancelNow(subscriptionId);
      for (const event of sent) await deliver(event);
      return sent;
    },
    readers,
    /** Taps a card on a reader, as the test helper present_payment_method does (the events are sent after). */
    async presentCard(readerId: string, number?: string) {
      const reader = readers.get(readerId);
      if (!reader) throw new Error(`No reader ${readerId}`);
      presentCard(reader, number);
      const sent = pendingEvents.splice(0);
      if (state.deliverTerminalEvents) for (const event of sent) await deliver(event);
      return sent;
    },
    paymentIntents,
    /**
     * What Stripe holds, in pence: every payment taken (Checkout and off-session), every refund made, and the
     * difference, what the shop's balance gained.
     */
    totals() {
      const taken = [...paymentIntents.values()].reduce((sum, intent) => sum + intent.amount, 0);
      const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
      return { taken, refunded, net: taken - refunded };
    },
    /** The calls made to one path (e.g. "/v1/refunds"). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    sessionOf: (reference: string) =>
      [...sessions.values()].find((session) => session.client_reference_id === reference),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return double;
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/** The environment that points the app at the double. */
export const stripeDoubleEnv = (double: StripeDouble) => ({
  STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: double.url,
});
