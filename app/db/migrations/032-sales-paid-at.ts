import type { Kysely } from "kysely";

/*
 * The books count a sale on the day it was paid in full (decision 054): a period's sales, their lines and their
 * payments are found by `paid_at`, which without an index meant reading every sale and every line ever rung up.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("sales_paid_at").on("sales").column("paid_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("sales_paid_at").execute();
}
