import type { Kysely } from "kysely";

/*
 * The booking a waitlist claim made (decision 033), so the offer's link tells how it stands: confirmed, waiting
 * for the deposit the shop asks, not paid in time, or cancelled since. Found by its id, not by the held slot:
 * a booking moved since keeps its id.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("waitlist_entries")
    .addColumn("claimed_booking_id", "integer", (col) => col.references("bookings.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("waitlist_entries").dropColumn("claimed_booking_id").execute();
}
