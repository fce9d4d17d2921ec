import type { Kysely } from "kysely";

/*
 * The owner's SMTP server, set on the settings screen (SMTP_URL in the environment wins). One row, id 1;
 * the password only sealed with SECRET_KEY (AES-GCM), never in clear. Not public content: no content
 * version trigger, since no page shows it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("mail_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("port", "integer", (col) => col.notNull())
    .addColumn("username", "text", (col) => col.notNull())
    .addColumn("password_sealed", "text")
    .addColumn("from_address", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("mail_settings").execute();
}
