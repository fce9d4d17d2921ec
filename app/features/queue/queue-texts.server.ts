import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { enqueueJob, type JobHandlers } from "~/features/jobs/index.server";
import { loadPaymentRules } from "~/features/payments/index.server";
import { queueText, toE164, type QueueTextKind } from "~/features/texts";
import { isOptedOut, smsProvider } from "~/features/texts/index.server";
import { clockNow } from "~/lib/clock";
import { loadQueueDay, type QueueCtx, type QueueDayState } from "./queue-day.server";

/*
 * A walk-in who ticked the box gets two texts and no others: "nearly up" when their estimated wait first falls
 * to the owner's minutes, and "called". Each is claimed by a guarded update of its column (`… is null`) in the
 * transaction that queues its job, so no kind goes twice to one entry, whichever instance or request gets
 * there first; without consent nothing is queued at all. Time passing lowers waits too, so while someone who
 * agreed still waits for their first text, a watch job looks again every minute.
 */

export const QUEUE_TEXT_JOB = "queue-text";
const QUEUE_WATCH_JOB = "queue-watch";
const WATCH_KEY = `${QUEUE_WATCH_JOB}:today`;
const WATCH_EVERY_MS = 60_000;
const TEXT_MAX_ATTEMPTS = 8;

interface QueueTextJob {
  entryId: number;
  kind: QueueTextKind;
  minutes: number;
}

const textColumn = { nearly: "nearly_text_at", called: "called_text_at" } as const;

/** Claims the entry's one text of a kind and queues it; nothing when it had it already or did not agree. */
export async function queueEntryText(db: Db, entryId: number, kind: QueueTextKind, minutes: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("queue_entries")
      .set({ [textColumn[kind]]: now.toISOString() })
      .where("id", "=", entryId)
      .where("sms_consent", "=", 1)
      .where(textColumn[kind], "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return;
    const payload: QueueTextJob = { entryId, kind, minutes };
    await enqueueJob(trx, { kind: QUEUE_TEXT_JOB, payload, maxAttempts: TEXT_MAX_ATTEMPTS }, now);
  });
}

/**
 * Queues "nearly up" for each consenting entry whose wait is now down to the owner's minutes; answers whether
 * anyone who agreed still waits for theirs (then the queue must be looked at again as time passes).
 */
async function textThoseNearlyUp(db: Db, day: QueueDayState, now: Date) {
  let watching = false;
  for (const entry of day.entries) {
    if (entry.status !== "waiting" || !entry.smsConsent || entry.nearlyTexted) continue;
    const wait = day.estimates.byEntry.get(entry.id)?.waitMinutes;
    if (wait !== null && wait !== undefined && wait <= day.settings.queue.notifyMinutes) {
      await queueEntryText(db, entry.id, "nearly", wait, now);
    } else {
      watching = true;
    }
  }
  return watching;
}

/**
 * After any change to the queue or its day: the texts now due, and the watch while anyone is owed one. Answers
 * the day as it now stands, read once for both.
 */
export async function followQueue(ctx: QueueCtx, now: Date = clockNow()) {
  const day = await loadQueueDay(ctx, now);
  const watching = await textThoseNearlyUp(ctx.db, day, now);
  if (watching) {
    await enqueueJob(
      ctx.db,
      { kind: QUEUE_WATCH_JOB, key: WATCH_KEY, payload: {}, runAt: new Date(now.getTime() + WATCH_EVERY_MS) },
      now,
    );
  }
  return day;
}

async function sendQueueText(ctx: RequestContext, job: QueueTextJob) {
  const provider = smsProvider(ctx.config);
  if (!provider || !(await loadPaymentRules(ctx.db)).textsEnabled) return;
  const entry = await ctx.db
    .selectFrom("queue_entries")
    .select(["status", "customer_phone", "sms_consent"])
    .where("id", "=", job.entryId)
    .executeTakeFirst();
  if (!entry || entry.sms_consent !== 1 || entry.customer_phone === "") return;
  // Nearly up is no news to someone already called, served, or gone.
  if (job.kind === "nearly" && entry.status !== "waiting") return;
  if (job.kind === "called" && entry.status !== "called") return;
  if (await isOptedOut(ctx.db, entry.customer_phone)) return;
  const shop = await ctx.settings();
  await provider.send(toE164(entry.customer_phone), queueText(job.kind, shop.shopName, job.minutes));
}

export const queueJobHandlers: JobHandlers = {
  [QUEUE_TEXT_JOB]: {
    run: (ctx, payload) => sendQueueText(ctx, payload as QueueTextJob),
    async onFailure(_ctx, payload, error) {
      console.error(`Queue text for entry ${(payload as QueueTextJob).entryId} failed for good: ${error}`);
    },
  },
  [QUEUE_WATCH_JOB]: {
    async run(ctx) {
      const now = clockNow();
      const watching = await textThoseNearlyUp(ctx.db, await loadQueueDay(ctx, now), now);
      return watching ? { runAgainAt: new Date(now.getTime() + WATCH_EVERY_MS) } : undefined;
    },
  },
};
