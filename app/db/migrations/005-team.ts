import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { bumpContentVersionOnWrites, dropContentVersionTriggers } from "./002-content-version";

/** The team is public content (home page, /team): a write bumps the content version like the tables of 002. */
const TEAM_CONTENT_TABLES = ["team_members", "team_member_services"] as const;

export async function up(db: Kysely<unknown>) {
  const id = isPostgres(db) ? "serial" : "integer";
  await db.schema
    .createTable("team_members")
    .addColumn("id", id, (col) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("bio", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("image", "text")
    .addColumn("sort_order", "integer", (col) => col.notNull())
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("team_member_services")
    .addColumn("member_id", "integer", (col) => col.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("service_id", "integer", (col) => col.notNull().references("services.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("team_member_services_pk", ["member_id", "service_id"])
    .execute();

  // One row per working range; a day without rows is a day off.
  await db.schema
    .createTable("team_member_hours")
    .addColumn("member_id", "integer", (col) => col.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("day", "integer", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("team_member_hours_pk", ["member_id", "day", "start_time"])
    .execute();

  await db.schema
    .createTable("team_member_time_off")
    .addColumn("member_id", "integer", (col) => col.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("from_date", "text", (col) => col.notNull())
    .addColumn("to_date", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("team_member_time_off_pk", ["member_id", "position"])
    .execute();

  // A manual slot may have no member; deleting a member is refused while they have future bookings.
  await db.schema
    .alterTable("booking_slots")
    .addColumn("member_id", "integer", (col) => col.references("team_members.id").onDelete("set null"))
    .execute();
  // "appointment": written with its booking for a computed time, so a cancel releases it instead of offering it.
  await db.schema
    .alterTable("booking_slots")
    .addColumn("kind", "text", (col) => col.notNull().defaultTo("manual"))
    .execute();
  await db.schema
    .createIndex("booking_slots_member_date")
    .on("booking_slots")
    .columns(["member_id", "date", "start_time"])
    .execute();
  await db.schema.createIndex("booking_slots_date").on("booking_slots").column("date").execute();

  await bumpContentVersionOnWrites(db, TEAM_CONTENT_TABLES);
}

export async function down(db: Kysely<unknown>) {
  await dropContentVersionTriggers(db, TEAM_CONTENT_TABLES);
  await db.schema.dropIndex("booking_slots_date").execute();
  await db.schema.dropIndex("booking_slots_member_date").execute();
  await db.schema.alterTable("booking_slots").dropColumn("kind").execute();
  await db.schema.alterTable("booking_slots").dropColumn("member_id").execute();
  await db.schema.dropTable("team_member_time_off").execute();
  await db.schema.dropTable("team_member_hours").execute();
  await db.schema.dropTable("team_member_services").execute();
  await db.schema.dropTable("team_members").execute();
}
