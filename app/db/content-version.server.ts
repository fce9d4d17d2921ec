import type { Db } from "./client.server";

/** The current public-content version; it changes in the same transaction as any public content. */
export async function contentVersion(db: Db) {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
  return Number(row.version);
}
