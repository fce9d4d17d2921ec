import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * The waitlist (issue 23 §3, decision 033): who waits for a time on a day, with which services, and the
 * offer they hold. The held time itself is a booked slot (the same row a booking takes), so the
 * availability engine, the booking lock and PostgreSQL's exclusion constraint (migration 012) keep it
 * from everyone else; the partial unique indexes keep one live entry per address and day, and one
 * offer per held slot.
 */
export async function up(db: Kysely<unknown>) {
  const id = isPostgres(db) ? "serial" : "integer";
  await db.schema
    .createTable("waitlist_entries")
    .addColumn("id", id, (col) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("member_id", "integer", (col) => col.references("team_members.id").onDelete("set null"))
    .addColumn("earliest", "text")
    .addColumn("latest", "text")
    .addColumn("customer_name", "text", (col) => col.notNull())
    .addColumn("customer_email", "text", (col) => col.notNull())
    // The address lower-cased: the key of "one entry per address and day" and of erasure.
    .addColumn("customer_key", "text", (col) => col.notNull())
    .addColumn("customer_phone", "text", (col) => col.notNull())
    .addColumn("sms_consent", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("hold_slot_id", "integer", (col) => col.references("booking_slots.id").onDelete("set null"))
    // SHA-256 of the token in the offer's link: a leaked table cannot be replayed.
    .addColumn("offer_token_hash", "text", (col) => col.unique())
    .addColumn("offer_expires_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await sql`create unique index waitlist_one_live_entry_per_day on waitlist_entries (customer_key, date) where status in ('waiting', 'offered')`.execute(
    db,
  );
  await sql`create unique index waitlist_one_offer_per_slot on waitlist_entries (hold_slot_id) where status = 'offered'`.execute(
    db,
  );
  await db.schema.createIndex("waitlist_entries_day").on("waitlist_entries").columns(["date", "status"]).execute();
  await db.schema
    .createTable("waitlist_entry_services")
    .addColumn("entry_id", "integer", (col) => col.notNull().references("waitlist_entries.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("service_id", "integer", (col) => col.notNull().references("services.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("waitlist_entry_services_pk", ["entry_id", "position"])
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("waitlist_hold_minutes", "integer", (col) => col.notNull().defaultTo(30))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("shop_settings").dropColumn("waitlist_hold_minutes").execute();
  await db.schema.dropTable("waitlist_entry_services").execute();
  await db.schema.dropTable("waitlist_entries").execute();
}
