import type { Kysely } from "kysely";

/*
 * One row per rate-limited subject (an address, an account, an e-mail address in a bucket): a counted
 * event first takes this row's lock (an upsert), so two requests of one subject are counted one after the
 * other on PostgreSQL as SQLite does, and a burst cannot pass a limit together (decision 021). The audit
 * log also keeps the address a sign-in came from.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limit_locks")
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("touched_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limit_locks_pkey", ["bucket", "subject"])
    .execute();
  await db.schema.createIndex("rate_limit_locks_touched_at").on("rate_limit_locks").column("touched_at").execute();
  await db.schema.alterTable("audit_log").addColumn("address", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("audit_log").dropColumn("address").execute();
  await db.schema.dropTable("rate_limit_locks").execute();
}
