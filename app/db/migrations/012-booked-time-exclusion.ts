import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * The database's own guard against double booking (decision 026): on PostgreSQL no two booked
 * slots of one team member may overlap, whatever the application's locking does. A slot's time
 * is `yyyy-MM-dd` and `HH:mm` text in shop time, so the range is built with immutable functions
 * only (make_timestamp, make_interval; a text-to-timestamp cast is not immutable). Deferred to
 * the commit, because a move writes the new time before it frees the old one. SQLite runs one
 * write transaction at a time, so the application's check cannot race there: no-op.
 */

export const BOOKED_TIME_CONSTRAINT = "booking_slots_booked_time_no_overlap";

const shopTime = (time: string) =>
  `make_timestamp(substr("date", 1, 4)::int, substr("date", 6, 2)::int, substr("date", 9, 2)::int, 0, 0, 0)` +
  ` + make_interval(mins => substr(${time}, 1, 2)::int * 60 + substr(${time}, 4, 2)::int)`;

export async function up(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql
    .raw(
      `alter table booking_slots add constraint ${BOOKED_TIME_CONSTRAINT}
         exclude using gist (member_id with =, tsrange(${shopTime("start_time")}, ${shopTime("end_time")}) with &&)
         where (status = 'booked' and member_id is not null)
         deferrable initially deferred`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql.raw(`alter table booking_slots drop constraint ${BOOKED_TIME_CONSTRAINT}`).execute(db);
}
