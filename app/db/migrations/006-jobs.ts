import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * The job queue (mails, reminders, retention), a booking's attendance, the owner's notes
 * on a customer, and the marks left where personal data was erased.
 */
export async function up(db: Kysely<unknown>) {
  const jobs = db.schema.createTable("jobs");
  await (
    isPostgres(db)
      ? jobs.addColumn("id", "serial", (col) => col.primaryKey())
      : jobs.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
  )
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    // Names the one job of its sort (a booking's reminder), so it can be found, replaced or removed.
    .addColumn("unique_key", "text", (col) => col.unique())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("run_at", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (col) => col.notNull())
    .addColumn("locked_until", "text")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_at"]).execute();

  await db.schema.alterTable("bookings").addColumn("attendance", "text").execute();
  await db.schema.alterTable("bookings").addColumn("erased_at", "text").execute();
  await db.schema.alterTable("contact_submissions").addColumn("erased_at", "text").execute();
  await sql`create index bookings_customer_email on bookings (lower(customer_email))`.execute(db);

  await db.schema
    .createTable("customer_notes")
    // Lower-cased: one customer is one e-mail address, whatever its case.
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("notes", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("customer_notes").execute();
  await sql`drop index if exists bookings_customer_email`.execute(db);
  await db.schema.alterTable("contact_submissions").dropColumn("erased_at").execute();
  await db.schema.alterTable("bookings").dropColumn("erased_at").execute();
  await db.schema.alterTable("bookings").dropColumn("attendance").execute();
  await db.schema.dropTable("jobs").execute();
}
