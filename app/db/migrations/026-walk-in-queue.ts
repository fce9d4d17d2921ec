import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * The live walk-in queue (issue 33, decision 055): who waits today, with which services and barber (none:
 * the first free one), in the order they joined. `seq` numbers a day's entries in that order and is unique
 * per day, so twenty customers joining at once get twenty different places even on PostgreSQL, where each
 * join reads the last number in its own transaction; a collision retries. The texts' columns are set by a
 * guarded update (`where … is null`) before a text is queued: one text of each kind per entry, ever.
 */
export async function up(db: Kysely<unknown>) {
  const id = isPostgres(db) ? "serial" : "integer";
  await db.schema
    .createTable("queue_entries")
    .addColumn("id", id, (col) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("seq", "integer", (col) => col.notNull())
    // SHA-256 of the customer's token (the key in /queue/{token}): a leaked table cannot be replayed.
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("member_id", "integer", (col) => col.references("team_members.id").onDelete("set null"))
    .addColumn("customer_name", "text", (col) => col.notNull())
    .addColumn("customer_phone", "text", (col) => col.notNull())
    .addColumn("customer_email", "text", (col) => col.notNull())
    .addColumn("sms_consent", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("length_minutes", "integer", (col) => col.notNull())
    // The barber a called or served entry went to (the one asked for, or the first free one).
    .addColumn("served_by", "integer", (col) => col.references("team_members.id").onDelete("set null"))
    .addColumn("booking_id", "integer", (col) => col.references("bookings.id").onDelete("set null"))
    .addColumn("joined_at", "text", (col) => col.notNull())
    .addColumn("called_at", "text")
    .addColumn("served_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("nearly_text_at", "text")
    .addColumn("called_text_at", "text")
    .execute();
  await db.schema.createIndex("queue_entries_day_seq").on("queue_entries").columns(["date", "seq"]).unique().execute();
  await db.schema.createIndex("queue_entries_day_status").on("queue_entries").columns(["date", "status"]).execute();
  // One entry is served once: no two bookings of one entry, whoever clicked first.
  await sql`create unique index queue_entries_one_booking on queue_entries (booking_id) where booking_id is not null`.execute(
    db,
  );
  await db.schema
    .createTable("queue_entry_services")
    .addColumn("entry_id", "integer", (col) => col.notNull().references("queue_entries.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("service_id", "integer", (col) => col.notNull().references("services.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("queue_entry_services_pk", ["entry_id", "position"])
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("queue_enabled", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("queue_max_waiting", "integer", (col) => col.notNull().defaultTo(15))
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("queue_closes_before_close_minutes", "integer", (col) => col.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("queue_notify_minutes", "integer", (col) => col.notNull().defaultTo(10))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of [
    "queue_notify_minutes",
    "queue_closes_before_close_minutes",
    "queue_max_waiting",
    "queue_enabled",
  ]) {
    await db.schema.alterTable("shop_settings").dropColumn(column).execute();
  }
  await db.schema.dropTable("queue_entry_services").execute();
  await db.schema.dropTable("queue_entries").execute();
}
