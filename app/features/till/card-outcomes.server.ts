import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import {
  ChargeRefusedError,
  StripeUnavailableError,
  chargeOffSession,
  requireStripeKeys,
  stripeClient,
} from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { conflict, notFound } from "~/lib/http-error";
import { savedCardOf, settleCardPayment } from "./sale-payments.server";
import { loadSale } from "./sale-view.server";
import {
  ReaderRefusedError,
  cancelReaderAction,
  cardOf,
  retrieveIntentWithCharge,
  retrieveReader,
} from "./terminal-stripe.server";
import { saleNumber } from "./till.schema";

/*
 * Where a card payment in flight ends, asked of Stripe: the one path the reader's webhook (through its job), the
 * sale's poll when the webhook is late, the cancel button and the check job all take, so each payment is
 * settled once whatever arrives first, twice or never.
 */

type Ctx = Pick<AppContext, "db" | "config">;

/** A payment the reader never took up within this long is failed by whoever asks next. */
const ABANDONED_AFTER_MS = 2 * 60_000;

/** The job a Stripe event about a reader or a reader's PaymentIntent becomes (queued by the payments webhook). */
export interface TerminalEventJob {
  type: string;
  paymentIntentId: string | null;
}

const processing = (db: Db, where: { id: number } | { intent: string }) => {
  const query = db.selectFrom("sale_payments").selectAll().where("status", "=", "processing");
  return ("id" in where ? query.where("id", "=", where.id) : query.where("stripe_payment_intent_id", "=", where.intent))
    .where("method", "in", ["card", "card_on_file"])
    .executeTakeFirst();
};

/** Asks Stripe how one processing payment stands and settles what it answers. `final`: fail it if still unknown. */
export async function reconcilePayment(
  ctx: Ctx,
  payment: Row<"sale_payments">,
  { final = false } = {},
  now = clockNow(),
) {
  const client = await stripeClient(ctx.config, await requireStripeKeys(ctx));
  if (payment.method === "card_on_file") {
    const sale = await ctx.db
      .selectFrom("sales")
      .selectAll()
      .where("id", "=", payment.sale_id)
      .executeTakeFirstOrThrow();
    const card = await savedCardOf(ctx.db, sale);
    if (!card) return settleCardPayment(ctx.db, payment.id, { outcome: "failed", failure: "No card on file." }, now);
    try {
      // The same request with the same key: Stripe answers what it answered the first time.
      const intent = await chargeOffSession(client, {
        amountPence: payment.amount_pence,
        customer: card.customer,
        paymentMethod: card.paymentMethod,
        description: `Sale ${saleNumber(sale.number)}`,
        idempotencyKey: payment.idempotency_key,
      });
      return settleCardPayment(
        ctx.db,
        payment.id,
        { outcome: "succeeded", intentId: intent.id, brand: null, last4: null },
        now,
      );
    } catch (error) {
      if (!(error instanceof ChargeRefusedError)) throw error;
      return settleCardPayment(ctx.db, payment.id, { outcome: "failed", failure: error.message }, now);
    }
  }
  const abandoned = final || now.getTime() - Date.parse(payment.created_at) > ABANDONED_AFTER_MS;
  if (!payment.stripe_payment_intent_id) {
    if (abandoned)
      await settleCardPayment(
        ctx.db,
        payment.id,
        { outcome: "failed", failure: "The reader never received the payment." },
        now,
      );
    return;
  }
  const intent = await retrieveIntentWithCharge(client, payment.stripe_payment_intent_id);
  if (intent.status === "succeeded") {
    const card = cardOf(intent);
    return settleCardPayment(ctx.db, payment.id, { outcome: "succeeded", intentId: intent.id, ...card }, now);
  }
  if (intent.status === "canceled") {
    return settleCardPayment(ctx.db, payment.id, { outcome: "canceled", failure: "The payment was cancelled." }, now);
  }
  const reader = payment.reader_id ? await retrieveReader(client, payment.reader_id) : undefined;
  const action = reader?.action;
  const ours = action?.process_payment_intent?.payment_intent;
  const onOurs = (typeof ours === "string" ? ours : ours?.id) === intent.id;
  if (onOurs && action?.status === "failed") {
    const failure = action.failure_message ?? action.failure_code ?? "The reader declined the payment.";
    return settleCardPayment(ctx.db, payment.id, { outcome: "failed", failure }, now);
  }
  if ((!onOurs && abandoned) || (final && action?.status !== "in_progress")) {
    await settleCardPayment(
      ctx.db,
      payment.id,
      { outcome: "failed", failure: "The reader is no longer waiting for this payment." },
      now,
    );
  }
}

/** The webhook's job: the payment the event's PaymentIntent belongs to, asked of Stripe. */
export async function handleTerminalEvent(ctx: Ctx, job: TerminalEventJob) {
  if (!job.paymentIntentId) return;
  const payment = await processing(ctx.db, { intent: job.paymentIntentId });
  if (payment) await reconcilePayment(ctx, payment);
}

/** The check job of one payment: if nothing settled it yet, Stripe's answer does; throws (to retry) while unknown. */
export async function checkPayment(ctx: Ctx, { paymentId }: { paymentId: number }, now = clockNow()) {
  const payment = await processing(ctx.db, { id: paymentId });
  if (!payment) return;
  await reconcilePayment(ctx, payment, {}, now);
  if (await processing(ctx.db, { id: paymentId })) throw new Error(`Card payment ${paymentId} is still processing`);
}

/** GET /api/sales/{id}: a card payment still waiting asks Stripe first (the webhook may be late, or lost). */
export async function loadSaleChecked(ctx: Ctx, saleId: number, now = clockNow()) {
  const waiting = await ctx.db
    .selectFrom("sale_payments")
    .selectAll()
    .where("sale_id", "=", saleId)
    .where("status", "=", "processing")
    .execute();
  for (const payment of waiting) {
    try {
      await reconcilePayment(ctx, payment, {}, now);
    } catch (error) {
      // Stripe is down: the sale is shown as it stands, still waiting; the next poll or the job asks again.
      if (!(error instanceof StripeUnavailableError)) throw error;
    }
  }
  return loadSale(ctx.db, saleId);
}

/** POST /api/sales/{id}/payments/{paymentId}/cancel: stops the reader waiting for the card. */
export async function cancelPayment(ctx: Ctx, saleId: number, paymentId: number, now = clockNow()) {
  const payment = await ctx.db
    .selectFrom("sale_payments")
    .selectAll()
    .where("id", "=", paymentId)
    .where("sale_id", "=", saleId)
    .executeTakeFirst();
  if (!payment) throw notFound("Payment");
  if (payment.status !== "processing" || payment.method !== "card" || !payment.reader_id) {
    throw conflict("This payment is not waiting on the card reader.");
  }
  const client = await stripeClient(ctx.config, await requireStripeKeys(ctx));
  try {
    await cancelReaderAction(client, payment.reader_id);
  } catch (error) {
    // The reader had already finished (paid or declined): what Stripe says it did stands.
    if (!(error instanceof ReaderRefusedError)) throw error;
    await reconcilePayment(ctx, payment, {}, now);
  }
  await settleCardPayment(ctx.db, paymentId, { outcome: "canceled", failure: "Cancelled at the till." }, now);
  const sale = await loadSale(ctx.db, saleId);
  if (sale.payments.find((row) => row.id === paymentId)?.status === "succeeded") {
    throw conflict("The card was already taken: the payment stands. Refund it if it was not meant.");
  }
  return sale;
}
