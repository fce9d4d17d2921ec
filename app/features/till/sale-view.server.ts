import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { notFound } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import { saleNumber, type Sale, type SalePayment } from "./till.schema";

/* A sale as the API and the screens show it: pounds, its lines, payments, customer and barbers' names. */

const memberNames = async (db: Db, ids: (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom("team_members").select(["id", "name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
};

export const paymentView = (row: Row<"sale_payments">): SalePayment => ({
  id: row.id,
  method: row.method,
  amount: toPounds(row.amount_pence),
  status: row.status,
  tendered: row.tendered_pence === null ? null : toPounds(row.tendered_pence),
  change: toPounds(row.change_pence),
  cardBrand: row.card_brand,
  cardLast4: row.card_last4,
  failure: row.failure,
  refunded: toPounds(row.refunded_pence),
  createdAt: row.created_at,
});

/** The sales of these rows as the API answers them, in the rows' order. */
export async function salesView(db: Db, sales: Row<"sales">[]): Promise<Sale[]> {
  if (sales.length === 0) return [];
  const ids = sales.map((sale) => sale.id);
  const customerIds = sales.flatMap((sale) => (sale.customer_id === null ? [] : [sale.customer_id]));
  const bookingIds = sales.flatMap((sale) => (sale.booking_id === null ? [] : [sale.booking_id]));
  const [lines, payments, customers, bookings] = await Promise.all([
    db.selectFrom("sale_lines").selectAll().where("sale_id", "in", ids).orderBy("position").execute(),
    db.selectFrom("sale_payments").selectAll().where("sale_id", "in", ids).orderBy("id").execute(),
    customerIds.length === 0
      ? []
      : db.selectFrom("customers").select(["id", "name", "email", "phone"]).where("id", "in", customerIds).execute(),
    bookingIds.length === 0
      ? []
      : db.selectFrom("bookings").select(["id", "reference"]).where("id", "in", bookingIds).execute(),
  ]);
  const names = await memberNames(db, [...lines.map((line) => line.member_id), ...sales.map((s) => s.tip_member_id)]);
  return sales.map((sale) => {
    const customer = customers.find((row) => row.id === sale.customer_id);
    return {
      id: sale.id,
      number: saleNumber(sale.number),
      status: sale.status,
      date: sale.date,
      bookingId: sale.booking_id,
      bookingReference: bookings.find((row) => row.id === sale.booking_id)?.reference ?? null,
      customer: customer
        ? { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone }
        : null,
      lines: lines
        .filter((line) => line.sale_id === sale.id)
        .map((line) => ({
          id: line.id,
          kind: line.kind,
          serviceId: line.service_id,
          productId: line.product_id,
          memberId: line.member_id,
          memberName: line.member_id === null ? null : (names.get(line.member_id) ?? null),
          description: line.description,
          unitPrice: toPounds(line.unit_pence),
          quantity: line.quantity,
          total: toPounds(line.total_pence),
          refundedQuantity: line.refunded_quantity,
        })),
      subtotal: toPounds(sale.subtotal_pence),
      discount: toPounds(sale.discount_pence),
      tip: {
        amount: toPounds(sale.tip_pence),
        memberId: sale.tip_member_id,
        memberName: sale.tip_member_id === null ? null : (names.get(sale.tip_member_id) ?? null),
      },
      total: toPounds(sale.total_pence),
      paid: toPounds(sale.paid_pence),
      online: toPounds(sale.online_pence),
      due: toPounds(sale.total_pence - sale.paid_pence),
      refunded: toPounds(sale.refunded_pence),
      payments: payments.filter((payment) => payment.sale_id === sale.id).map(paymentView),
      createdAt: sale.created_at,
      paidAt: sale.paid_at,
    };
  });
}

export async function findSaleRow(db: Db, id: number) {
  const row = await db.selectFrom("sales").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Sale");
  return row;
}

export async function loadSale(db: Db, id: number): Promise<Sale> {
  const [sale] = await salesView(db, [await findSaleRow(db, id)]);
  return sale!;
}

/** The shop's day's sales, oldest first (voided ones too: the day's list shows them struck through). */
export async function listSales(db: Db, date: string): Promise<Sale[]> {
  const rows = await db.selectFrom("sales").selectAll().where("date", "=", date).orderBy("number").execute();
  return salesView(db, rows);
}
