import type Stripe from "stripe";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { PaymentStatus, Row } from "~/db/database";
import type { BookingRecord } from "~/features/booking/index.server";
import { cancelJobs, enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import { badRequest } from "~/lib/http-error";
import { clockNow } from "~/lib/clock";
import { formatPence } from "~/lib/money";
import { recordMovement } from "./money-ledger.server";
import { expiryKey } from "./payment-hold.server";
import { requireStripeKeys, stripeKeys } from "./payment-settings.server";
import { claimRefund, queuePaymentMail, type GiveBackCardSpend } from "./payment-records.server";
import { expireCheckoutSession, stripeClient, verifiedEvent } from "./stripe.server";

/*
 * A booking's money after the booking (decision 029): Stripe's events received once and handed to the job
 * queue, and the payment rows of a paid or expired booking, written inside the transaction in which the
 * booking write module (booking/write/settle.server.ts) confirms or expires the booking itself. Refunds are
 * in refunds.server.ts, the owner's no-show fee in fee-charges.server.ts.
 */

export const PAYMENT_EVENT_JOB = "payment-event";
/** A Stripe Terminal event, or a till PaymentIntent's: the till's job settles the payment it is about (issue 31). */
export const TERMINAL_EVENT_JOB = "terminal-event";

const SIGNATURE_MESSAGE = "The Stripe-Signature header does not match this event.";

type Ctx = Pick<AppContext, "db" | "config">;

export interface PaymentEventJob {
  type: string;
  sessionId: string;
}

/**
 * Checkout sessions other features open on the shop's Stripe, by the `purpose` on their metadata: the job kind
 * that handles their events (with the same payload). Routed here so the webhook stays one endpoint, and the
 * booking side never reads a session that is not a booking's.
 */
const SESSION_JOBS: Readonly<Record<string, string>> = {
  "gift-card": "gift-card-checkout",
  membership: "membership-checkout",
};

/**
 * Invoices and subscriptions (memberships' monthly billing, decision 058), by the `purpose` their subscription
 * carries: the job kind that handles them, with `{type, objectId}`. Other billing events are stored and left.
 */
const BILLING_JOBS: Readonly<Record<string, string>> = { membership: "membership-event" };

interface BillingObject {
  id?: string;
  object?: string;
  metadata?: Record<string, string> | null;
  parent?: { subscription_details?: { metadata?: Record<string, string> | null } | null } | null;
}

function billingJob(type: string, object: BillingObject) {
  const purpose =
    object.object === "invoice"
      ? object.parent?.subscription_details?.metadata?.purpose
      : object.object === "subscription"
        ? object.metadata?.purpose
        : undefined;
  if (!purpose || !object.id || !Object.hasOwn(BILLING_JOBS, purpose)) return undefined;
  return { kind: BILLING_JOBS[purpose]!, payload: { type, objectId: object.id } };
}

const sessionJobKind = (object: { metadata?: Record<string, string> | null }) => {
  const purpose = object.metadata?.purpose;
  return purpose && Object.hasOwn(SESSION_JOBS, purpose) ? SESSION_JOBS[purpose]! : PAYMENT_EVENT_JOB;
};

/**
 * POST /api/payments/webhook: the signature is checked on the raw body, the event id stored once (a replay
 * changes nothing) and the work queued in the same transaction, so an event answered 2xx is never lost.
 */
export async function receiveStripeEvent(ctx: Ctx, rawBody: Buffer, signature: string | undefined, now = clockNow()) {
  const keys = await requireStripeKeys(ctx);
  const event = await verifiedEvent(rawBody, signature, keys.webhookSecret);
  if (!event) throw badRequest(SIGNATURE_MESSAGE);
  // Signed, but not an event's shape: refused (Stripe retries) rather than a server error.
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof event.data?.object !== "object") {
    throw badRequest("The event has no id, type or data.");
  }
  const object = event.data.object as { id?: string; object?: string; metadata?: Record<string, string> | null };
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("payment_events")
      .values({ id: event.id, type: event.type, received_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!stored) return false;
    if (object.object === "checkout.session" && object.id) {
      const payload: PaymentEventJob = { type: event.type, sessionId: object.id };
      await enqueueJob(trx, { kind: sessionJobKind(object), payload }, now);
    }
    const billing = billingJob(event.type, event.data.object as BillingObject);
    if (billing) await enqueueJob(trx, billing, now);
    const paymentIntentId = terminalIntent(event.type, event.data.object);
    if (paymentIntentId) {
      await enqueueJob(trx, { kind: TERMINAL_EVENT_JOB, payload: { type: event.type, paymentIntentId } }, now);
    }
    return true;
  });
  if (queued) nudgeJobWorkers();
  return { replay: !queued };
}

/** The till's PaymentIntent a reader's action or a card_present payment event is about; null for other events. */
function terminalIntent(type: string, object: unknown) {
  if (type.startsWith("terminal.reader.action_")) {
    const reader = object as { action?: { process_payment_intent?: { payment_intent?: string | { id: string } } } };
    return idOf(reader.action?.process_payment_intent?.payment_intent) ?? null;
  }
  const intent = object as { object?: string; id?: string; metadata?: Record<string, string> };
  if (type.startsWith("payment_intent.") && intent.metadata?.sale_id && intent.id) return intent.id;
  return null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The customer, card and payment Stripe keeps for a completed session (expanded by retrieveCheckoutSession). */
function savedCard(session: Stripe.Checkout.Session) {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const setup = typeof session.setup_intent === "object" ? session.setup_intent : null;
  return {
    customer: idOf(session.customer) ?? idOf(intent?.customer) ?? idOf(setup?.customer),
    paymentMethod: idOf(intent?.payment_method) ?? idOf(setup?.payment_method),
    paymentIntent: idOf(session.payment_intent),
    paidPence: session.mode === "payment" ? (session.amount_total ?? 0) : 0,
  };
}

const settledStatus = (row: Row<"booking_payments">): PaymentStatus => (row.kind === "card" ? "card_saved" : "paid");

function paymentLine(row: Row<"booking_payments">) {
  if (row.kind === "card") return "Card on file: saved (nothing charged)";
  return `Paid online: ${formatPence(row.amount_pence)} (${row.kind === "deposit" ? "deposit" : "paid in full"})`;
}

/** What a completed Checkout session paid for a booking: the booking's settlement (write/settle.server.ts) reads it. */
export interface CheckoutPaid {
  bookingId: number;
  paidPence: number;
  /** The line the confirmation mail says about the money. */
  paymentLine: string;
  manageTokenSealed: string | null;
}

/**
 * Inside the settlement's transaction: records what a completed Checkout session paid, once. A fee paid
 * through the link mailed after a declined card is recorded as charged and answers null (no booking to
 * confirm), as does a session already recorded or unknown; a booking's payment answers what it paid.
 */
export async function recordCheckoutPayment(
  trx: Db,
  sessionId: string,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<CheckoutPaid | null> {
  const card = savedCard(session);
  const fee = await trx
    .updateTable("booking_payments")
    .set({
      charge_state: "charged",
      status: "charged",
      charged_pence: session.amount_total ?? 0,
      charge_intent_id: card.paymentIntent,
      charged_at: now.toISOString(),
    })
    .where("fee_session_id", "=", sessionId)
    .where("charge_state", "is", null)
    .returning("booking_id")
    .executeTakeFirst();
  if (fee) {
    const movement = { bookingId: fee.booking_id, paymentIntentId: card.paymentIntent, checkoutSessionId: sessionId };
    const amountPence = session.amount_total ?? 0;
    await recordMovement(
      trx,
      { ...movement, kind: "fee", method: "online", amountPence, idempotencyKey: `fee-link-${sessionId}` },
      now,
    );
    return null;
  }
  const row = await trx
    .selectFrom("booking_payments")
    .selectAll()
    .where("checkout_session_id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return null;
  const settled = await trx
    .updateTable("booking_payments")
    .set({
      status: settledStatus(row),
      stripe_customer_id: card.customer,
      stripe_payment_method_id: card.paymentMethod,
      stripe_payment_intent_id: card.paymentIntent,
      paid_pence: card.paidPence,
      paid_at: now.toISOString(),
    })
    .where("booking_id", "=", row.booking_id)
    .where("status", "in", ["awaiting", "expired"])
    .executeTakeFirst();
  if (settled.numUpdatedRows === 0n) return null;
  if (card.paidPence > 0 && row.kind !== "card") {
    await recordMovement(
      trx,
      {
        kind: row.kind,
        method: "online",
        amountPence: card.paidPence,
        bookingId: row.booking_id,
        idempotencyKey: `paid-${row.booking_id}`,
        paymentIntentId: card.paymentIntent,
        checkoutSessionId: sessionId,
      },
      now,
    );
  }
  return {
    bookingId: row.booking_id,
    paidPence: card.paidPence,
    paymentLine: paymentLine(row),
    manageTokenSealed: row.manage_token_sealed,
  };
}

/** A payment that came after its booking expired, for a time since taken: refunded in full (by the job queue). */
export async function refundLatePayment(trx: Db, bookingId: number, paidPence: number, now: Date) {
  await trx
    .updateTable("booking_payments")
    .set({ status: paidPence > 0 ? "refunded" : "expired" })
    .where("booking_id", "=", bookingId)
    .execute();
  await claimRefund(
    trx,
    { bookingId, amountPence: paidPence, reason: "late-payment", key: `refund-late-${bookingId}` },
    now,
  );
}

/** The paid booking's hold ends: its expiry job is no longer wanted. */
export const endPaymentHold = (trx: Db, bookingId: number) => cancelJobs(trx, expiryKey(bookingId));

/**
 * Inside the expiry's transaction: the unpaid booking's payment expires with it, the customer is told, and the
 * answer names the Checkout session to close once the transaction commits.
 */
export async function expirePayment(
  trx: Db,
  booking: BookingRecord | undefined,
  bookingId: number,
  now: Date,
  giveBackCardSpend: GiveBackCardSpend,
) {
  await trx
    .updateTable("booking_payments")
    .set({ status: "expired" })
    .where("booking_id", "=", bookingId)
    .where("status", "=", "awaiting")
    .execute();
  await endPaymentHold(trx, bookingId);
  // The rest never came: what a gift card paid goes back to it.
  await giveBackCardSpend(trx, bookingId, "payment-expired", now);
  if (booking) await queuePaymentMail(trx, booking, { kind: "expired", amountPence: 0 }, now);
  return trx
    .selectFrom("booking_payments")
    .select("checkout_session_id")
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
}

/** Closes an expired booking's Checkout session so it cannot be paid any more (Stripe down: it lapses on its own). */
export async function closeCheckoutSession(ctx: Ctx, sessionId: string | null | undefined) {
  const keys = await stripeKeys(ctx);
  if (sessionId && keys) {
    await expireCheckoutSession(await stripeClient(ctx.config, keys), sessionId).catch(() => undefined);
  }
}

/** The cancel_url's lookup: where an unpaid booking stands, by its reference (no personal data). */
export async function pendingByReference(db: Db, reference: string) {
  return db
    .selectFrom("booking_payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["b.reference", "b.status", "p.status as paymentStatus", "p.checkout_url", "p.expires_at"])
    .where("b.reference", "=", reference)
    .executeTakeFirst();
}
