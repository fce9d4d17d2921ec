import type { Db } from "~/db/client.server";

/*
 * Fixed-window counters kept in the database so that every app instance behind
 * a balancer sees the same counts.
 */

const since = (windowMs: number) => new Date(Date.now() - windowMs).toISOString();

export async function countRecent(db: Db, bucket: string, subject: string, windowMs: number) {
  const { count } = await db
    .selectFrom("rate_limit_events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("bucket", "=", bucket)
    .where("subject", "=", subject)
    .where("created_at", ">", since(windowMs))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function recordEvent(db: Db, bucket: string, subject: string) {
  await db.insertInto("rate_limit_events").values({ bucket, subject, created_at: new Date().toISOString() }).execute();
}

export async function clearEvents(db: Db, bucket: string, subject: string) {
  await db.deleteFrom("rate_limit_events").where("bucket", "=", bucket).where("subject", "=", subject).execute();
}

/** Drops events older than a day; called now and then so the table stays small. */
export async function pruneEvents(db: Db) {
  await db
    .deleteFrom("rate_limit_events")
    .where("created_at", "<", since(24 * 60 * 60 * 1000))
    .execute();
}

export interface AttemptLimits {
  maxAttempts: number;
  windowMinutes: number;
}

/**
 * Counts one attempt at a secret (a password, a code) and says whether it may be checked: false once
 * more than `maxAttempts` were counted in the window. Counted before the slow check and cleared only on
 * success (`clearEvents`), so a burst of parallel guesses cannot all pass the count at once.
 */
export async function attemptAllowed(db: Db, bucket: string, subject: string, limits: AttemptLimits) {
  await recordEvent(db, bucket, subject);
  return (await countRecent(db, bucket, subject, limits.windowMinutes * 60_000)) <= limits.maxAttempts;
}
