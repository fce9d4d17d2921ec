import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Tables whose rows appear on public pages or public API lists. A write to any
 * of them bumps `content_version` inside the same transaction, so every app
 * instance's page cache sees the change at once, whoever made it (API, import
 * script, seed, another instance).
 */
export const PUBLIC_CONTENT_TABLES = [
  "services",
  "products",
  "gallery_categories",
  "gallery_items",
  "blog_posts",
  "media",
  "booking_slots",
  "faqs",
  "barbers",
] as const;

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into content_version (id, version) values (1, 1)`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function bump_content_version() returns trigger language plpgsql as $$
      begin
        update content_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
  }
  await bumpContentVersionOnWrites(db, PUBLIC_CONTENT_TABLES);
}

/** Makes every write to these tables bump the content version (later migrations add their public tables). */
export async function bumpContentVersionOnWrites(db: Kysely<unknown>, tables: readonly string[]) {
  if (isPostgres(db)) {
    // Deferred to commit time, so the version row is always the last lock a transaction takes (no deadlocks),
    // and per row, so an UPDATE that matched nothing (a lost booking race) bumps nothing.
    for (const table of tables) {
      await sql`
        create constraint trigger ${sql.id(`${table}_bumps_content_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred
        for each row execute function bump_content_version()`.execute(db);
    }
    return;
  }
  for (const table of tables) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`
        create trigger ${sql.id(`${table}_${event}_bumps_content_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update content_version set version = version + 1 where id = 1;
        end`.execute(db);
    }
  }
}

export async function dropContentVersionTriggers(db: Kysely<unknown>, tables: readonly string[]) {
  for (const table of tables) {
    if (isPostgres(db)) {
      await sql`drop trigger if exists ${sql.id(`${table}_bumps_content_version`)} on ${sql.table(table)}`.execute(db);
    } else {
      for (const event of ["insert", "update", "delete"]) {
        await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_content_version`)}`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>) {
  await dropContentVersionTriggers(db, PUBLIC_CONTENT_TABLES);
  if (isPostgres(db)) await sql`drop function if exists bump_content_version()`.execute(db);
  await db.schema.dropTable("content_version").execute();
}
