import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { bumpContentVersionOnWrites, dropContentVersionTriggers } from "./002-content-version";

/*
 * The shop's facts and booking rules: one row of typed columns (id 1), plus the weekly opening hours and
 * the dated closures as rows. Public pages show all three, so writes bump the content version like any
 * public content: every instance's page cache and settings cache see a change at once.
 */
const SETTINGS_TABLES = ["shop_settings", "opening_hours", "closures"] as const;

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("shop_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("shop_name", "text", (col) => col.notNull())
    .addColumn("tagline", "text", (col) => col.notNull())
    .addColumn("about", "text", (col) => col.notNull())
    .addColumn("street", "text", (col) => col.notNull())
    .addColumn("town", "text", (col) => col.notNull())
    .addColumn("postcode", "text", (col) => col.notNull())
    .addColumn("latitude", isPostgres(db) ? "double precision" : "real", (col) => col.notNull())
    .addColumn("longitude", isPostgres(db) ? "double precision" : "real", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("instagram", "text", (col) => col.notNull())
    .addColumn("facebook", "text", (col) => col.notNull())
    .addColumn("booking_fee_pence", "integer", (col) => col.notNull())
    .addColumn("fee_included_in_prices", "integer", (col) => col.notNull())
    .addColumn("cancellation_notice_hours", "integer", (col) => col.notNull())
    .addColumn("minimum_notice_minutes", "integer", (col) => col.notNull())
    .addColumn("booking_horizon_weeks", "integer", (col) => col.notNull())
    .addColumn("reminder_lead_hours", "integer", (col) => col.notNull())
    .addColumn("slot_interval_minutes", "integer", (col) => col.notNull())
    .addColumn("booking_buffer_minutes", "integer", (col) => col.notNull())
    .addColumn("booking_retention_months", "integer", (col) => col.notNull())
    .addColumn("contact_retention_months", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("opening_hours")
    .addColumn("day", "integer", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("opening_hours_pk", ["day", "start_time"])
    .execute();

  await (
    isPostgres(db)
      ? db.schema.createTable("closures").addColumn("id", "serial", (col) => col.primaryKey())
      : db.schema.createTable("closures").addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
  )
    .addColumn("from_date", "text", (col) => col.notNull())
    .addColumn("to_date", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull())
    .execute();

  await bumpContentVersionOnWrites(db, SETTINGS_TABLES);
}

export async function down(db: Kysely<unknown>) {
  await dropContentVersionTriggers(db, SETTINGS_TABLES);
  for (const table of [...SETTINGS_TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute();
}
