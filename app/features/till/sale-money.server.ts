import type { Db } from "~/db/client.server";
import type { Row, SalePaymentMethod } from "~/db/database";
import { recordMovement } from "~/features/payments/index.server";
import { conflict } from "~/lib/http-error";
import { formatPence } from "~/lib/money";
import { queueSaleMail } from "./sale-mail.server";
import { saleNumber } from "./till.schema";

/*
 * What a payment does to its sale, in the transaction that records it. Each is a guarded update the database
 * also bounds (paid + reserved never above the total): of two payments racing to overpay, one wins.
 */

/** The barber a sale's money is credited to in the ledger: its first line's that has one, else the tip's. */
async function saleMember(db: Db, sale: Pick<Row<"sales">, "id" | "tip_member_id">) {
  const line = await db
    .selectFrom("sale_lines")
    .select("member_id")
    .where("sale_id", "=", sale.id)
    .where("member_id", "is not", null)
    .orderBy("position")
    .executeTakeFirst();
  return line?.member_id ?? sale.tip_member_id;
}

/** Why a payment of `amountPence` cannot be taken on the sale as it now stands. */
export async function refusal(db: Db, saleId: number, amountPence: number) {
  const sale = await db.selectFrom("sales").selectAll().where("id", "=", saleId).executeTakeFirstOrThrow();
  const number = saleNumber(sale.number);
  if (sale.status === "voided") return conflict(`Sale ${number} is voided.`);
  if (sale.status === "paid") return conflict(`Sale ${number} is already paid.`);
  const due = sale.total_pence - sale.paid_pence;
  const free = due - sale.reserved_pence;
  if (sale.reserved_pence > 0 && amountPence > free) {
    return conflict(
      `Only ${formatPence(free)} can be taken now: ${formatPence(sale.reserved_pence)} is waiting on the card reader.`,
    );
  }
  return conflict(`${formatPence(due)} is due on sale ${number}: ${formatPence(amountPence)} is more than that.`);
}

/** Holds `amountPence` of the due for a card payment in flight; false when it is not free. */
export async function reserve(db: Db, saleId: number, amountPence: number) {
  const held = await db
    .updateTable("sales")
    .set((eb) => ({ reserved_pence: eb("reserved_pence", "+", amountPence) }))
    .where("id", "=", saleId)
    .where("status", "=", "open")
    .where((eb) =>
      eb(eb(eb("paid_pence", "+", eb.ref("reserved_pence")), "+", amountPence), "<=", eb.ref("total_pence")),
    )
    .executeTakeFirst();
  return held.numUpdatedRows > 0n;
}

export async function release(db: Db, saleId: number, amountPence: number) {
  await db
    .updateTable("sales")
    .set((eb) => ({ reserved_pence: eb("reserved_pence", "-", amountPence) }))
    .where("id", "=", saleId)
    .execute();
}

/**
 * Counts a succeeded payment towards its sale (from its reservation, for a card payment held while in flight),
 * writes the ledger's row and, when the sale is then paid, queues its receipt. False when the amount does not fit.
 */
export async function countPayment(
  db: Db,
  payment: Pick<Row<"sale_payments">, "id" | "sale_id" | "amount_pence" | "stripe_payment_intent_id"> & {
    method: SalePaymentMethod;
  },
  { reserved }: { reserved: boolean },
  now: Date,
) {
  const amount = payment.amount_pence;
  const sale = await db
    .updateTable("sales")
    .set((eb) => ({
      paid_pence: eb("paid_pence", "+", amount),
      ...(reserved ? { reserved_pence: eb("reserved_pence", "-", amount) } : {}),
      status: eb
        .case()
        .when(eb(eb("paid_pence", "+", amount), "=", eb.ref("total_pence")))
        .then("paid" as const)
        .else(eb.ref("status"))
        .end(),
      paid_at: eb
        .case()
        .when(eb(eb("paid_pence", "+", amount), "=", eb.ref("total_pence")))
        .then(now.toISOString())
        .else(eb.ref("paid_at"))
        .end(),
    }))
    .where("id", "=", payment.sale_id)
    .where("status", "=", "open")
    .where((eb) =>
      reserved
        ? eb(eb("paid_pence", "+", amount), "<=", eb.ref("total_pence"))
        : eb(eb(eb("paid_pence", "+", eb.ref("reserved_pence")), "+", amount), "<=", eb.ref("total_pence")),
    )
    .returning(["id", "status", "customer_id", "booking_id", "tip_member_id"])
    .executeTakeFirst();
  if (!sale) return false;
  // A gift card's spend is its own ledger row (the gift-cards feature writes it, naming the sale): one row a movement.
  if (payment.method !== "gift_card") {
    await recordMovement(
      db,
      {
        kind: "sale",
        method: payment.method,
        amountPence: amount,
        bookingId: sale.booking_id,
        customerId: sale.customer_id,
        saleId: sale.id,
        memberId: await saleMember(db, sale),
        paymentIntentId: payment.stripe_payment_intent_id,
        idempotencyKey: `sale-payment-${payment.id}`,
      },
      now,
    );
  }
  if (sale.status === "paid") await queueSaleMail(db, { kind: "receipt", saleId: sale.id }, now);
  return true;
}
