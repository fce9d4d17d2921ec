import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * The owner's calendar (issue 24): time a barber blocks for one day (a break, an errand), and the
 * private calendar feeds, one live token per scope ("shop" or "member-<id>"), kept only as a hash.
 */
export async function up(db: Kysely<unknown>) {
  const id = isPostgres(db) ? "serial" : "integer";
  await db.schema
    .createTable("team_blocks")
    .addColumn("id", id, (col) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("member_id", "integer", (col) => col.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("team_blocks_member_date").on("team_blocks").columns(["member_id", "date"]).execute();

  // The calendar and the feeds read bookings, cancelled ones too, by their slots: the only index on slot_id so
  // far is the partial one of confirmed bookings.
  await db.schema.createIndex("bookings_slot_id").on("bookings").column("slot_id").execute();

  await db.schema
    .createTable("calendar_feeds")
    .addColumn("scope", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("calendar_feeds").execute();
  await db.schema.dropIndex("bookings_slot_id").execute();
  await db.schema.dropTable("team_blocks").execute();
}
