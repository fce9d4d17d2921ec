import { createHash } from "node:crypto";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { keyedDigest } from "~/lib/secret-box.server";
import { customerKey } from "~/features/customers";
import { cancelJobs, enqueueJob, type JobHandlers } from "~/features/jobs/index.server";
import type { ShopSettings } from "~/features/settings";
import { notFound } from "~/lib/http-error";
import { shopInstant } from "~/lib/shop-time";
import { reviewRequestMail } from "./review-mail.server";
import { clockNow } from "~/lib/clock";

/*
 * A review request after a visit (issue 23 §4). Marking an appointment attended queues one mail for the
 * shop's set time after it ends; it goes to every attended customer alike (asking only the happy ones is
 * review gating), at most once per customer in 90 days, never after a no-show, and never to someone who
 * unsubscribed. Every mail carries the same unsubscribe link for the address (RFC 8058 one-click too).
 */

export const REVIEW_REQUEST_JOB = "review-request";
const ONCE_IN_DAYS = 90;
const DAY_MS = 24 * 3_600_000;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const reviewKey = (bookingId: number) => `${REVIEW_REQUEST_JOB}:${bookingId}`;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The address's unsubscribe token: keyed with the server's secret, so it cannot be made from an address. */
const unsubscribeToken = (ctx: Pick<RequestContext, "config">, email: string) =>
  keyedDigest(ctx.config, "review-unsubscribe", customerKey(email));

export const unsubscribeUrl = (ctx: Pick<RequestContext, "config">, token: string) =>
  `${ctx.config.publicUrl}/reviews/unsubscribe/${token}`;

/** The address a mail client posts to for RFC 8058's one-click unsubscribe. */
export const oneClickUnsubscribeUrl = (ctx: Pick<RequestContext, "config">, token: string) =>
  `${ctx.config.publicUrl}/api/reviews/unsubscribe/${token}`;

/**
 * Follows the owner's attendance mark: "attended" queues the request for the set time after the
 * appointment's end (at once when that is past); anything else takes a queued one back.
 */
export async function scheduleReviewRequest(
  db: Db,
  shop: Pick<ShopSettings, "reviewRequestHours">,
  booking: { id: number; date: string; endTime: string },
  attendance: string | null,
  now: Date = clockNow(),
) {
  if (attendance !== "attended") {
    await cancelJobs(db, reviewKey(booking.id));
    return;
  }
  const { reviewRequestHours } = shop;
  const due = new Date(shopInstant(booking.date, booking.endTime).getTime() + reviewRequestHours * 3_600_000);
  await enqueueJob(
    db,
    {
      kind: REVIEW_REQUEST_JOB,
      key: reviewKey(booking.id),
      payload: { bookingId: booking.id },
      runAt: due > now ? due : now,
    },
    now,
  );
}

/**
 * Takes the address's one request of the period: a conditional upsert, so two jobs for one customer
 * (two visits marked at once) cannot both send. Only a retry of the job that took it may send again.
 */
async function claimRequest(db: Db, email: string, bookingId: number, jobId: number, token: string, now: Date) {
  const sentAt = now.toISOString();
  const before = new Date(now.getTime() - ONCE_IN_DAYS * DAY_MS).toISOString();
  const claimed = await db
    .insertInto("review_requests")
    .values({
      email,
      booking_id: bookingId,
      job_id: jobId,
      sent_at: sentAt,
      unsubscribe_hash: sha256(token),
      unsubscribed_at: null,
    })
    .onConflict((conflict) =>
      conflict
        .column("email")
        .doUpdateSet({ booking_id: bookingId, job_id: jobId, sent_at: sentAt })
        .where((eb) =>
          eb.and([
            eb("review_requests.unsubscribed_at", "is", null),
            eb.or([eb("review_requests.sent_at", "<", before), eb("review_requests.job_id", "=", jobId)]),
          ]),
        ),
    )
    .returning("email")
    .executeTakeFirst();
  return claimed !== undefined;
}

async function sendReviewRequest(ctx: RequestContext, bookingId: number, jobId: number, now: Date) {
  const booking = await ctx.db
    .selectFrom("bookings")
    .select(["customer_name", "customer_email", "status", "attendance", "erased_at"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  // Taken back, marked a no-show since, cancelled or erased: nothing to ask.
  if (!booking || booking.attendance !== "attended" || booking.status !== "confirmed" || booking.erased_at) return;
  const shop = await ctx.settings();
  if (!shop.reviewUrl || !ctx.mailer.enabled || !booking.customer_email) return;
  const email = customerKey(booking.customer_email);
  const token = unsubscribeToken(ctx, email);
  if (!(await claimRequest(ctx.db, email, bookingId, jobId, token, now))) return;
  await ctx.mailer.send(
    reviewRequestMail(shop, {
      to: booking.customer_email,
      name: booking.customer_name,
      unsubscribeUrl: unsubscribeUrl(ctx, token),
      oneClickUrl: oneClickUnsubscribeUrl(ctx, token),
    }),
  );
}

export const reviewJobHandlers: JobHandlers = {
  [REVIEW_REQUEST_JOB]: {
    async run(ctx, payload, job) {
      await sendReviewRequest(ctx, (payload as { bookingId: number }).bookingId, job.id, clockNow());
    },
  },
};

/** Stops review requests to the address the token stands for; a second click changes nothing. 404 for an unknown token. */
export async function unsubscribeFromReviews(db: Db, token: string, now: Date = new Date()) {
  const row = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("review_requests")
        .select(["email", "unsubscribed_at"])
        .where("unsubscribe_hash", "=", sha256(token))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound("Unsubscribe link");
  if (row.unsubscribed_at === null) {
    await db
      .updateTable("review_requests")
      .set({ unsubscribed_at: now.toISOString() })
      .where("email", "=", row.email)
      .execute();
  }
  return { unsubscribed: true as const };
}
