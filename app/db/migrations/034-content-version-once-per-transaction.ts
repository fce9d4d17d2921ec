import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * On PostgreSQL the content version's trigger runs once per row written, at commit. A transaction that wrote many
 * rows (an import of a rival's bookings, a restore) then updated the one version row as many times, and every
 * update of a row already updated in the same transaction walks the chain of its earlier versions: 30,000 rows
 * took 20 s to commit and 300,000 did not finish in twenty minutes. One bump per transaction says the same thing
 * to the caches, so the function now bumps once and notes it in a transaction-local setting (gone at commit or
 * rollback, and rolled back with a savepoint like the update it marks). SQLite's triggers are untouched: it keeps
 * no old row versions, and its writes are serialised anyway.
 */
export async function up(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function bump_content_version() returns trigger language plpgsql as $$
    begin
      if current_setting('oldham_barbers.content_bumped', true) is distinct from 'yes' then
        update content_version set version = version + 1 where id = 1;
        perform set_config('oldham_barbers.content_bumped', 'yes', true);
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function bump_content_version() returns trigger language plpgsql as $$
    begin
      update content_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
}
