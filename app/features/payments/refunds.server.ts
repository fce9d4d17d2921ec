import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { loadBooking } from "~/features/booking/index.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { formatPence } from "~/lib/money";
import { recordMovement } from "./money-ledger.server";
import {
  RECONCILE_AFTER_MS,
  RefundTooLargeError,
  claimRefund,
  findPayment,
  loadPaymentView,
  queuePaymentMail,
  type RefundJob,
} from "./payment-records.server";
import { requireStripeKeys } from "./payment-settings.server";
import { RefundRefusedError, StripeUnavailableError, refundPayment, stripeClient } from "./stripe.server";

/*
 * Refunds, once (issue 30): a refund is a row claimed in a transaction whose conditional update the database
 * refuses above what was paid; its key is Stripe's Idempotency-Key; it is asked of Stripe by the owner's request
 * itself and, should that not finish (Stripe slow, the server killed), by its job, which sends the same key again
 * and so gets Stripe's first answer. What Stripe answers settles it: done (the ledger's row, the customer's mail)
 * or failed (its claim given back, so the figures the owner sees are Stripe's).
 */

type Ctx = Pick<AppContext, "db" | "config">;

const NOTHING_TO_REFUND_MESSAGE = "Nothing has been paid on this booking that could be refunded.";
const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for another refund.";
/** How long a repeated request waits for the first one with its key to hear from Stripe (the client's timeout). */
const REPLAY_WAIT_MS = 12_000;

/** The payment a refund goes back to: the booking's Checkout payment, or else the fee charged. */
const refundedIntent = (payment: Row<"booking_payments">) =>
  payment.stripe_payment_intent_id ?? payment.charge_intent_id;

/** What a payment reads once a refund that would have emptied it failed: as it stood before the refund. */
function statusWithout(payment: Row<"booking_payments">) {
  if (payment.status !== "refunded") return payment.status;
  if (payment.kind === "card") return payment.charged_pence > 0 ? "charged" : "card_saved";
  return "paid";
}

async function settleFailed(db: Db, refund: Row<"payment_refunds">, reason: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("payment_refunds")
      .set({ state: "failed", failure: reason, settled_at: now.toISOString() })
      .where("idempotency_key", "=", refund.idempotency_key)
      .where("state", "=", "pending")
      .executeTakeFirst();
    if (failed.numUpdatedRows === 0n) return;
    const payment = await findPayment(trx, refund.booking_id);
    if (!payment) return;
    await trx
      .updateTable("booking_payments")
      .set((eb) => ({
        refund_claimed_pence: eb("refund_claimed_pence", "-", refund.amount_pence),
        status: statusWithout(payment),
      }))
      .where("booking_id", "=", refund.booking_id)
      .execute();
  });
  console.error(`Refund ${refund.idempotency_key} refused by Stripe: ${reason}`);
}

async function settleDone(
  db: Db,
  refund: Row<"payment_refunds">,
  payment: Row<"booking_payments">,
  stripeRefundId: string,
  now: Date,
) {
  const intent = refundedIntent(payment);
  const feeOnCard = intent === payment.charge_intent_id && payment.fee_session_id === null;
  await db.transaction().execute(async (trx) => {
    const recorded = await trx
      .updateTable("payment_refunds")
      .set({ state: "done", stripe_refund_id: stripeRefundId, settled_at: now.toISOString() })
      .where("idempotency_key", "=", refund.idempotency_key)
      .where("state", "=", "pending")
      .executeTakeFirst();
    if (recorded.numUpdatedRows === 0n) return;
    await recordMovement(
      trx,
      {
        kind: "refund",
        method: feeOnCard ? "card_on_file" : "online",
        amountPence: -refund.amount_pence,
        bookingId: refund.booking_id,
        idempotencyKey: refund.idempotency_key,
        paymentIntentId: intent,
        refundId: stripeRefundId,
      },
      now,
    );
    const booking = await loadBooking(trx, { id: refund.booking_id });
    const kind = refund.reason === "late-payment" ? "late-refund" : "refund";
    if (booking) await queuePaymentMail(trx, booking, { kind, amountPence: refund.amount_pence }, now);
  });
  nudgeJobWorkers();
}

const findRefund = (db: Db, key: string) =>
  db.selectFrom("payment_refunds").selectAll().where("idempotency_key", "=", key).executeTakeFirst();

/**
 * Asks Stripe for one pending refund, with its key, and settles what Stripe answered; answers the refund as it
 * then stands. Stripe not answering throws StripeUnavailableError and leaves it pending, for its job.
 */
export async function settleRefund(ctx: Ctx, key: string, now: Date = clockNow()) {
  const refund = await findRefund(ctx.db, key);
  if (refund?.state !== "pending") return refund;
  const payment = await findPayment(ctx.db, refund.booking_id);
  const intent = payment && refundedIntent(payment);
  if (!payment || !intent) {
    await settleFailed(ctx.db, refund, "the booking has no payment at Stripe to refund.", now);
    return findRefund(ctx.db, key);
  }
  const keys = await requireStripeKeys(ctx);
  try {
    const made = await refundPayment(await stripeClient(ctx.config, keys), {
      paymentIntent: intent,
      amountPence: refund.amount_pence,
      idempotencyKey: key,
    });
    await settleDone(ctx.db, refund, payment, made.id, now);
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    await settleFailed(ctx.db, refund, error.reason, now);
  }
  return findRefund(ctx.db, key);
}

/** The refund job: the cancellation's refund, or the reconciler of one the owner's request did not finish. */
export async function runRefund(ctx: Ctx, { key }: RefundJob, now: Date = clockNow()) {
  await settleRefund(ctx, key, now);
}

/** A request repeated with its key gets the first one's answer, once that one has heard from Stripe. */
async function replayAnswer(ctx: Ctx, refund: Row<"payment_refunds">, bookingId: number, amountPence?: number) {
  if (refund.booking_id !== bookingId || (amountPence !== undefined && refund.amount_pence !== amountPence)) {
    throw new HttpError(422, KEY_REUSED_MESSAGE);
  }
  let current: Row<"payment_refunds"> | undefined = refund;
  for (const started = Date.now(); current?.state === "pending" && Date.now() - started < REPLAY_WAIT_MS;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await findRefund(ctx.db, refund.idempotency_key);
  }
  if (current?.state === "failed") throw new RefundRefusedError(current.failure ?? "");
  return loadPaymentView(ctx.db, bookingId);
}

/**
 * Without the client's key, one derived from what the request asks and from how many refunds the booking had
 * when it came (never the clock): a double submission shares it and refunds once, a later refund is a new one.
 */
async function derivedKey(db: Db, bookingId: number, amountPence: number | undefined) {
  const row = await db
    .selectFrom("payment_refunds")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  return `refund-admin-${bookingId}-after-${Number(row?.n ?? 0)}-${amountPence ?? "all"}`;
}

/**
 * POST /api/bookings/{id}/refund: all that is left to refund, or `amountPence` of it, asked of Stripe at once.
 * `clientKey` is the request's Idempotency-Key: the same key answers the first answer.
 */
export async function refundByAdmin(
  ctx: Ctx,
  bookingId: number,
  amountPence: number | undefined,
  clientKey: string | undefined,
  now: Date = clockNow(),
) {
  if (!(await findPayment(ctx.db, bookingId))) throw notFound("Payment");
  await requireStripeKeys(ctx);
  const key = clientKey
    ? `refund-admin-${bookingId}-key-${clientKey}`
    : await derivedKey(ctx.db, bookingId, amountPence);
  const earlier = await findRefund(ctx.db, key);
  if (earlier) return replayAnswer(ctx, earlier, bookingId, amountPence);
  let claimed: boolean;
  try {
    claimed = await ctx.db.transaction().execute(async (trx) => {
      const payment = await findPayment(trx, bookingId);
      const refundable = payment ? payment.paid_pence + payment.charged_pence - payment.refund_claimed_pence : 0;
      const amount = amountPence ?? refundable;
      if (refundable <= 0 || amount > refundable) {
        // The same key's first request may have claimed it just now: then this one is its repeat.
        if (await findRefund(trx, key)) return false;
        if (refundable <= 0) throw conflict(NOTHING_TO_REFUND_MESSAGE);
        throw badRequest(`At most ${formatPence(refundable)} can be refunded.`);
      }
      const runAt = new Date(now.getTime() + RECONCILE_AFTER_MS);
      const made = await claimRefund(trx, { bookingId, amountPence: amount, reason: "by-shop", key, runAt }, now);
      if (made && amount === refundable) {
        await trx
          .updateTable("booking_payments")
          .set({ status: "refunded" })
          .where("booking_id", "=", bookingId)
          .execute();
      }
      return made;
    });
  } catch (error) {
    // Another refund claimed the money between this one's reading and its claim: the database refused it.
    if (!(error instanceof RefundTooLargeError)) throw error;
    if (error.refundablePence <= 0) throw conflict(NOTHING_TO_REFUND_MESSAGE);
    throw badRequest(error.message);
  }
  const claimedRow = await findRefund(ctx.db, key);
  if (!claimed) return replayAnswer(ctx, claimedRow!, bookingId, amountPence);
  try {
    const settled = await settleRefund(ctx, key, now);
    if (settled?.state === "failed") throw new RefundRefusedError(settled.failure ?? "");
  } catch (error) {
    // Stripe did not answer: the refund stays claimed, and its job asks again with the same key.
    if (!(error instanceof StripeUnavailableError)) throw error;
  }
  return loadPaymentView(ctx.db, bookingId);
}
