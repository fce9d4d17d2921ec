import type { Db } from "~/db/client.server";
import { shopMoment } from "~/lib/shop-time";
import { csvText, periodInstants, type CsvValue } from "./report-figures";
import type { PayLine, Period, Summary } from "./reports.schema";
import { PAY_KIND_LABELS } from "~/features/team";
import { toPence } from "~/lib/money";

/*
 * The CSV files for the accountant (issue 32): UTF-8, a header row, amounts in pounds with two decimals and no
 * currency sign, text that a spreadsheet could run quoted (report-figures.ts).
 */

const money = (pounds: number): CsvValue => ({ pence: toPence(pounds) });

/** One row a day with its appointments and takings, then the period's total. */
export function summaryCsv(summary: Summary, days: Map<string, Record<string, number>>) {
  const kinds = ["services", "products", "tips", "fees", "depositsKept", "refunds"] as const;
  const rows: CsvValue[][] = [
    ["date", "appointments", ...kinds.map((kind) => (kind === "depositsKept" ? "deposits_kept" : kind)), "net"],
  ];
  for (const day of summary.byDay) {
    const pence = days.get(day.date);
    rows.push([day.date, day.appointments, ...kinds.map((kind) => ({ pence: pence?.[kind] ?? 0 })), money(day.net)]);
  }
  const { takings } = summary;
  rows.push(["total", summary.appointments.booked, ...kinds.map((kind) => money(takings[kind])), money(takings.net)]);
  return csvText(rows);
}

export function payCsv(lines: readonly PayLine[]) {
  return csvText([
    ["barber", "pay", "services", "products", "tips", "commission", "rent_due", "owed"],
    ...lines.map((line) => [
      line.name,
      PAY_KIND_LABELS[line.pay.kind],
      money(line.services),
      money(line.products),
      money(line.tips),
      money(line.commission),
      money(line.rentDue),
      money(line.owed),
    ]),
  ]);
}

/** One row per money movement of the period, in the order it moved. */
export async function paymentsCsv(db: Db, period: Period) {
  const { start, end } = periodInstants(period);
  const rows = await db
    .selectFrom("money_movements as m")
    .leftJoin("bookings as b", "b.id", "m.booking_id")
    .leftJoin("booking_slots as s", "s.id", "b.slot_id")
    .leftJoin("sales as sale", "sale.id", "m.sale_id")
    .leftJoin("team_members as t", (join) =>
      join.on((eb) => eb("t.id", "=", eb.fn.coalesce("m.member_id", "s.member_id"))),
    )
    .select([
      "m.created_at",
      "m.kind",
      "m.method",
      "m.amount_pence",
      "b.reference",
      "sale.number as saleNumber",
      "t.name as barber",
      "m.stripe_payment_intent_id",
      "m.stripe_refund_id",
    ])
    .where("m.created_at", ">=", start)
    .where("m.created_at", "<", end)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();
  return csvText([
    ["date", "time", "kind", "method", "amount", "reference", "barber", "stripe_id"],
    ...rows.map((row) => {
      const moment = shopMoment(new Date(row.created_at));
      return [
        moment.date,
        moment.time,
        row.kind,
        row.method,
        { pence: row.amount_pence },
        row.saleNumber === null ? row.reference : `S-${String(row.saleNumber).padStart(6, "0")}`,
        row.barber,
        row.stripe_refund_id ?? row.stripe_payment_intent_id,
      ];
    }),
  ]);
}
