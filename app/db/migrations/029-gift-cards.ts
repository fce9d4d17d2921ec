import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * Gift cards (issue 34, decision 057): the owner's settings and amount buttons, the purchases waiting for
 * Stripe, the cards (their code kept as a hash to find it by and sealed for the mails and the owner), and
 * each card's history. The database holds the balance between 0 and what was loaded (CHECK), whatever the
 * code does; the ledger learns which card a movement was.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = Kysely<any>;

function withId(db: Untyped, name: string) {
  const table = db.schema.createTable(name);
  return isPostgres(db)
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

export async function up(database: Kysely<unknown>) {
  const db = database as Untyped;
  await db.schema
    .createTable("gift_card_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("enabled", "integer", (col) => col.notNull())
    .addColumn("min_pence", "integer", (col) => col.notNull())
    .addColumn("max_pence", "integer", (col) => col.notNull())
    .addColumn("valid_months", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("gift_card_amounts")
    .addColumn("amount_pence", "integer", (col) => col.primaryKey())
    .execute();

  await withId(db, "gift_cards")
    .addColumn("code_hash", "text", (col) => col.notNull().unique())
    .addColumn("code_sealed", "text", (col) => col.notNull())
    .addColumn("initial_pence", "integer", (col) => col.notNull())
    .addColumn("balance_pence", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("expires_on", "text", (col) => col.notNull())
    .addColumn("recipient_name", "text", (col) => col.notNull())
    .addColumn("recipient_email", "text")
    .addColumn("reason", "text")
    .addColumn("issued_at", "text", (col) => col.notNull())
    .addColumn("voided_at", "text")
    .addCheckConstraint("gift_cards_balance_in_range", sql`balance_pence >= 0 and balance_pence <= initial_pence`)
    .execute();

  await withId(db, "gift_card_purchases")
    .addColumn("checkout_session_id", "text", (col) => col.unique())
    .addColumn("amount_pence", "integer", (col) => col.notNull())
    .addColumn("buyer_name", "text", (col) => col.notNull())
    .addColumn("buyer_email", "text", (col) => col.notNull())
    .addColumn("recipient_name", "text", (col) => col.notNull())
    .addColumn("recipient_email", "text")
    .addColumn("message", "text")
    .addColumn("send_on", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("gift_card_id", "integer", (col) => col.unique().references("gift_cards.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await withId(db, "gift_card_movements")
    .addColumn("gift_card_id", "integer", (col) => col.notNull().references("gift_cards.id"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("amount_pence", "integer", (col) => col.notNull())
    .addColumn("balance_after_pence", "integer", (col) => col.notNull())
    .addColumn("booking_id", "integer")
    .addColumn("note", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("gift_card_movements_card").on("gift_card_movements").column("gift_card_id").execute();
  await db.schema.createIndex("gift_card_movements_booking").on("gift_card_movements").column("booking_id").execute();

  await db.schema.alterTable("money_movements").addColumn("gift_card_id", "integer").execute();
}

export async function down(database: Kysely<unknown>) {
  const db = database as Untyped;
  await db.schema.alterTable("money_movements").dropColumn("gift_card_id").execute();
  for (const table of ["gift_card_movements", "gift_card_purchases", "gift_cards", "gift_card_amounts"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable("gift_card_settings").execute();
}
