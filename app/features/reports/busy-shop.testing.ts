import type { Db } from "~/db/client.server";
import type { Insertable } from "kysely";
import type { Database } from "~/db/database";
import { addDays, fromMinutes, shopInstant } from "~/lib/shop-time";
import { isoWeekday } from "./report-figures";

/*
 * A busy shop written straight into the database, as the booking core, the payments and the till write their rows
 * (issue 32's benchmark: a year of 12 barbers, 30,000 bookings, 18,000 sales with 40,000 lines, 36,000 money
 * movements; the browser check uses a small one). Deterministic: the same size gives the same shop. Each barber's
 * day is nine one-hour cells, 09:00 to 18:00, so no two bookings of a barber overlap (PostgreSQL refuses that).
 */

type BookingFacts = Pick<
  Insertable<Database["bookings"]>,
  | "slot_id"
  | "reference"
  | "manage_token_hash"
  | "duration_minutes"
  | "status"
  | "cancelled_by"
  | "created_at"
  | "cancelled_at"
  | "attendance"
  | "customer_id"
>;

/** A booking row as the booking core writes one, with what the books read of it given and the rest plain. */
export const bookingRow = (facts: BookingFacts): Insertable<Database["bookings"]> => ({
  manage_token_sealed: null,
  customer_name: "Customer",
  customer_email: "",
  customer_phone: "",
  notes: "",
  total_pence: 2000,
  mail_status: "sent",
  mail_error: null,
  erased_at: null,
  series_id: null,
  series_position: null,
  ...facts,
});

export interface BusyShopSize {
  barbers: number;
  /** The first day; the shop works Monday to Saturday from there for `days` days. */
  from: string;
  days: number;
  bookings: number;
  sales: number;
  lines: number;
  movements: number;
  /** Names and references start with this, so a shop made beside other data is told apart. */
  prefix?: string;
  /** False: barbers nobody can book (a browser check beside other tests' team). */
  active?: boolean;
}

export const BENCH_SIZE: BusyShopSize = {
  barbers: 12,
  from: "2025-01-06",
  days: 364,
  bookings: 30_000,
  sales: 18_000,
  lines: 40_000,
  movements: 36_000,
};

/** mulberry32: a small, seeded, repeatable source of numbers from 0 to 1. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type WithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/** Inserts in chunks (SQLite limits the values bound in one statement) and answers the new ids in order. */
async function insertAll<T extends WithId>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 400) {
    // Kysely cannot type one insert over a union of tables: each call site passes its table's own rows.
    const insert = db.insertInto(table) as unknown as {
      values: (rows: unknown[]) => { returning: (column: "id") => { execute: () => Promise<{ id: number }[]> } };
    };
    const inserted = await insert
      .values(rows.slice(start, start + 400))
      .returning("id")
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

const time = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

export async function buildBusyShop(db: Db, size: BusyShopSize) {
  const random = seeded(32);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const prefix = size.prefix ?? "Bench";
  const created = shopInstant(addDays(size.from, -30), "09:00").toISOString();
  const memberIds = await insertAll(
    db,
    "team_members",
    Array.from({ length: size.barbers }, (_, index) => ({
      name: `${prefix} Barber ${index + 1}`,
      bio: "",
      image: null,
      sort_order: 100 + index,
      active: size.active === false ? 0 : 1,
      created_at: created,
      pay_kind: index % 3 === 0 ? "chairRent" : "commission",
      pay_service_bp: index % 3 === 0 ? 0 : 4000,
      pay_product_bp: index % 3 === 0 ? 0 : 1000,
      pay_rent_pence: index % 3 === 0 ? 40_000 : 0,
      pay_rent_period: index % 6 === 0 ? "month" : "week",
    })),
  );
  await db
    .insertInto("team_member_hours")
    .values(
      memberIds.flatMap((memberId) =>
        [1, 2, 3, 4, 5, 6].map((day) => ({ member_id: memberId, day, start_time: "09:00", end_time: "18:00" })),
      ),
    )
    .execute();
  const customerIds = await insertAll(
    db,
    "customers",
    Array.from({ length: Math.max(1, Math.round(size.bookings / 5)) }, (_, index) => ({
      name: `${prefix} Customer ${index}`,
      email: `${prefix.toLowerCase()}-${index}@example.com`,
      email_key: `${prefix.toLowerCase()}-${index}@example.com`,
      phone: "",
      marketing_consent_at: null,
      marketing_consent_source: null,
      text_consent_at: null,
      text_consent_source: null,
      created_at: created,
      last_seen_at: created,
      erased_at: null,
    })),
  );

  // Every free hour of every barber on the working days, shuffled: each booking takes the next one.
  const cells: { date: string; hour: number; memberId: number }[] = [];
  for (let offset = 0; offset < size.days; offset++) {
    const date = addDays(size.from, offset);
    if (isoWeekday(date) === 7) continue;
    for (const memberId of memberIds) for (let hour = 9; hour < 18; hour++) cells.push({ date, hour, memberId });
  }
  for (let index = cells.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [cells[index], cells[other]] = [cells[other]!, cells[index]!];
  }
  const taken = cells.slice(0, Math.min(size.bookings, cells.length));
  const plans = taken.map((cell) => {
    const roll = random();
    const status = roll < 0.08 ? ("cancelled" as const) : roll < 0.1 ? ("expired" as const) : ("confirmed" as const);
    const minutes = pick([30, 45, 60]);
    const start = shopInstant(cell.date, time(cell.hour)).getTime();
    const attendance: "attended" | "no-show" | null =
      status === "confirmed" ? (random() < 0.94 ? "attended" : "no-show") : null;
    return {
      ...cell,
      status,
      minutes,
      attendance,
      customerId: pick(customerIds),
      createdAt: new Date(start - Math.floor(random() * 21 * 86_400_000)).toISOString(),
      cancelledBy: status === "cancelled" ? pick(["customer", "admin"]) : null,
      cancelledAt:
        status === "cancelled" ? new Date(start - Math.floor(random() * 72 * 3_600_000)).toISOString() : null,
    };
  });
  const slotIds = await insertAll(
    db,
    "booking_slots",
    plans.map((plan) => ({
      date: plan.date,
      start_time: time(plan.hour),
      end_time: fromMinutes(plan.hour * 60 + plan.minutes),
      status: plan.status === "confirmed" ? ("booked" as const) : ("released" as const),
      created_at: plan.createdAt,
      member_id: plan.memberId,
      kind: "appointment" as const,
    })),
  );
  const bookingIds = await insertAll(
    db,
    "bookings",
    plans.map((plan, index) =>
      bookingRow({
        slot_id: slotIds[index]!,
        reference: `${prefix.toUpperCase()}-${String(index).padStart(6, "0")}`,
        manage_token_hash: `${prefix}-${index}`,
        duration_minutes: plan.minutes,
        status: plan.status,
        cancelled_by: plan.cancelledBy,
        created_at: plan.createdAt,
        cancelled_at: plan.cancelledAt,
        attendance: plan.attendance,
        customer_id: plan.customerId,
      }),
    ),
  );

  const attended = plans
    .map((plan, index) => ({ ...plan, id: bookingIds[index]! }))
    .filter((plan) => plan.attendance === "attended");
  const saleCount = Math.min(size.sales, attended.length);
  const counter = await db.selectFrom("sale_counters").select("last_number").where("id", "=", 1).executeTakeFirst();
  const firstNumber = (counter?.last_number ?? 0) + 1;
  const saleRows = attended.slice(0, saleCount).map((visit, index) => {
    const lineCount = Math.floor(size.lines / saleCount) + (index < size.lines % saleCount ? 1 : 0);
    const units = Array.from({ length: lineCount }, (_, line) => (line === 0 ? 2000 + 500 * (index % 4) : 1200));
    const subtotal = units.reduce((sum, unit) => sum + unit, 0);
    const tip = index % 2 === 0 ? 200 : 0;
    return { visit, units, subtotal, tip, total: subtotal + tip, number: firstNumber + index };
  });
  await db
    .updateTable("sale_counters")
    .set({ last_number: firstNumber + saleCount - 1 })
    .where("id", "=", 1)
    .execute();
  const saleIds = await insertAll(
    db,
    "sales",
    saleRows.map((sale) => ({
      number: sale.number,
      status: "paid" as const,
      booking_id: sale.visit.id,
      customer_id: sale.visit.customerId,
      date: sale.visit.date,
      subtotal_pence: sale.subtotal,
      discount_pence: 0,
      discount_percent: null,
      tip_pence: sale.tip,
      tip_member_id: sale.tip > 0 ? sale.visit.memberId : null,
      total_pence: sale.total,
      online_pence: 0,
      paid_pence: sale.total,
      refunded_pence: 0,
      created_by: null,
      created_at: shopInstant(sale.visit.date, time(sale.visit.hour + 1)).toISOString(),
      paid_at: shopInstant(sale.visit.date, time(sale.visit.hour + 1)).toISOString(),
      voided_at: null,
    })),
  );
  await insertAll(
    db,
    "sale_lines",
    saleRows.flatMap((sale, index) =>
      sale.units.map((unit, position) => ({
        sale_id: saleIds[index]!,
        position,
        kind: position === 0 ? ("service" as const) : ("product" as const),
        service_id: null,
        product_id: null,
        member_id: sale.visit.memberId,
        description: position === 0 ? "Haircut" : "Pomade",
        unit_pence: unit,
        quantity: 1,
        total_pence: unit,
        refunded_quantity: 0,
      })),
    ),
  );
  const method = (index: number) => (index % 3 === 0 ? ("cash" as const) : ("card" as const));
  await insertAll(
    db,
    "sale_payments",
    saleRows.map((sale, index) => ({
      sale_id: saleIds[index]!,
      method: method(index),
      amount_pence: sale.total,
      tendered_pence: null,
      status: "succeeded" as const,
      idempotency_key: `${prefix}-pay-${index}`,
      date: sale.visit.date,
      reader_id: null,
      stripe_payment_intent_id: null,
      card_brand: null,
      card_last4: null,
      failure: null,
      created_at: shopInstant(sale.visit.date, time(sale.visit.hour + 1)).toISOString(),
      settled_at: null,
    })),
  );
  // The ledger: each sale's payment, then the bookings' online money (deposits, fees, kept deposits, refunds).
  const ledger: Insertable<Database["money_movements"]>[] = saleRows.map((sale, index) => ({
    kind: "sale" as const,
    method: method(index),
    amount_pence: sale.total,
    booking_id: sale.visit.id,
    customer_id: sale.visit.customerId,
    sale_id: saleIds[index]!,
    member_id: sale.visit.memberId,
    stripe_payment_intent_id: null,
    stripe_refund_id: null,
    stripe_checkout_session_id: null,
    idempotency_key: `${prefix}-sale-${index}`,
    created_at: shopInstant(sale.visit.date, time(sale.visit.hour + 1)).toISOString(),
  }));
  const online = plans.map((plan, index) => ({ ...plan, id: bookingIds[index]! }));
  const kinds = ["deposit", "deposit", "deposit", "fee", "kept_deposit", "refund"] as const;
  for (let index = 0; ledger.length < size.movements && index < online.length; index++) {
    const plan = online[index]!;
    const kind = kinds[index % kinds.length]!;
    ledger.push({
      kind,
      method: kind === "fee" ? "card_on_file" : "online",
      amount_pence: kind === "refund" ? -1000 : 1000,
      booking_id: plan.id,
      customer_id: plan.customerId,
      sale_id: null,
      member_id: null,
      stripe_payment_intent_id: `pi_${prefix}_${index}`,
      stripe_refund_id: kind === "refund" ? `re_${prefix}_${index}` : null,
      stripe_checkout_session_id: null,
      idempotency_key: `${prefix}-money-${index}`,
      created_at: kind === "deposit" ? plan.createdAt : shopInstant(plan.date, time(plan.hour)).toISOString(),
    });
  }
  await insertAll(db, "money_movements", ledger);
  return {
    memberIds,
    bookings: plans.length,
    sales: saleCount,
    lines: saleRows.reduce((sum, sale) => sum + sale.units.length, 0),
    movements: ledger.length,
  };
}
