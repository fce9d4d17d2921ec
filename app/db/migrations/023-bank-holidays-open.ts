import type { Kysely } from "kysely";

/*
 * The bank holidays the owner chose to stay open on (decision 044). A holiday the owner closes becomes an
 * ordinary closure; one with neither is "not decided yet", which the settings and the dashboard ask about.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("bank_holidays_open")
    .addColumn("date", "text", (col) => col.primaryKey())
    .addColumn("decided_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("bank_holidays_open").execute();
}
