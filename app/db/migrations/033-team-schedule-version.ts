import type { Kysely } from "kysely";
import { bumpContentVersionOnWrites, dropContentVersionTriggers } from "./002-content-version";

/*
 * The team's schedules are kept in memory under the content version (availability.server.ts), like the settings:
 * a member's hours and time off must then bump it too, as their row and services have since migration 005, or an
 * instance would offer times from hours changed on another.
 */
const SCHEDULE_TABLES = ["team_member_hours", "team_member_time_off"] as const;

export async function up(db: Kysely<unknown>) {
  await bumpContentVersionOnWrites(db, SCHEDULE_TABLES);
}

export async function down(db: Kysely<unknown>) {
  await dropContentVersionTriggers(db, SCHEDULE_TABLES);
}
