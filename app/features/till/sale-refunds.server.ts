import type { AppContext, SessionUser } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { isUniqueViolation } from "~/db/errors";
import { recordAudit } from "~/features/audit/index.server";
import { refundToCard } from "~/features/gift-cards/index.server";
import { cancelJobs, enqueueJob, nudgeJobWorkers, type JobHandler } from "~/features/jobs/index.server";
import {
  RefundRefusedError,
  StripeUnavailableError,
  recordMovement,
  refundPayment,
  requireStripeKeys,
  stripeClient,
} from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict } from "~/lib/http-error";
import { formatPence, toPence } from "~/lib/money";
import { shopToday } from "~/lib/shop-time";
import { queueSaleMail } from "./sale-mail.server";
import { findSaleRow, loadSale } from "./sale-view.server";
import { requireDayOpen, returnStock } from "./sales.server";
import { saleNumber, type RefundInput } from "./till.schema";

/*
 * Refunds at the till (issue 31). The refund is claimed in one transaction whose guarded updates the database
 * bounds (never more refunded than paid, of the sale, of each payment, of each line): the sale's and the
 * payments' refunded amounts, the lines' quantities and their stock, the cash paid out (its ledger row at once),
 * and for each card part a job holding Stripe's Idempotency-Key. The request then asks Stripe itself; should
 * that not finish, the job asks again with the same key. A card part Stripe refuses is given back.
 */

type Ctx = Pick<AppContext, "db" | "config">;

export const TILL_REFUND_JOB = "till-card-refund";

const KEY_MISSING_MESSAGE = "An Idempotency-Key header is required: one per refund you mean to give.";
const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a refund on another sale.";

/** One card payment's part of a refund, as asked of Stripe (its job asks again with exactly this). */
export interface CardRefundPart {
  key: string;
  saleId: number;
  refundId: number;
  paymentId: number;
  method: "card" | "card_on_file";
  paymentIntentId: string;
  amountPence: number;
}

interface Part {
  payment: Row<"sale_payments">;
  amountPence: number;
}

/** Card payments first (the money goes back where it came from), newest first; then gift cards; then cash. */
const REFUND_ORDER = { card: 0, card_on_file: 0, gift_card: 1, cash: 2 } as const;

function allocate(payments: Row<"sale_payments">[], amountPence: number): Part[] {
  const order = (payment: Row<"sale_payments">) => REFUND_ORDER[payment.method];
  const candidates = payments
    .filter((payment) => payment.status === "succeeded" && payment.refunded_pence < payment.amount_pence)
    .sort((a, b) => order(a) - order(b) || b.id - a.id);
  const parts: Part[] = [];
  let left = amountPence;
  for (const payment of candidates) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amount_pence - payment.refunded_pence);
    parts.push({ payment, amountPence: part });
    left -= part;
  }
  return parts;
}

/** What the lines asked for come to, after the sale's discount (shared pro rata), and how many of each. */
function linesRefund(sale: Row<"sales">, lines: Row<"sale_lines">[], asked: NonNullable<RefundInput["lines"]>) {
  return asked.map((item) => {
    const line = lines.find((row) => row.id === item.lineId);
    if (!line) throw badRequest(`Line ${item.lineId} is not on sale ${saleNumber(sale.number)}.`);
    const left = line.quantity - line.refunded_quantity;
    const quantity = item.quantity ?? left;
    if (quantity > left) throw conflict(`Only ${left} of ${line.description} can still be refunded.`);
    const gross = line.unit_pence * quantity;
    const share = sale.subtotal_pence === 0 ? 0 : Math.round((gross * sale.discount_pence) / sale.subtotal_pence);
    return { line, quantity, amountPence: gross - share };
  });
}

/** POST /api/sales/{id}/refund. */
export async function refundSale(
  ctx: Ctx,
  saleId: number,
  input: RefundInput,
  clientKey: string | undefined,
  user: SessionUser | null,
  now: Date = clockNow(),
) {
  if (!clientKey?.trim()) throw badRequest(KEY_MISSING_MESSAGE);
  const key = `sale-refund-${saleId}-${clientKey.trim()}`;
  const findRefund = () =>
    ctx.db.selectFrom("sale_refunds").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
  const replay = (refund: Row<"sale_refunds">) => {
    if (refund.sale_id !== saleId) throw new HttpError(422, KEY_REUSED_MESSAGE);
    return loadSale(ctx.db, saleId);
  };
  const earlier = await findRefund();
  if (earlier) return replay(earlier);
  const sale = await findSaleRow(ctx.db, saleId);
  await requireDayOpen(ctx.db, shopToday(now));
  const [lines, payments] = await Promise.all([
    ctx.db.selectFrom("sale_lines").selectAll().where("sale_id", "=", saleId).execute(),
    ctx.db.selectFrom("sale_payments").selectAll().where("sale_id", "=", saleId).execute(),
  ]);
  const items = input.lines ? linesRefund(sale, lines, input.lines) : [];
  const refundable = sale.paid_pence - sale.online_pence - sale.refunded_pence;
  const amount =
    input.amount !== undefined
      ? toPence(input.amount)
      : input.lines
        ? items.reduce((sum, item) => sum + item.amountPence, 0)
        : refundable;
  const tooMuch = () =>
    conflict(
      refundable <= 0
        ? `Nothing paid at the till on sale ${saleNumber(sale.number)} is left to refund.`
        : `At most ${formatPence(refundable)} can be refunded on sale ${saleNumber(sale.number)}.`,
    );
  if (amount > refundable || refundable <= 0) throw tooMuch();
  if (amount <= 0 && items.length === 0) throw badRequest("Nothing to refund: give lines or an amount.");
  const parts = allocate(payments, amount);
  const date = shopToday(now);
  const cardParts: CardRefundPart[] = [];
  let refundId: number;
  try {
    refundId = await ctx.db.transaction().execute(async (trx) => {
      await requireDayOpen(trx, date);
      const claimed = await trx
        .updateTable("sales")
        .set((eb) => ({ refunded_pence: eb("refunded_pence", "+", amount) }))
        .where("id", "=", saleId)
        .where((eb) =>
          eb(eb("refunded_pence", "+", amount), "<=", eb(eb.ref("paid_pence"), "-", eb.ref("online_pence"))),
        )
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) throw tooMuch();
      const partsBy = (method: Row<"sale_payments">["method"]) =>
        parts.filter((part) => part.payment.method === method).reduce((sum, part) => sum + part.amountPence, 0);
      const cash = partsBy("cash");
      const giftCard = partsBy("gift_card");
      const { id } = await trx
        .insertInto("sale_refunds")
        .values({
          sale_id: saleId,
          idempotency_key: key,
          amount_pence: amount,
          cash_pence: cash,
          gift_card_pence: giftCard,
          card_pence: amount - cash - giftCard,
          reason: input.reason,
          date,
          created_by: user?.id ?? null,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const { payment, amountPence } of parts) {
        const taken = await trx
          .updateTable("sale_payments")
          .set((eb) => ({ refunded_pence: eb("refunded_pence", "+", amountPence) }))
          .where("id", "=", payment.id)
          .where((eb) => eb(eb("refunded_pence", "+", amountPence), "<=", eb.ref("amount_pence")))
          .executeTakeFirst();
        if (taken.numUpdatedRows === 0n) throw tooMuch();
        const partKey = `${key}-payment-${payment.id}`;
        const movement = { bookingId: sale.booking_id, customerId: sale.customer_id, saleId, idempotencyKey: partKey };
        if (payment.method === "cash") {
          await recordMovement(
            trx,
            { ...movement, kind: "sale_refund", method: "cash", amountPence: -amountPence },
            now,
          );
          continue;
        }
        if (payment.method === "gift_card") {
          await refundToCard(
            trx,
            {
              cardId: payment.gift_card_id!,
              amountPence,
              saleId,
              customerId: sale.customer_id,
              note: `Refund on sale ${saleNumber(sale.number)}: ${input.reason}`,
              key: partKey,
            },
            now,
          );
          continue;
        }
        const part: CardRefundPart = {
          key: partKey,
          saleId,
          refundId: id,
          paymentId: payment.id,
          method: payment.method,
          paymentIntentId: payment.stripe_payment_intent_id ?? "",
          amountPence,
        };
        cardParts.push(part);
        await enqueueJob(
          trx,
          {
            kind: TILL_REFUND_JOB,
            payload: part,
            key: partKey,
            runAt: new Date(now.getTime() + 3 * 60_000),
            maxAttempts: 12,
          },
          now,
        );
      }
      for (const item of items) {
        const back = await trx
          .updateTable("sale_lines")
          .set((eb) => ({ refunded_quantity: eb("refunded_quantity", "+", item.quantity) }))
          .where("id", "=", item.line.id)
          .where((eb) => eb(eb("refunded_quantity", "+", item.quantity), "<=", eb.ref("quantity")))
          .executeTakeFirst();
        if (back.numUpdatedRows === 0n) throw conflict(`${item.line.description} was refunded meanwhile: try again.`);
      }
      await returnStock(
        trx,
        items.map((item) => ({ productId: item.line.product_id, quantity: item.quantity })),
      );
      await queueSaleMail(trx, { kind: "refund", saleId, refundId: id }, now);
      // In the log from the API and the sale screen alike (the reason is the owner's words: not copied there).
      if (user) {
        await recordAudit(trx, {
          actor: user,
          kind: "sales",
          action: "refund sale",
          targetId: String(saleId),
          targetLabel: `${saleNumber(sale.number)}: ${formatPence(amount)}`,
        });
      }
      return id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await findRefund();
    if (!raced) throw error;
    return replay(raced);
  }
  nudgeJobWorkers();
  const refused: string[] = [];
  for (const part of cardParts) {
    try {
      await refundCardPart(ctx, { ...part, refundId }, now);
    } catch (error) {
      if (error instanceof RefundRefusedError) refused.push(error.reason);
      // Stripe did not answer: the part stays claimed and its job asks again with the same key.
      else if (!(error instanceof StripeUnavailableError)) throw error;
    }
  }
  if (refused.length > 0) throw new RefundRefusedError(refused.join(" "));
  return loadSale(ctx.db, saleId);
}

/** Asks Stripe for one card part, with its key; writes its ledger row once, or gives the part back if refused. */
export async function refundCardPart(ctx: Ctx, part: CardRefundPart, now: Date = clockNow()) {
  const client = await stripeClient(ctx.config, await requireStripeKeys(ctx));
  try {
    const made = await refundPayment(client, {
      paymentIntent: part.paymentIntentId,
      amountPence: part.amountPence,
      idempotencyKey: part.key,
    });
    await ctx.db.transaction().execute(async (trx) => {
      const sale = await trx
        .selectFrom("sales")
        .select(["booking_id", "customer_id"])
        .where("id", "=", part.saleId)
        .executeTakeFirstOrThrow();
      await recordMovement(
        trx,
        {
          kind: "sale_refund",
          method: part.method,
          amountPence: -part.amountPence,
          bookingId: sale.booking_id,
          customerId: sale.customer_id,
          saleId: part.saleId,
          paymentIntentId: part.paymentIntentId,
          refundId: made.id,
          idempotencyKey: part.key,
        },
        now,
      );
      await cancelJobs(trx, part.key);
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) await giveBack(ctx.db, part);
    throw error;
  }
}

/** A card part Stripe refused: the sale, the payment and the refund no longer count it. */
async function giveBack(db: Db, part: CardRefundPart) {
  await db.transaction().execute(async (trx) => {
    const job = await trx.deleteFrom("jobs").where("unique_key", "=", part.key).executeTakeFirst();
    const ledger = await trx
      .selectFrom("money_movements")
      .select("id")
      .where("idempotency_key", "=", part.key)
      .executeTakeFirst();
    // Given back already (the job and the request both heard the refusal), or refunded after all.
    if (job.numDeletedRows === 0n || ledger) return;
    await trx
      .updateTable("sales")
      .set((eb) => ({ refunded_pence: eb("refunded_pence", "-", part.amountPence) }))
      .where("id", "=", part.saleId)
      .execute();
    await trx
      .updateTable("sale_payments")
      .set((eb) => ({ refunded_pence: eb("refunded_pence", "-", part.amountPence) }))
      .where("id", "=", part.paymentId)
      .execute();
    await trx
      .updateTable("sale_refunds")
      .set((eb) => ({
        amount_pence: eb("amount_pence", "-", part.amountPence),
        card_pence: eb("card_pence", "-", part.amountPence),
      }))
      .where("id", "=", part.refundId)
      .execute();
  });
}

export const cardRefundJob: JobHandler = {
  async run(ctx, payload) {
    try {
      await refundCardPart(ctx, payload as CardRefundPart);
    } catch (error) {
      // Refused for good: given back above, nothing to retry.
      if (!(error instanceof RefundRefusedError)) throw error;
      console.error(`Card refund ${(payload as CardRefundPart).key} refused by Stripe: ${error.reason}`);
    }
  },
};
