import type { Db } from "~/db/client.server";
import { groupBy, periodInstants, shopDays, spreadDiscount } from "./report-figures";
import type { Period } from "./reports.schema";
import type { LedgerRow, TakingsTally } from "./takings-tally";

/*
 * The till's part of the takings (decisions 054 and 056): paid sales on the day they were paid in full, their
 * lines (services and custom lines as services, products) net of the sale's discount spread over them, the tip,
 * the online part a booking's deposit paid; what each method took from the payments; refunds from the ledger on
 * their day (the rows the bookings' money was read with). A barber's figures are their lines' less what was
 * refunded of those lines.
 */
export async function addTillTakings(db: Db, period: Period, tally: TakingsTally, refunds: readonly LedgerRow[]) {
  const { start, end } = periodInstants(period);
  const dayOf = shopDays();
  // A sale counts on the day it was paid in full (a booking's sale belongs to the booking's day, and may be paid
  // before it).
  const sales = (
    await db
      .selectFrom("sales")
      .select(["id", "paid_at", "discount_pence", "tip_pence", "tip_member_id", "online_pence"])
      .where("status", "=", "paid")
      .where("paid_at", ">=", start)
      .where("paid_at", "<", end)
      .execute()
  ).map((sale) => ({ ...sale, date: dayOf(sale.paid_at!) }));
  const lines = await db
    .selectFrom("sale_lines as l")
    .innerJoin("sales as s", "s.id", "l.sale_id")
    .select(["l.sale_id", "l.kind", "l.member_id", "l.total_pence", "l.unit_pence", "l.refunded_quantity"])
    .where("s.status", "=", "paid")
    .where("s.paid_at", ">=", start)
    .where("s.paid_at", "<", end)
    .orderBy("l.sale_id")
    .orderBy("l.position")
    .execute();
  const linesOf = groupBy(lines, (line) => line.sale_id);
  for (const sale of sales) {
    const saleLines = linesOf.get(sale.id) ?? [];
    const discounts = spreadDiscount(
      saleLines.map((line) => line.total_pence),
      sale.discount_pence,
    );
    saleLines.forEach((line, index) => {
      const kind = line.kind === "product" ? "products" : "services";
      const net = line.total_pence - discounts[index]!;
      tally.add(kind, net, sale.date, line.member_id);
      if (line.refunded_quantity > 0 && line.member_id !== null) {
        // What was refunded of the line, at its price less its share of the discount.
        const refunded = Math.round((net * line.refunded_quantity * line.unit_pence) / Math.max(1, line.total_pence));
        tally.memberRefund(line.member_id, kind, refunded);
      }
    });
    if (sale.tip_pence > 0) tally.add("tips", sale.tip_pence, sale.date, sale.tip_member_id);
    if (sale.online_pence > 0) tally.paid("online", sale.online_pence);
  }
  const payments = await db
    .selectFrom("sale_payments as p")
    .innerJoin("sales as s", "s.id", "p.sale_id")
    .select(["p.method", (eb) => eb.fn.sum<number | string>("p.amount_pence").as("total")])
    .where("p.status", "=", "succeeded")
    .where("s.status", "=", "paid")
    .where("s.paid_at", ">=", start)
    .where("s.paid_at", "<", end)
    .groupBy("p.method")
    .execute();
  for (const payment of payments) tally.paid(payment.method, Number(payment.total));
  for (const refund of refunds) {
    tally.add("refunds", -refund.amount_pence, dayOf(refund.created_at));
    tally.paid(refund.method, refund.amount_pence);
  }
}
