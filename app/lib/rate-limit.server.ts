import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";

/*
 * Sliding-window counters kept in the database so that every app instance behind a balancer sees the same
 * counts. An event is recorded and counted in one transaction that first locks its subject's row
 * (rate_limit_locks), so the requests of one subject are counted one after another on both databases: a
 * burst of parallel requests lets exactly the limit through. An event over the limit is rolled back, so
 * requests refused while locked out never extend the lock (decision 021).
 */

const since = (now: Date, windowMs: number) => new Date(now.getTime() - windowMs).toISOString();

export interface RateLimit {
  /** What is counted: "booking", "login-failure" … */
  bucket: string;
  /** Whose events: a client address, `account:<name>`, `email:<address>` … */
  subject: string;
  /** Events allowed in the window; the next one is refused. */
  max: number;
  windowMs: number;
}

export type LimitCheck =
  | {
      allowed: true;
      /** The events recorded, one per limit, to forget should the attempt not count. */
      eventIds: number[];
      /** Per limit (in the order given), the events its window holds with this one. */
      counts: number[];
    }
  | { allowed: false; /** The first limit the event would have passed. */ exceeded: RateLimit };

class LimitExceeded extends Error {
  constructor(readonly limit: RateLimit) {
    super("rate limit exceeded");
  }
}

/**
 * Records one event against each of the limits, unless that would pass any of them: then nothing is
 * recorded and the answer names the limit. Subjects are locked in a fixed order, so two requests that
 * share several never wait on each other in a circle.
 */
export async function recordWithinLimits(db: Db, limits: RateLimit[], now = new Date()): Promise<LimitCheck> {
  try {
    return await db.transaction().execute(async (trx) => {
      const check = await countWithinLimits(trx, limits, now);
      if (!check.allowed) throw new LimitExceeded(check.exceeded);
      return check;
    });
  } catch (error) {
    if (error instanceof LimitExceeded) return { allowed: false, exceeded: error.limit };
    throw error;
  }
}

/**
 * recordWithinLimits inside the caller's transaction, so that the events commit with the work they count (one
 * commit instead of two, and an attempt that fails rolls its events back with it). On `allowed: false` the
 * caller must roll back: the events are already written.
 */
export async function countWithinLimits(trx: Db, limits: RateLimit[], now: Date): Promise<LimitCheck> {
  if (limits.length === 0) return { allowed: true, eventIds: [], counts: [] };
  const key = (limit: RateLimit) => `${limit.bucket}\n${limit.subject}`;
  const ordered = [...new Map(limits.map((limit) => [key(limit), limit])).values()].sort((a, b) =>
    key(a) < key(b) ? -1 : 1,
  );
  const at = now.toISOString();
  // Three statements whatever the number of limits (each is a round trip on PostgreSQL): the locks, taken in the
  // order of the rows given, then the events, then every count at once.
  await trx
    .insertInto("rate_limit_locks")
    .values(ordered.map(({ bucket, subject }) => ({ bucket, subject, touched_at: at })))
    .onConflict((conflict) => conflict.columns(["bucket", "subject"]).doUpdateSet({ touched_at: at }))
    .execute();
  const events = await trx
    .insertInto("rate_limit_events")
    .values(limits.map(({ bucket, subject }) => ({ bucket, subject, created_at: at })))
    .returning("id")
    .execute();
  const counts = await windowCounts(trx, limits, now);
  const exceeded = limits.find((limit, index) => counts[index]! > limit.max);
  if (exceeded) return { allowed: false, exceeded };
  return { allowed: true, eventIds: events.map((event) => event.id), counts };
}

/*
 * The events in a window are counted no further than one past the limit: a subject that keeps knocking (an
 * address behind which every request arrives) would otherwise make each count read every event it ever left in
 * the window, so the check grew slower the more it was needed.
 */

/** The count of a limit's events in its window, as a subquery. */
const windowCount = (eb: ExpressionBuilder<Database, never>, limit: RateLimit, now: Date) =>
  eb
    .selectFrom((inner) =>
      inner
        .selectFrom("rate_limit_events")
        .select("id")
        .where("bucket", "=", limit.bucket)
        .where("subject", "=", limit.subject)
        .where("created_at", ">", since(now, limit.windowMs))
        .limit(limit.max + 1)
        .as("recent"),
    )
    .select((count) => count.fn.countAll<number>().as("count"));

/**
 * Whether one more event would stay within every limit, read without recording anything: a cheap refusal before
 * outside work (a payment session) that the counted check inside the transaction then confirms.
 */
export async function withinLimits(db: Db, limits: RateLimit[], now: Date) {
  if (limits.length === 0) return true;
  const counts = await windowCounts(db, limits, now);
  return limits.every((limit, index) => counts[index]! + 1 <= limit.max);
}

/** Each limit's events in its window, in the order given, in one statement (a booking counts two). */
async function windowCounts(db: Db, limits: RateLimit[], now: Date) {
  const row = await db
    .selectNoFrom((eb) => limits.map((limit, index) => windowCount(eb, limit, now).as(`limit${index}`)))
    .executeTakeFirstOrThrow();
  return limits.map((_, index) => Number(row[`limit${index}`]));
}

/** Forgets events recorded for an attempt that turned out not to count (a booking that failed). */
export async function forgetEvents(db: Db, eventIds: number[]) {
  if (eventIds.length > 0) await db.deleteFrom("rate_limit_events").where("id", "in", eventIds).execute();
}

export async function clearEvents(db: Db, bucket: string, subject: string) {
  await db.deleteFrom("rate_limit_events").where("bucket", "=", bucket).where("subject", "=", subject).execute();
}

/** Drops events older than a day and the locks of subjects quiet as long; called now and then. */
export async function pruneEvents(db: Db, now = new Date()) {
  const dayAgo = since(now, 24 * 60 * 60 * 1000);
  await db.deleteFrom("rate_limit_events").where("created_at", "<", dayAgo).execute();
  await db.deleteFrom("rate_limit_locks").where("touched_at", "<", dayAgo).execute();
}

export interface AttemptLimits {
  maxAttempts: number;
  windowMinutes: number;
}

export const attemptLimit = (bucket: string, subject: string, limits: AttemptLimits): RateLimit => ({
  bucket,
  subject,
  max: limits.maxAttempts,
  windowMs: limits.windowMinutes * 60_000,
});

/**
 * Counts one attempt at a secret (a password, a code) and says whether it may be checked: false once
 * `maxAttempts` were counted in the window. Counted before the slow check and cleared only on success
 * (`clearEvents`); a refused attempt is not counted.
 */
export async function attemptAllowed(db: Db, bucket: string, subject: string, limits: AttemptLimits) {
  return (await recordWithinLimits(db, [attemptLimit(bucket, subject, limits)])).allowed;
}
