import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { bumpContentVersionOnWrites } from "./002-content-version";

/*
 * Bookings move a version of their own (decision 066). Every booking writes a booking slot, and booking slots
 * bumped the content version, under which the settings and the team's schedules are kept in memory: so in a busy
 * hour every booking made every instance read the settings and the whole team again on its next request. The
 * slots now bump row 2 of content_version; the response cache keys public answers by both rows (a booking still
 * changes the public slot list and the booking page's times), the settings and schedules by row 1 alone.
 *
 * On PostgreSQL the new function takes row 1's lock before it bumps row 2, so every transaction that bumps both
 * takes them in the same order (no deadlock between one that wrote a slot first and one that wrote a service
 * first). It bumps once per transaction, as migration 034's does.
 */
const SLOTS_ROW = 2;

export async function up(db: Kysely<unknown>) {
  await sql`insert into content_version (id, version) values (${SLOTS_ROW}, 1)`.execute(db);
  if (isPostgres(db)) {
    await sql`
      create function bump_slots_version() returns trigger language plpgsql as $$
      begin
        if current_setting('oldham_barbers.slots_bumped', true) is distinct from 'yes' then
          perform 1 from content_version where id = 1 for update;
          update content_version set version = version + 1 where id = 2;
          perform set_config('oldham_barbers.slots_bumped', 'yes', true);
        end if;
        return null;
      end $$`.execute(db);
    await sql`drop trigger booking_slots_bumps_content_version on booking_slots`.execute(db);
    await sql`
      create constraint trigger booking_slots_bumps_slots_version
      after insert or update or delete on booking_slots
      deferrable initially deferred
      for each row execute function bump_slots_version()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql`drop trigger ${sql.id(`booking_slots_${event}_bumps_content_version`)}`.execute(db);
    await sql`
      create trigger ${sql.id(`booking_slots_${event}_bumps_slots_version`)}
      after ${sql.raw(event)} on booking_slots
      begin
        update content_version set version = version + 1 where id = 2;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger booking_slots_bumps_slots_version on booking_slots`.execute(db);
    await sql`drop function bump_slots_version()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger ${sql.id(`booking_slots_${event}_bumps_slots_version`)}`.execute(db);
    }
  }
  await bumpContentVersionOnWrites(db, ["booking_slots"]);
  await sql`delete from content_version where id = ${SLOTS_ROW}`.execute(db);
}
