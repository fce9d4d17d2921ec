import type { Kysely } from "kysely";

/*
 * A booking's revision: 0 when made, one more each time the customer moves it. The calendar
 * file carries it as SEQUENCE, so a calendar moves the event it already holds instead of adding one.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("bookings")
    .addColumn("sequence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("sequence").execute();
}
