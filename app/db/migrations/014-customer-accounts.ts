import type { Kysely } from "kysely";

/*
 * The customer's own page (issue 23): one-time sign-in links and customer sessions, apart from the
 * admins' tables so that no admin check can ever read a customer's session; and the review requests
 * sent after a visit, one row per customer (lower-cased e-mail), with the shop's two settings for them.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("customer_sign_in_links")
    // SHA-256 of the token in the mailed link: a leaked table cannot be replayed.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("customer_sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("customer_sessions_email").on("customer_sessions").column("email").execute();
  await db.schema
    .createTable("review_requests")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "integer", (col) => col.notNull())
    // The job that sent it: only a retry of that job may send again inside the period.
    .addColumn("job_id", "integer", (col) => col.notNull())
    .addColumn("sent_at", "text", (col) => col.notNull())
    // SHA-256 of the unsubscribe token the mails carry (a keyed digest of the address, so every mail's link is the same).
    .addColumn("unsubscribe_hash", "text", (col) => col.notNull().unique())
    .addColumn("unsubscribed_at", "text")
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("review_url", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("review_request_hours", "integer", (col) => col.notNull().defaultTo(3))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("shop_settings").dropColumn("review_request_hours").execute();
  await db.schema.alterTable("shop_settings").dropColumn("review_url").execute();
  await db.schema.dropTable("review_requests").execute();
  await db.schema.dropTable("customer_sessions").execute();
  await db.schema.dropTable("customer_sign_in_links").execute();
}
