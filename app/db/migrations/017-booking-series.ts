import type { Kysely } from "kysely";

/*
 * Repeat appointments (decision 032): each occurrence is a booking of its own, holding the series'
 * random id and its place in it, so "this and all later ones" finds the later ones even after a move.
 * An occurrence that could not be booked keeps its date, time and reason as a gap of the series, so the
 * confirmation page shows every date with its status after its redirect too.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("series_id", "text").execute();
  await db.schema.alterTable("bookings").addColumn("series_position", "integer").execute();
  await db.schema.createIndex("bookings_series_id").on("bookings").column("series_id").execute();
  await db.schema
    .createTable("booking_series_gaps")
    .addColumn("series_id", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("booking_series_gaps_pk", ["series_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("booking_series_gaps").execute();
  await db.schema.dropIndex("bookings_series_id").execute();
  await db.schema.alterTable("bookings").dropColumn("series_position").execute();
  await db.schema.alterTable("bookings").dropColumn("series_id").execute();
}
