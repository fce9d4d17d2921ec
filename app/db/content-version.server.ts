import type { Db } from "./client.server";

/*
 * content_version holds two counters that database triggers move in the same transaction as the rows they watch:
 * row 1, the content version, for the shop's content, settings and team; row 2 for the booking slots, which every
 * booking writes (migration 035, decision 066).
 */
const CONTENT_ROW = 1;
const SLOTS_ROW = 2;

/**
 * The content version: it changes with any public content, setting or team row, and not with bookings. What is
 * kept in memory from those rows (the settings, the team's schedules) is kept under it.
 */
export async function contentVersion(db: Db) {
  const row = await db
    .selectFrom("content_version")
    .select("version")
    .where("id", "=", CONTENT_ROW)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * What a public answer (a page, a public list) may depend on: the content version and the booking slots' version,
 * read in one query. `key` names both, for the response cache; `content` is the content version alone.
 */
export async function publicVersion(db: Db): Promise<{ content: number; key: string }> {
  const rows = await db
    .selectFrom("content_version")
    .select(["id", "version"])
    .where("id", "in", [CONTENT_ROW, SLOTS_ROW])
    .execute();
  const versionOf = (id: number) => Number(rows.find((row) => row.id === id)?.version);
  const content = versionOf(CONTENT_ROW);
  return { content, key: `${content}.${versionOf(SLOTS_ROW)}` };
}

/**
 * Makes concurrent writers that check before they write (two admins adding slots at once) take turns:
 * an update of the one content-version row to itself holds that row until the transaction ends, so on
 * PostgreSQL the next writer waits and then reads what the first wrote. SQLite runs one write
 * transaction at a time anyway. Content writes bump this row when they commit, so they queue there too.
 */
export async function takeContentWriteTurn(trx: Db) {
  await trx
    .updateTable("content_version")
    .set((eb) => ({ version: eb.ref("version") }))
    .where("id", "=", 1)
    .execute();
}
