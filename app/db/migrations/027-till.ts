import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * The shop's till (issue 31, decision 056): sales with their lines and payments, a per-shop counter that
 * numbers them (S-000001, …) inside the creating transaction, the days the owner has cashed up, the card
 * readers registered with Stripe Terminal, stock on products, and the ledger's link to sales and barbers.
 * The database refuses what must never happen: a second live sale of one booking (a partial unique index),
 * more paid than the total, more refunded than paid, a line refunded beyond its quantity, stock below zero.
 */

// The migration runs against the schema as it was, untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = Kysely<any>;

export async function up(database: Kysely<unknown>) {
  const db = database as Untyped;
  const pg = isPostgres(db);
  const idColumn = (table: string) =>
    pg
      ? db.schema.createTable(table).addColumn("id", "serial", (col) => col.primaryKey())
      : db.schema.createTable(table).addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());

  // null: not counted (every product until the owner types a number).
  await db.schema
    .alterTable("products")
    .addColumn("stock", "integer", (col) => col.check(sql`stock is null or stock >= 0`))
    .execute();

  // One row per shop (id 1): the last number given; the creating transaction adds one and reads it back.
  await db.schema
    .createTable("sale_counters")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("last_number", "integer", (col) => col.notNull())
    .execute();
  await db.insertInto("sale_counters").values({ id: 1, last_number: 0 }).execute();

  await idColumn("sales")
    .addColumn("number", "integer", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('open', 'paid', 'voided')`))
    .addColumn("booking_id", "integer", (col) => col.references("bookings.id").onDelete("set null"))
    .addColumn("customer_id", "integer", (col) => col.references("customers.id").onDelete("set null"))
    // The shop's day it belongs to (yyyy-MM-dd, Europe/London): what the day's list and the cash-up read.
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("subtotal_pence", "integer", (col) => col.notNull())
    .addColumn("discount_pence", "integer", (col) => col.notNull().defaultTo(0))
    // The percentage asked, when the discount was given as one (the pence above are what it came to).
    .addColumn("discount_percent", "integer")
    .addColumn("tip_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("tip_member_id", "integer")
    .addColumn("total_pence", "integer", (col) => col.notNull())
    // Of the booking's online deposit or prepayment, what counts towards this sale (already in `paid_pence`).
    .addColumn("online_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("paid_pence", "integer", (col) => col.notNull().defaultTo(0))
    // What card payments still waiting on a reader (or Stripe) hold of the due: no other payment may take it.
    .addColumn("reserved_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("refunded_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("paid_at", "text")
    .addColumn("voided_at", "text")
    .addCheckConstraint(
      "sales_paid_within_total",
      sql`paid_pence >= 0 and reserved_pence >= 0 and paid_pence + reserved_pence <= total_pence`,
    )
    .addCheckConstraint("sales_refunded_within_paid", sql`refunded_pence >= 0 and refunded_pence <= paid_pence`)
    .addCheckConstraint("sales_amounts", sql`discount_pence >= 0 and tip_pence >= 0 and total_pence >= 0`)
    .execute();
  await db.schema.createIndex("sales_date").on("sales").columns(["date", "status"]).execute();
  await db.schema.createIndex("sales_customer").on("sales").column("customer_id").execute();
  await sql`create unique index sales_one_live_per_booking on sales (booking_id) where status <> 'voided' and booking_id is not null`.execute(
    db,
  );

  await idColumn("sale_lines")
    .addColumn("sale_id", "integer", (col) => col.notNull().references("sales.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('service', 'product', 'custom')`))
    .addColumn("service_id", "integer")
    .addColumn("product_id", "integer")
    // The barber the line is credited to: every service line has one; a product or custom line may not.
    .addColumn("member_id", "integer")
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("unit_pence", "integer", (col) => col.notNull().check(sql`unit_pence >= 0`))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn("total_pence", "integer", (col) => col.notNull())
    .addColumn("refunded_quantity", "integer", (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      "sale_lines_refund_within_quantity",
      sql`refunded_quantity >= 0 and refunded_quantity <= quantity`,
    )
    .execute();
  await db.schema.createIndex("sale_lines_sale").on("sale_lines").column("sale_id").execute();

  await idColumn("sale_payments")
    .addColumn("sale_id", "integer", (col) => col.notNull().references("sales.id").onDelete("cascade"))
    .addColumn("method", "text", (col) => col.notNull().check(sql`method in ('cash', 'card', 'card_on_file')`))
    .addColumn("amount_pence", "integer", (col) => col.notNull().check(sql`amount_pence > 0`))
    .addColumn("tendered_pence", "integer")
    .addColumn("change_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('processing', 'succeeded', 'failed', 'canceled')`),
    )
    // The request's Idempotency-Key (prefixed with the sale): a repeat finds its payment here.
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("reader_id", "text")
    .addColumn("stripe_payment_intent_id", "text")
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("failure", "text")
    .addColumn("refunded_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("settled_at", "text")
    .addCheckConstraint(
      "sale_payments_refund_within_amount",
      sql`refunded_pence >= 0 and refunded_pence <= amount_pence`,
    )
    .execute();
  await db.schema.createIndex("sale_payments_sale").on("sale_payments").column("sale_id").execute();
  await db.schema.createIndex("sale_payments_date").on("sale_payments").column("date").execute();
  await db.schema.createIndex("sale_payments_intent").on("sale_payments").column("stripe_payment_intent_id").execute();
  // One card payment in flight per reader: a second waits for the first or its cancel.
  await sql`create unique index sale_payments_one_per_reader on sale_payments (reader_id) where status = 'processing' and reader_id is not null`.execute(
    db,
  );

  await idColumn("sale_refunds")
    .addColumn("sale_id", "integer", (col) => col.notNull().references("sales.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    // 0 once a card part Stripe refused is given back (nothing else of it moved).
    .addColumn("amount_pence", "integer", (col) => col.notNull().check(sql`amount_pence >= 0`))
    .addColumn("cash_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("card_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sale_refunds_date").on("sale_refunds").column("date").execute();

  await db.schema
    .createTable("till_days")
    .addColumn("date", "text", (col) => col.primaryKey())
    .addColumn("float_pence", "integer", (col) => col.notNull())
    .addColumn("expected_cash_pence", "integer", (col) => col.notNull())
    .addColumn("counted_cash_pence", "integer", (col) => col.notNull())
    .addColumn("closed_at", "text", (col) => col.notNull())
    .addColumn("closed_by", "integer")
    .addColumn("closed_by_name", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("terminal_readers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("device_type", "text", (col) => col.notNull())
    .addColumn("location_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  // The Terminal location made once from the shop's address (one row, id 1).
  await db.schema
    .createTable("terminal_locations")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("stripe_location_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable("shop_settings")
    .addColumn("vat_number", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("till_float_pence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("money_movements").addColumn("sale_id", "integer").execute();
  await db.schema.alterTable("money_movements").addColumn("member_id", "integer").execute();
  await db.schema.createIndex("money_movements_sale").on("money_movements").column("sale_id").execute();
}

export async function down(database: Kysely<unknown>) {
  const db = database as Untyped;
  await db.schema.dropIndex("money_movements_sale").execute();
  await db.schema.alterTable("shop_settings").dropColumn("till_float_pence").execute();
  await db.schema.alterTable("shop_settings").dropColumn("vat_number").execute();
  await db.schema.alterTable("money_movements").dropColumn("member_id").execute();
  await db.schema.alterTable("money_movements").dropColumn("sale_id").execute();
  for (const table of [
    "terminal_locations",
    "terminal_readers",
    "till_days",
    "sale_refunds",
    "sale_payments",
    "sale_lines",
    "sales",
    "sale_counters",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("products").dropColumn("stock").execute();
}
