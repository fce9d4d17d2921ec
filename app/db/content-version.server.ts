import type { Db } from "./client.server";

/** The current public-content version; it changes in the same transaction as any public content. */
export async function contentVersion(db: Db) {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
  return Number(row.version);
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
