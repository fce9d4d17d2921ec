import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { PostgresAdapter, sql } from "kysely";
import type { AppContext, RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Updateable } from "kysely";
import type { Database, Row } from "~/db/database";
import { clockNow } from "~/lib/clock";

/*
 * A durable job queue in the database (docs/decisions/012-job-queue.md). A job is claimed
 * with a lease (locked_until, locked_by) by one conditional UPDATE, so any number of workers
 * on any number of instances run each job once; a worker that dies leaves a lease that
 * expires, and the job runs again. Attempts count claims, so a job that keeps crashing its
 * worker still ends as failed.
 */

export type Job = Row<"jobs">;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** When set, replaces any job with the same key (a booking's reminder when the booking moves). */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobOutcome {
  /** A recurring job names its next run; it then starts again with fresh attempts. */
  runAgainAt?: Date;
}

export interface JobHandler {
  run(ctx: RequestContext, payload: unknown, job: Job): Promise<JobOutcome | void>;
  /** Called once, after the last attempt failed: where the failure has to show (a booking's mail status). */
  onFailure?(ctx: RequestContext, payload: unknown, error: string, job: Job): Promise<void>;
}

export type JobHandlers = Readonly<Record<string, JobHandler>>;

/**
 * One Message-ID per job: every attempt of a mail's job, and so a mail sent again after a crash between the mail
 * server's answer and the job's end, is the same message to the receiving side (decisions 018, 043).
 */
export const jobMessageId = (ctx: Pick<AppContext, "config">, job: Pick<Job, "id" | "kind">) =>
  `<job-${job.id}.${job.kind}@${new URL(ctx.config.publicUrl).hostname}>`;

export const DEFAULT_MAX_ATTEMPTS = 5;
const LEASE_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** 1, 2, 4, 8 … minutes after the attempt that failed, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_MAX_MS);

// Lets a worker in this process start at once after an enqueue instead of at its next poll.
const nudges = new EventEmitter();
nudges.setMaxListeners(0);
export const nudgeJobWorkers = () => nudges.emit("nudge");

/**
 * Adds jobs, in one statement however many (each is a round trip on PostgreSQL), in the order given; a keyed job
 * replaces any job with its key. Takes a transaction, so the jobs commit (or not) with the change that caused
 * them; inside one, call `nudgeJobWorkers()` after the commit for them to start at once.
 */
export async function enqueueJobs(db: Db, jobs: readonly NewJob[], now: Date = clockNow()) {
  if (jobs.length === 0) return;
  const keys = jobs.flatMap((job) => job.key ?? []);
  if (keys.length > 0) await db.deleteFrom("jobs").where("unique_key", "in", keys).execute();
  await db
    .insertInto("jobs")
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        unique_key: job.key ?? null,
        state: "pending" as const,
        run_at: (job.runAt ?? now).toISOString(),
        max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  if (!db.isTransaction) nudgeJobWorkers();
}

export const enqueueJob = (db: Db, job: NewJob, now: Date = clockNow()) => enqueueJobs(db, [job], now);

/**
 * Adds a keyed job once: a second call (another instance, the next boot, a form sent again) leaves the one
 * there in place, waiting, running or done, and brings it back when its last run failed for good. Keeps a
 * recurring job in the queue, and sends a one-off mail once.
 */
export async function ensureJob(db: Db, job: NewJob & { key: string }, now: Date = clockNow()) {
  const runAt = (job.runAt ?? now).toISOString();
  await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      unique_key: job.key,
      state: "pending",
      run_at: runAt,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) =>
      conflict
        .column("unique_key")
        .doUpdateSet({ state: "pending", run_at: runAt, attempts: 0, payload: JSON.stringify(job.payload) })
        .where("jobs.state", "=", "failed"),
    )
    .execute();
}

/** Removes the job with this key, whatever its state; a run in flight then finishes into nothing. */
export async function cancelJobs(db: Db, key: string) {
  await db.deleteFrom("jobs").where("unique_key", "=", key).execute();
}

/** How long a finished job is kept, for looking into what happened: then it goes, errors and all. */
export const FINISHED_JOB_DAYS = 30;

/** Deletes the jobs that finished (done or failed for good) more than FINISHED_JOB_DAYS ago; answers how many. */
export async function pruneFinishedJobs(db: Db, now: Date = clockNow()) {
  const before = new Date(now.getTime() - FINISHED_JOB_DAYS * 24 * 3_600_000).toISOString();
  const pruned = await db
    .deleteFrom("jobs")
    .where("state", "in", ["done", "failed"])
    .where("finished_at", "<", before)
    .executeTakeFirst();
  return Number(pruned.numDeletedRows);
}

/**
 * Clears the errors that mention one of the (lower-cased) addresses, as errors stored before they were
 * written without addresses may. Matched here rather than in SQL: a retention run erases many addresses,
 * and few jobs have an error.
 */
export async function clearJobErrorsMentioning(db: Db, emails: ReadonlySet<string>) {
  if (emails.size === 0) return;
  const withErrors = await db
    .selectFrom("jobs")
    .select(["id", "last_error"])
    .where("last_error", "is not", null)
    .execute();
  const ids = withErrors
    .filter((job) => [...emails].some((email) => job.last_error!.toLowerCase().includes(email)))
    .map((job) => job.id);
  if (ids.length) await db.updateTable("jobs").set({ last_error: null }).where("id", "in", ids).execute();
}

export async function findJob(db: Db, key: string) {
  return db.selectFrom("jobs").selectAll().where("unique_key", "=", key).executeTakeFirst();
}

/**
 * Takes up to `limit` due jobs for `workerId` with a lease. PostgreSQL skips rows another
 * worker is claiming (FOR UPDATE SKIP LOCKED); SQLite has one writer, so the UPDATE alone is atomic.
 */
export async function claimDueJobs(db: Db, workerId: string, now: Date = clockNow(), limit = 1) {
  const at = now.toISOString();
  const due = db
    .selectFrom("jobs")
    .select("id")
    .where("state", "=", "pending")
    .where("run_at", "<=", at)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (
    db
      .updateTable("jobs")
      .set((eb) => ({
        locked_by: workerId,
        locked_until: new Date(now.getTime() + LEASE_MS).toISOString(),
        attempts: eb("attempts", "+", 1),
      }))
      // PostgreSQL: `= any(array(…))` runs the locking subquery exactly once; as a plain `in (…)`
      // the planner may run it again per row, and its LIMIT then no longer bounds the claim.
      .where(postgres ? sql<boolean>`id = any(array(${due.forUpdate().skipLocked()}))` : (eb) => eb("id", "in", due))
      // Re-checked on PostgreSQL, where the row may have changed between the subquery and the update. Not on
      // SQLite, which runs the statement alone: there the extra condition led its planner to walk every pending
      // job (each booking's reminder) through the `state` index instead of finding the one by its id.
      .$if(postgres, (query) => query.where("state", "=", "pending"))
      .returningAll()
      .execute()
  );
}

/** Anything shaped like an e-mail address: a mail server's refusal names the mailbox it refused. */
const EMAIL_ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;

/**
 * Why an attempt failed, without the addresses in it: the error outlives the job's payload (cleared when
 * it ends) and an erasure of the customer it was about (decision 022).
 */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(EMAIL_ADDRESS, "[address]").slice(0, 2000);

/** Runs one claimed job and records how it went; only the lease holder may finish it. */
async function runClaimed(ctx: RequestContext, handlers: JobHandlers, job: Job, now: () => Date) {
  const finish = (values: Updateable<Database["jobs"]>) =>
    ctx.db
      .updateTable("jobs")
      .set({ locked_by: null, locked_until: null, ...values })
      .where("id", "=", job.id)
      .where("locked_by", "=", job.locked_by)
      .executeTakeFirst();
  const handler = handlers[job.kind];
  let error: string;
  try {
    if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}"`);
    const outcome = await handler.run(ctx, JSON.parse(job.payload), job);
    const finishedAt = now();
    if (outcome?.runAgainAt) {
      await finish({ run_at: outcome.runAgainAt.toISOString(), attempts: 0, last_error: null });
    } else {
      await finish({ state: "done", payload: "{}", finished_at: finishedAt.toISOString() });
    }
    return;
  } catch (cause) {
    error = errorText(cause);
  }
  const failedAt = now();
  if (job.attempts < job.max_attempts) {
    await finish({
      run_at: new Date(failedAt.getTime() + retryDelayMs(job.attempts)).toISOString(),
      last_error: error,
    });
    return;
  }
  const result = await finish({
    state: "failed",
    payload: "{}",
    last_error: error,
    finished_at: failedAt.toISOString(),
  });
  // Not when the job was removed meanwhile (a cancelled booking's reminder).
  if (result.numUpdatedRows > 0n) {
    await handler?.onFailure?.(ctx, JSON.parse(job.payload), error, job).catch((hookError: unknown) => {
      console.error(`Recording the failure of job ${job.id} (${job.kind}) failed: ${errorText(hookError)}`);
    });
  }
}

/** A new context for each job run, with the shop's settings read once for it (server/request-context.ts). */
export type JobContext = () => RequestContext;

export interface RunOptions {
  workerId?: string;
  /** The clock, for tests that move time forward to reach a retry. */
  now?: () => Date;
  /** Once aborted (the process is stopping), no further job is claimed; the one running finishes. */
  signal?: AbortSignal;
}

/**
 * Claims and runs due jobs until none is left; answers how many ran. One job is claimed at a time, just
 * before it runs: a worker that dies then holds back only the job in its hands until the lease runs out
 * (a batch would hold back all of it), and a job never waits in a batch while its lease runs out and
 * another worker takes it too.
 */
export async function runDueJobs(newContext: JobContext, handlers: JobHandlers, options: RunOptions = {}) {
  const { db } = newContext();
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const now = options.now ?? (() => clockNow());
  let ran = 0;
  while (!options.signal?.aborted) {
    const [job] = await claimDueJobs(db, workerId, now());
    if (!job) return ran;
    await runClaimed(newContext(), handlers, job, now);
    ran += 1;
  }
  return ran;
}

export interface JobWorker {
  /** Stops polling and claiming, and waits for the job in hand to finish. */
  stop(): Promise<void>;
}

/** One loop per process: polls every `pollMs`, and at once when this process enqueues a job. */
export function startJobWorker(newContext: JobContext, handlers: JobHandlers, { pollMs = 5_000 } = {}): JobWorker {
  const workerId = `worker-${randomUUID()}`;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopping.signal.aborted) timer = setTimeout(tick, delay).unref();
  };
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = runDueJobs(newContext, handlers, { workerId, signal: stopping.signal })
      .then(() => undefined)
      .catch((error: unknown) => console.error(`Job worker: ${errorText(error)}`))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : pollMs);
        again = false;
      });
  };
  const onNudge = () => schedule(0);
  nudges.on("nudge", onNudge);
  schedule(0);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      nudges.off("nudge", onNudge);
      await running;
    },
  };
}
