import type { Db } from "~/db/client.server";
import type { MoneyKind, MoneyMethod } from "~/db/database";
import { clockNow } from "~/lib/clock";
import { toPounds } from "~/lib/money";
import { shopInstant, shopToday } from "~/lib/shop-time";

/*
 * The ledger (issue 29, decision 040): every movement of money is a row, written in the transaction that
 * changes the state it belongs to, and unique by its idempotency key, so a retried job or a replayed event
 * writes it once. Amounts in pence: money in positive, refunds negative. A kept deposit is not cash moving
 * (the deposit was already in): it records that the money stays, and is left out of the cash balance.
 */

export interface Movement {
  kind: MoneyKind;
  method: MoneyMethod;
  amountPence: number;
  bookingId: number | null;
  idempotencyKey: string;
  paymentIntentId?: string | null;
  refundId?: string | null;
  checkoutSessionId?: string | null;
  /** The till's sale it belongs to, and the barber that sale is credited to (decision 056). */
  saleId?: number | null;
  memberId?: number | null;
  /** Who the money is from, when it is known without a booking (a sale's customer). */
  customerId?: number | null;
  giftCardId?: number | null;
  membershipId?: number | null;
}

/**
 * The kinds that only say what became of money already in: everything else moved cash at Stripe (or the till),
 * except what a gift card's balance paid (its money came in when the card was loaded, decision 057).
 */
export const NON_CASH_KINDS: readonly MoneyKind[] = ["kept_deposit"];
const NON_CASH_METHODS: readonly MoneyMethod[] = ["gift_card"];

/** Writes one movement, once: a second write with the same key changes nothing. Pass the transaction. */
export async function recordMovement(db: Db, movement: Movement, now: Date) {
  await db
    .insertInto("money_movements")
    .values({
      kind: movement.kind,
      method: movement.method,
      amount_pence: movement.amountPence,
      booking_id: movement.bookingId,
      customer_id:
        movement.customerId !== undefined || movement.bookingId === null
          ? (movement.customerId ?? null)
          : (eb) => eb.selectFrom("bookings").select("customer_id").where("id", "=", movement.bookingId),
      sale_id: movement.saleId ?? null,
      member_id: movement.memberId ?? null,
      stripe_payment_intent_id: movement.paymentIntentId ?? null,
      stripe_refund_id: movement.refundId ?? null,
      stripe_checkout_session_id: movement.checkoutSessionId ?? null,
      gift_card_id: movement.giftCardId ?? null,
      membership_id: movement.membershipId ?? null,
      idempotency_key: movement.idempotencyKey,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .execute();
}

/** Sums of the ledger by kind, in pence, from `since` on (all time when absent). */
export async function ledgerTotals(db: Db, since?: string) {
  let query = db
    .selectFrom("money_movements")
    .select(["kind", "method", (eb) => eb.fn.sum<number | string>("amount_pence").as("total")])
    .groupBy(["kind", "method"]);
  if (since) query = query.where("created_at", ">=", since);
  const rows = await query.execute();
  const totals = new Map<MoneyKind, number>();
  for (const row of rows) totals.set(row.kind, (totals.get(row.kind) ?? 0) + Number(row.total));
  const of = (kind: MoneyKind) => totals.get(kind) ?? 0;
  return {
    of,
    /** What the shop's Stripe balance gained from bookings: money in less money refunded. */
    cash: rows
      .filter((row) => !NON_CASH_KINDS.includes(row.kind) && !NON_CASH_METHODS.includes(row.method))
      .reduce((sum, row) => sum + Number(row.total), 0),
  };
}

/** The month's money so far (in the shop's zone), from the ledger: taken, charged, refunded and kept, in pounds. */
export async function monthMoney(db: Db, now: Date = clockNow()) {
  const start = shopInstant(`${shopToday(now).slice(0, 7)}-01`, "00:00").toISOString();
  const totals = await ledgerTotals(db, start);
  return {
    deposits: toPounds(totals.of("deposit") + totals.of("prepayment")),
    fees: toPounds(totals.of("fee")),
    refunds: toPounds(-totals.of("refund")),
    kept: toPounds(totals.of("kept_deposit")),
  };
}
