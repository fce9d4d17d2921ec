import type { Db } from "~/db/client.server";
import { toPounds } from "~/lib/money";
import { groupBy, periodInstants, shopDays } from "./report-figures";
import type { Period } from "./reports.schema";

/** The till's lines behind each barber's pay (paid sales of the period), and the tips given to them. */
export async function payLinesOf(db: Db, period: Period) {
  const { start, end } = periodInstants(period);
  const dayOf = shopDays();
  const lines = await db
    .selectFrom("sale_lines as l")
    .innerJoin("sales as s", "s.id", "l.sale_id")
    .select([
      "l.id",
      "l.member_id",
      "l.kind",
      "l.description",
      "l.quantity",
      "l.refunded_quantity",
      "l.total_pence",
      "s.paid_at",
      "s.number",
    ])
    .where("s.status", "=", "paid")
    .where("s.paid_at", ">=", start)
    .where("s.paid_at", "<", end)
    .where("l.member_id", "is not", null)
    .orderBy("s.number")
    .orderBy("l.position")
    .execute();
  const tips = await db
    .selectFrom("sales")
    .select(["id", "tip_member_id", "tip_pence", "paid_at", "number"])
    .where("status", "=", "paid")
    .where("paid_at", ">=", start)
    .where("paid_at", "<", end)
    .where("tip_pence", ">", 0)
    .where("tip_member_id", "is not", null)
    .orderBy("number")
    .execute();
  const rows = [
    ...lines.map((line) => ({
      key: `line-${line.id}`,
      memberId: line.member_id!,
      date: dayOf(line.paid_at!),
      sale: `S-${String(line.number).padStart(6, "0")}`,
      what: line.refunded_quantity > 0 ? `${line.description} (${line.refunded_quantity} refunded)` : line.description,
      kind: line.kind === "product" ? "Product" : "Service",
      quantity: line.quantity,
      amount: toPounds(line.total_pence),
    })),
    ...tips.map((sale) => ({
      key: `tip-${sale.id}`,
      memberId: sale.tip_member_id!,
      date: dayOf(sale.paid_at!),
      sale: `S-${String(sale.number).padStart(6, "0")}`,
      what: "Tip",
      kind: "Tip",
      quantity: 1,
      amount: toPounds(sale.tip_pence),
    })),
  ];
  return groupBy(
    rows.toSorted((a, b) => a.date.localeCompare(b.date) || a.sale.localeCompare(b.sale)),
    (row) => row.memberId,
  );
}
