import type { Db } from "~/db/client.server";
import { enqueueJob } from "~/features/jobs/index.server";
import { clockNow } from "~/lib/clock";

/*
 * A booking's time freed (a cancellation, a block removed, new hours, a lifted closure) is reported here, in the
 * transaction that freed it, as a job the waitlist feature runs: the booking side knows that the waitlist wants
 * freed time, not how it offers it, so the waitlist sits above booking and imports it, never the other way.
 */

export const WAITLIST_OFFER_JOB = "waitlist-offers";

export interface WaitlistOfferJob {
  /** The day whose time freed; null when every day may have changed (a barber's hours, a lifted closure). */
  date: string | null;
}

/**
 * Queues one offer job for a freed time, in the caller's transaction (it commits or not with the change that
 * freed the time). No job key: two cancellations on one day at once must not refuse each other on the key's
 * unique index, and a second run of the job finds nothing left to offer.
 */
export async function queueWaitlistOffers(db: Db, date: string | null, now: Date = clockNow()) {
  const waiting = await db
    .selectFrom("waitlist_entries")
    .select("id")
    .where("status", "=", "waiting")
    .$if(date !== null, (query) => query.where("date", "=", date!))
    .executeTakeFirst();
  if (!waiting) return;
  const payload: WaitlistOfferJob = { date };
  await enqueueJob(db, { kind: WAITLIST_OFFER_JOB, payload }, now);
}
