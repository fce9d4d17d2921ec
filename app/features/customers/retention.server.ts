import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { ensureJob, type JobHandlers, pruneFinishedJobs } from "~/features/jobs/index.server";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { eraseOldQueueEntries } from "~/features/queue/index.server";
import { lapsePastEntries } from "~/features/waitlist/index.server";
import { ERASED_NAME, erasePersonalData } from "./erasure.server";
import { clockNow } from "~/lib/clock";

/*
 * Retention (UK GDPR storage limitation): a daily job erases the personal data of appointments
 * and contact messages older than the shop keeps them. The /privacy page states the same periods.
 */

export const RETENTION_JOB = "privacy-retention";
/** In the quiet of the night, shop time. */
const RETENTION_TIME = "03:00";

/** `yyyy-MM-dd` the given number of calendar months before `date` (31 March − 1 month = 28/29 February). */
export function monthsBefore(date: string, months: number) {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Erases what has passed its period: appointments dated before the cut-off day, messages sent before its
 * start; and deletes the jobs that finished long enough ago.
 */
export async function applyRetention({ db, settings }: ShopReads, now: Date = clockNow()) {
  const periods = await settings();
  const today = shopToday(now);
  const messagesBefore = shopInstant(monthsBefore(today, periods.contactRetentionMonths), "00:00").toISOString();
  const erased = await db
    .transaction()
    .execute((trx) =>
      erasePersonalData(
        trx,
        { appointmentsBefore: monthsBefore(today, periods.bookingRetentionMonths), messagesBefore },
        now,
      ),
    );
  // Waitlist entries for days gone by have nothing left to wait for: their personal data goes the next night.
  await lapsePastEntries(db, today);
  // The walk-in queue's names, phones and e-mails go a week after their day; its rows stay for the counts.
  const erasedQueueEntries = await eraseOldQueueEntries(db, today, ERASED_NAME);
  return { ...erased, erasedQueueEntries, prunedJobs: await pruneFinishedJobs(db, now) };
}

const nextRun = (now: Date) => shopInstant(addDays(shopToday(now), 1), RETENTION_TIME);

/** Makes sure the daily job exists; every instance calls this at start, and one job is kept. */
export async function scheduleRetention(db: Db, runAt: Date = clockNow()) {
  await ensureJob(db, { kind: RETENTION_JOB, key: RETENTION_JOB, payload: {}, runAt });
}

export const retentionJobHandlers: JobHandlers = {
  [RETENTION_JOB]: {
    async run(ctx) {
      const now = clockNow();
      const erased = await applyRetention(ctx, now);
      if (erased.erasedBookings || erased.erasedMessages || erased.erasedQueueEntries || erased.prunedJobs) {
        console.log(
          `Retention: erased the personal data of ${erased.erasedBookings} bookings, ${erased.erasedMessages} contact messages and ${erased.erasedQueueEntries} walk-in queue entries; deleted ${erased.prunedJobs} finished jobs.`,
        );
      }
      return { runAgainAt: nextRun(now) };
    },
    // A recurring job must not end with its last failure: it tries again the next night.
    async onFailure(ctx) {
      await scheduleRetention(ctx.db, nextRun(clockNow()));
    },
  },
};
