import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { openMediaStorage } from "~/features/media/media-storage.server";
import { createMailer } from "~/lib/mailer.server";
import { readConfig } from "../../../server/config";
import { requestContext } from "../../../server/request-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-app";
import {
  cancelJobs,
  claimDueJobs,
  enqueueJob,
  enqueueJobs,
  ensureJob,
  findJob,
  retryDelayMs,
  runDueJobs,
  startJobWorker,
  type JobHandlers,
} from "./jobs.server";

const config = readConfig({ NODE_ENV: "test" });
const storage = await openMediaStorage(config.mediaStorage);
const contextOf = (db: Db) => () => requestContext({ db, config, storage, mailer: createMailer({}) });

/** A handler that records every run, by the job's payload `n`. */
function recorder(options: { failTimes?: number } = {}) {
  const runs: number[] = [];
  const failures: string[] = [];
  let failuresLeft = options.failTimes ?? 0;
  const handlers: JobHandlers = {
    test: {
      async run(_ctx, payload) {
        runs.push((payload as { n: number }).n);
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error("mail server down");
        }
      },
      async onFailure(_ctx, _payload, error) {
        failures.push(error);
      },
    },
  };
  return { runs, failures, handlers };
}

const at = (iso: string) => new Date(iso);
const findLeased = (db: Db) => db.selectFrom("jobs").select("id").where("locked_by", "is not", null).execute();
const T0 = at("2030-03-01T12:00:00.000Z");

let database: TestDatabase;
const opened: Db[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  await database?.close();
});

describe("the job queue", () => {
  it("runs a job once it is due, and not before", async () => {
    database = await createTestDatabase();
    const { runs, handlers } = recorder();
    const ctx = contextOf(database.db);
    await enqueueJob(database.db, { kind: "test", payload: { n: 1 }, runAt: at("2030-03-01T13:00:00.000Z") }, T0);
    expect(await runDueJobs(ctx, handlers, { now: () => T0 })).toBe(0);
    expect(await runDueJobs(ctx, handlers, { now: () => at("2030-03-01T13:00:00.000Z") })).toBe(1);
    expect(await runDueJobs(ctx, handlers, { now: () => at("2030-03-02T13:00:00.000Z") })).toBe(0);
    expect(runs).toEqual([1]);
    const [job] = await database.db.selectFrom("jobs").selectAll().execute();
    expect(job).toMatchObject({ state: "done", attempts: 1, payload: "{}", locked_by: null });
  });

  it("keeps a job enqueued in a transaction only when the transaction commits", async () => {
    database = await createTestDatabase();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: "test", payload: { n: 1 } }, T0);
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    await database.db.transaction().execute((trx) => enqueueJob(trx, { kind: "test", payload: { n: 2 } }, T0));
    const { runs, handlers } = recorder();
    await runDueJobs(contextOf(database.db), handlers, { now: () => T0 });
    expect(runs).toEqual([2]);
  });

  it("replaces and removes a job by its key", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await enqueueJob(db, { kind: "test", key: "reminder:1", payload: { n: 1 }, runAt: at("2030-03-05T09:00:00Z") }, T0);
    await enqueueJob(db, { kind: "test", key: "reminder:1", payload: { n: 2 }, runAt: at("2030-03-06T09:00:00Z") }, T0);
    await enqueueJob(db, { kind: "test", key: "reminder:2", payload: { n: 3 }, runAt: at("2030-03-06T09:00:00Z") }, T0);
    expect(await findJob(db, "reminder:1")).toMatchObject({ payload: JSON.stringify({ n: 2 }) });
    await cancelJobs(db, "reminder:2");
    expect(await findJob(db, "reminder:2")).toBeUndefined();
    const { runs, handlers } = recorder();
    await runDueJobs(contextOf(db), handlers, { now: () => at("2030-03-07T00:00:00Z") });
    expect(runs).toEqual([2]);
  });

  it("adds several jobs at once, run in the order given, a keyed one replacing its key's job", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await enqueueJob(db, { kind: "test", key: "reminder:7", payload: { n: 0 } }, T0);
    await enqueueJobs(
      db,
      [
        { kind: "test", payload: { n: 1 } },
        { kind: "test", payload: { n: 2 } },
        { kind: "test", key: "reminder:7", payload: { n: 3 } },
      ],
      T0,
    );
    expect(await db.selectFrom("jobs").select("id").execute()).toHaveLength(3);
    const { runs, handlers } = recorder();
    await runDueJobs(contextOf(db), handlers, { now: () => T0 });
    expect(runs).toEqual([1, 2, 3]);
  });

  it("retries with exponential back-off and records the failure after the last try", async () => {
    database = await createTestDatabase();
    const { runs, failures, handlers } = recorder({ failTimes: 10 });
    const ctx = contextOf(database.db);
    await enqueueJob(database.db, { kind: "test", payload: { n: 7 }, maxAttempts: 3 }, T0);

    let clock = T0.getTime();
    const now = () => new Date(clock);
    await runDueJobs(ctx, handlers, { now });
    let job = (await database.db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow())!;
    expect(job).toMatchObject({ state: "pending", attempts: 1, last_error: "mail server down" });
    expect(job.run_at).toBe(new Date(clock + retryDelayMs(1)).toISOString());

    // Not a moment before the back-off has passed.
    clock += retryDelayMs(1) - 1;
    expect(await runDueJobs(ctx, handlers, { now })).toBe(0);
    clock += 1;
    expect(await runDueJobs(ctx, handlers, { now })).toBe(1);
    job = await database.db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
    expect(job.run_at).toBe(new Date(clock + retryDelayMs(2)).toISOString());
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    clock += retryDelayMs(2);
    await runDueJobs(ctx, handlers, { now });
    job = await database.db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: "failed", attempts: 3, last_error: "mail server down" });
    expect(failures).toEqual(["mail server down"]);
    clock += 24 * 3_600_000;
    expect(await runDueJobs(ctx, handlers, { now })).toBe(0);
    expect(runs).toEqual([7, 7, 7]);
  });

  it("survives a restart: due jobs and those of a worker that died are run by the next one, each once", async () => {
    database = await createTestDatabase({ onDisk: true });
    const before = database.open();
    opened.push(before);
    for (let n = 0; n < 10; n++) await enqueueJob(before, { kind: "test", payload: { n } }, T0);
    // A worker claims three and is killed before finishing them; then the process goes.
    expect(await claimDueJobs(before, "killed-worker", T0, 3)).toHaveLength(3);
    await before.destroy();
    opened.pop();

    const after = database.open();
    opened.push(after);
    const { runs, handlers } = recorder();
    await runDueJobs(contextOf(after), handlers, { now: () => T0 });
    expect(runs.toSorted((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    // The dead worker's lease runs out; then its jobs run too.
    await runDueJobs(contextOf(after), handlers, { now: () => new Date(T0.getTime() + 10 * 60_000) });
    expect(runs.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("holds back only the job in hand of a worker that stopped mid-run, not the jobs after it", async () => {
    database = await createTestDatabase({ onDisk: true });
    const stalled = database.open();
    const healthy = database.open();
    opened.push(stalled, healthy);
    for (let n = 0; n < 10; n++) await enqueueJob(database.db, { kind: "test", payload: { n } }, T0);
    // A worker whose first job never comes back, as when its process is killed in the middle of a send.
    let stuck!: () => void;
    const inHand = new Promise<void>((resolve) => (stuck = resolve));
    const hanging: JobHandlers = { test: { run: () => inHand } };
    const stalledRun = runDueJobs(contextOf(stalled), hanging, { workerId: "stalled", now: () => T0 });
    await expect.poll(() => findLeased(database.db)).toHaveLength(1);

    const { runs, handlers } = recorder();
    expect(await runDueJobs(contextOf(healthy), handlers, { workerId: "healthy", now: () => T0 })).toBe(9);
    expect(runs.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    stuck();
    expect(await stalledRun).toBe(1);
  });

  it("lets two workers on two connections racing for 100 jobs run each exactly once", async () => {
    database = await createTestDatabase({ onDisk: true });
    const first = database.open();
    const second = database.open();
    opened.push(first, second);
    await database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 100; n++) await enqueueJob(trx, { kind: "test", payload: { n } }, T0);
    });
    const runsBy = new Map<string, number[]>();
    const handlersFor = (worker: string): JobHandlers => ({
      test: {
        async run(_ctx, payload) {
          runsBy.set(worker, [...(runsBy.get(worker) ?? []), (payload as { n: number }).n]);
          // A little work, so the two really overlap.
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      },
    });
    await Promise.all([
      runDueJobs(contextOf(first), handlersFor("a"), { workerId: "a", now: () => T0 }),
      runDueJobs(contextOf(second), handlersFor("b"), { workerId: "b", now: () => T0 }),
    ]);
    const all = [...(runsBy.get("a") ?? []), ...(runsBy.get("b") ?? [])].toSorted((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 100 }, (_, n) => n));
    expect(runsBy.get("a")?.length, "both workers took a share").toBeGreaterThan(0);
    expect(runsBy.get("b")?.length, "both workers took a share").toBeGreaterThan(0);
    const done = await database.db.selectFrom("jobs").select("state").where("state", "=", "done").execute();
    expect(done).toHaveLength(100);
  });

  it("keeps one recurring job however often it is ensured, and brings a failed one back", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await ensureJob(db, { kind: "test", key: "daily", payload: { n: 1 }, runAt: T0 });
    await ensureJob(db, { kind: "test", key: "daily", payload: { n: 1 }, runAt: at("2031-01-01T00:00:00Z") });
    expect(await db.selectFrom("jobs").selectAll().execute()).toHaveLength(1);
    expect((await findJob(db, "daily"))?.run_at).toBe(T0.toISOString());
    await db.updateTable("jobs").set({ state: "failed" }).execute();
    await ensureJob(db, { kind: "test", key: "daily", payload: { n: 1 }, runAt: at("2031-01-01T00:00:00Z") });
    expect(await findJob(db, "daily")).toMatchObject({
      state: "pending",
      attempts: 0,
      run_at: "2031-01-01T00:00:00.000Z",
    });
  });

  it("runs in the background loop, started at once by an enqueue in the same process", async () => {
    database = await createTestDatabase();
    const { runs, handlers } = recorder();
    // A poll far longer than the test: only the nudge can start the job in time.
    const worker = startJobWorker(contextOf(database.db), handlers, { pollMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await enqueueJob(database.db, { kind: "test", payload: { n: 42 } });
      await expect.poll(() => runs, { timeout: 2_000 }).toEqual([42]);
    } finally {
      await worker.stop();
    }
  });

  it("when stopped, finishes the job in hand and claims no other, so a stopping process leaves the rest to others", async () => {
    database = await createTestDatabase();
    const { db } = database;
    for (const n of [1, 2, 3]) await enqueueJob(db, { kind: "slow", payload: { n } });
    let started!: () => void;
    const inHand = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const runs: number[] = [];
    const worker = startJobWorker(
      contextOf(db),
      {
        slow: {
          async run(_ctx, payload) {
            runs.push((payload as { n: number }).n);
            started();
            await finished;
          },
        },
      },
      { pollMs: 60_000 },
    );
    await inHand;
    const stopped = worker.stop();
    finish();
    await stopped;

    expect(runs).toEqual([1]);
    const states = await db.selectFrom("jobs").select(["state", "locked_by"]).orderBy("id").execute();
    expect(states).toEqual([
      { state: "done", locked_by: null },
      { state: "pending", locked_by: null },
      { state: "pending", locked_by: null },
    ]);
  });
});
