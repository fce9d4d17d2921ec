import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Insertable } from "kysely";
import type { Row, SalePaymentsTable } from "~/db/database";
import { isUniqueViolation } from "~/db/errors";
import { giftCardOfCode, spendOnSale } from "~/features/gift-cards/index.server";
import { enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import {
  ChargeRefusedError,
  StripeUnavailableError,
  chargeOffSession,
  requireStripeKeys,
  stripeClient,
} from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { toPence, toPounds } from "~/lib/money";
import { shopToday } from "~/lib/shop-time";
import { countPayment, refusal, release, reserve } from "./sale-money.server";
import { findSaleRow, loadSale, paymentView } from "./sale-view.server";
import { requireDayOpen } from "./sales.server";
import { createReaderIntent, processOnReader } from "./terminal-stripe.server";
import { saleNumber, type PaymentInput } from "./till.schema";

/*
 * Payments on a sale (issue 31). Each needs the client's Idempotency-Key: the payment row is unique by it, so a
 * repeat finds the first and answers it, and moves no money. Cash is counted at once. A card payment (the reader,
 * or the card on file) is first recorded "processing" holding its amount of the due, with a job that asks Stripe
 * for its outcome should nobody else (a crash, a lost webhook); Stripe's answer settles it once (settle-card).
 */

type Ctx = Pick<AppContext, "db" | "config">;

export const TILL_PAYMENT_CHECK_JOB = "till-payment-check";
/** How long after a card payment starts its job first asks Stripe, if nothing settled it before. */
const CHECK_AFTER_MS = 3 * 60_000;

const KEY_MISSING_MESSAGE = "An Idempotency-Key header is required: one per payment you mean to take.";
const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for another payment.";
const NO_CARD_MESSAGE = "This customer has no card on file to charge.";

export interface PaymentAnswer {
  status: 201 | 202;
  body: { payment: ReturnType<typeof paymentView>; change?: number; sale: Awaited<ReturnType<typeof loadSale>> };
}

const findByKey = (db: Db, key: string) =>
  db.selectFrom("sale_payments").selectAll().where("idempotency_key", "=", key).executeTakeFirst();

async function answer(db: Db, payment: Row<"sale_payments">): Promise<PaymentAnswer> {
  const sale = await loadSale(db, payment.sale_id);
  const view = paymentView(payment);
  if (payment.method === "card") return { status: 202, body: { payment: view, sale } };
  return {
    status: 201,
    body: { payment: view, ...(payment.method === "cash" ? { change: toPounds(payment.change_pence) } : {}), sale },
  };
}

/** The first answer for a repeated key, or 422 when the key came with another payment. */
async function replay(db: Db, payment: Row<"sale_payments">, saleId: number, input: PaymentInput) {
  if (payment.sale_id !== saleId || payment.method !== input.method || payment.amount_pence !== toPence(input.amount)) {
    throw new HttpError(422, KEY_REUSED_MESSAGE);
  }
  if (payment.status === "failed" && payment.method === "card_on_file")
    throw new ChargeRefusedError(payment.failure ?? "");
  return answer(db, payment);
}

/** Inserts the payment row (the key's claim) and does `work` in one transaction; a key already claimed replays. */
async function claim(
  ctx: Ctx,
  key: string,
  saleId: number,
  input: PaymentInput,
  work: (trx: Db) => Promise<Row<"sale_payments">>,
) {
  try {
    return { made: await ctx.db.transaction().execute(work) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await findByKey(ctx.db, key);
    if (earlier) return { replayed: await replay(ctx.db, earlier, saleId, input) };
    // The reader's partial unique index: another payment is already waiting on it.
    throw conflict("The card reader is busy with another payment: finish or cancel that one first.");
  }
}

async function insertPayment(trx: Db, row: Insertable<SalePaymentsTable>) {
  return trx.insertInto("sale_payments").values(row).returningAll().executeTakeFirstOrThrow();
}

/** POST /api/sales/{id}/payments. */
export async function takePayment(
  ctx: Ctx,
  saleId: number,
  input: PaymentInput,
  clientKey: string | undefined,
  now: Date = clockNow(),
): Promise<PaymentAnswer> {
  if (!clientKey?.trim()) throw badRequest(KEY_MISSING_MESSAGE);
  const key = `sale-${saleId}-${clientKey.trim()}`;
  const earlier = await findByKey(ctx.db, key);
  if (earlier) return replay(ctx.db, earlier, saleId, input);
  const sale = await findSaleRow(ctx.db, saleId);
  const amount = toPence(input.amount);
  const date = shopToday(now);
  const base = {
    sale_id: saleId,
    method: input.method,
    amount_pence: amount,
    idempotency_key: key,
    date,
    created_at: now.toISOString(),
  };
  if (input.method === "gift_card") {
    const cardId = await giftCardOfCode(ctx.db, input.code);
    const result = await claim(ctx, key, saleId, input, async (trx) => {
      await requireDayOpen(trx, date);
      const payment = await insertPayment(trx, {
        ...base,
        tendered_pence: null,
        status: "succeeded",
        reader_id: null,
        gift_card_id: cardId,
        settled_at: now.toISOString(),
      });
      if (!(await countPayment(trx, payment, { reserved: false }, now))) throw await refusal(trx, saleId, amount);
      // The card's balance is the guard: not enough left refuses the payment (409, the balance said) and all of it.
      await spendOnSale(
        trx,
        {
          cardId,
          amountPence: amount,
          saleId,
          customerId: sale.customer_id,
          note: `Sale ${saleNumber(sale.number)}`,
          key: `sale-payment-${payment.id}`,
        },
        now,
      );
      return payment;
    });
    if (result.replayed) return result.replayed;
    nudgeJobWorkers();
    return answer(ctx.db, result.made);
  }
  if (input.method === "cash") {
    const tendered = input.tendered === undefined ? amount : toPence(input.tendered);
    if (tendered < amount) throw badRequest("Tendered must be at least the amount.", "tendered");
    const result = await claim(ctx, key, saleId, input, async (trx) => {
      await requireDayOpen(trx, date);
      const payment = await insertPayment(trx, {
        ...base,
        tendered_pence: tendered,
        change_pence: tendered - amount,
        status: "succeeded",
        reader_id: null,
        settled_at: now.toISOString(),
      });
      if (!(await countPayment(trx, payment, { reserved: false }, now))) throw await refusal(trx, saleId, amount);
      return payment;
    });
    if (result.replayed) return result.replayed;
    nudgeJobWorkers();
    return answer(ctx.db, result.made);
  }
  const keys = await requireStripeKeys(ctx);
  const client = await stripeClient(ctx.config, keys);
  if (input.method === "card_on_file") {
    const card = await savedCardOf(ctx.db, sale);
    if (!card) throw conflict(NO_CARD_MESSAGE);
    const result = await claim(ctx, key, saleId, input, async (trx) => {
      await requireDayOpen(trx, date);
      const payment = await insertPayment(trx, {
        ...base,
        tendered_pence: null,
        status: "processing",
        reader_id: null,
      });
      if (!(await reserve(trx, saleId, amount))) throw await refusal(trx, saleId, amount);
      await queueCheck(trx, payment.id, now);
      return payment;
    });
    if (result.replayed) return result.replayed;
    const payment = result.made;
    try {
      const intent = await chargeOffSession(client, {
        amountPence: amount,
        customer: card.customer,
        paymentMethod: card.paymentMethod,
        description: `Sale ${saleNumber(sale.number)}`,
        idempotencyKey: key,
      });
      await settleCardPayment(
        ctx.db,
        payment.id,
        { outcome: "succeeded", intentId: intent.id, brand: null, last4: null },
        now,
      );
    } catch (error) {
      if (error instanceof ChargeRefusedError) {
        await settleCardPayment(ctx.db, payment.id, { outcome: "failed", failure: error.message }, now);
        throw error;
      }
      if (error instanceof StripeUnavailableError) throw new HttpError(503, stripeDownMessage);
      throw error;
    }
    return answer(ctx.db, (await findByKey(ctx.db, key))!);
  }
  const reader = await ctx.db
    .selectFrom("terminal_readers")
    .select("id")
    .where("id", "=", input.readerId)
    .executeTakeFirst();
  if (!reader) throw notFound("Reader");
  const result = await claim(ctx, key, saleId, input, async (trx) => {
    await requireDayOpen(trx, date);
    const payment = await insertPayment(trx, {
      ...base,
      tendered_pence: null,
      status: "processing",
      reader_id: reader.id,
    });
    if (!(await reserve(trx, saleId, amount))) throw await refusal(trx, saleId, amount);
    await queueCheck(trx, payment.id, now);
    return payment;
  });
  if (result.replayed) return result.replayed;
  const payment = result.made;
  try {
    const intent = await createReaderIntent(client, {
      amountPence: amount,
      saleId,
      saleNumber: saleNumber(sale.number),
      paymentId: payment.id,
      idempotencyKey: key,
    });
    await ctx.db
      .updateTable("sale_payments")
      .set({ stripe_payment_intent_id: intent.id })
      .where("id", "=", payment.id)
      .execute();
    await processOnReader(client, reader.id, intent.id, key);
  } catch (error) {
    // Nothing reached the reader: the payment fails at once and its hold on the due is let go.
    const failure = error instanceof StripeUnavailableError ? "Stripe could not be reached." : (error as Error).message;
    await settleCardPayment(ctx.db, payment.id, { outcome: "failed", failure }, now);
    if (error instanceof StripeUnavailableError) throw new HttpError(503, stripeDownMessage);
    throw error;
  }
  nudgeJobWorkers();
  return answer(ctx.db, (await findByKey(ctx.db, key))!);
}

const stripeDownMessage = "Stripe could not be reached: nothing was taken. Try again, or take cash.";

async function queueCheck(trx: Db, paymentId: number, now: Date) {
  await enqueueJob(
    trx,
    {
      kind: TILL_PAYMENT_CHECK_JOB,
      payload: { paymentId },
      key: `till-payment-check-${paymentId}`,
      runAt: new Date(now.getTime() + CHECK_AFTER_MS),
      maxAttempts: 12,
    },
    now,
  );
}

/** The card the customer saved online (the payments policy "card", or a paid booking's card), newest first. */
export async function savedCardOf(db: Db, sale: Row<"sales">) {
  let query = db
    .selectFrom("booking_payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["p.stripe_customer_id", "p.stripe_payment_method_id"])
    .where("p.stripe_customer_id", "is not", null)
    .where("p.stripe_payment_method_id", "is not", null)
    .orderBy("p.created_at", "desc");
  if (sale.customer_id !== null) query = query.where("b.customer_id", "=", sale.customer_id);
  else if (sale.booking_id !== null) query = query.where("b.id", "=", sale.booking_id);
  else return undefined;
  const row = await query.executeTakeFirst();
  return row ? { customer: row.stripe_customer_id!, paymentMethod: row.stripe_payment_method_id! } : undefined;
}

export type CardOutcome =
  | { outcome: "succeeded"; intentId: string; brand: string | null; last4: string | null }
  | { outcome: "failed" | "canceled"; failure: string };

/**
 * Settles a card payment still processing, once: any number of calls (the webhook's job, its replays, the
 * sale's poll, the check job) settle it the first time and change nothing after.
 */
export async function settleCardPayment(db: Db, paymentId: number, result: CardOutcome, now: Date = clockNow()) {
  await db.transaction().execute(async (trx) => {
    const payment = await trx
      .updateTable("sale_payments")
      .set(
        result.outcome === "succeeded"
          ? {
              status: "succeeded",
              stripe_payment_intent_id: result.intentId,
              card_brand: result.brand,
              card_last4: result.last4,
              settled_at: now.toISOString(),
            }
          : { status: result.outcome, failure: result.failure, settled_at: now.toISOString() },
      )
      .where("id", "=", paymentId)
      .where("status", "=", "processing")
      .returningAll()
      .executeTakeFirst();
    if (!payment) return;
    if (result.outcome !== "succeeded") {
      await release(trx, payment.sale_id, payment.amount_pence);
      return;
    }
    if (!(await countPayment(trx, payment, { reserved: true }, now))) {
      // Cannot happen while the hold stands (the database bounds it); say so loudly rather than lose the money.
      throw new Error(`Card payment ${paymentId} succeeded but does not fit its sale`);
    }
  });
  nudgeJobWorkers();
}
