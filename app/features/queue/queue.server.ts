import { randomBytes } from "node:crypto";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import { isUniqueViolation } from "~/db/errors";
import { hashToken } from "~/features/auth/index.server";
import { chosenServices, requireCandidates } from "~/features/booking/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { countWithinLimits } from "~/lib/rate-limit.server";
import { closedReason, loadQueueDay, positionOf, queueState, waitingCount, type QueueCtx } from "./queue-day.server";
import { followQueue } from "./queue-texts.server";
import { queueStatusPath, type QueueEntryStatus, type QueueJoin, type QueueStatusName } from "./queue.schema";

/* The customer's side of the walk-in queue (issue 33, decision 055): the waits, joining, their place, leaving. */

type Ctx = Pick<RequestContext, "db" | "config" | "settings" | "contentVersion">;

const HOUR_MS = 3_600_000;
const QUEUE_BUCKET = "queue";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const JOIN_TRIES = 5;

/** GET /api/queue, /queue and the TV: computed afresh at every call. */
export async function getQueue(ctx: QueueCtx, now: Date = clockNow()) {
  return queueState(await loadQueueDay(ctx, now), now);
}

/** The next place of the day, under the writers' turn; the unique (date, seq) index is the last word. */
async function nextSeq(trx: Db, date: string) {
  const row = await trx
    .selectFrom("queue_entries")
    .select((eb) => eb.fn.max("seq").as("last"))
    .where("date", "=", date)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * POST /api/queue and the join form: refused while the queue is closed or full (409 with the reason), for a
 * barber who does not do one of the services (400), and past the booking's limits per address (429). Each
 * join takes the writers' turn, so the count of those waiting and the place it takes are read after the one
 * before committed: twenty at once get places 1 to 20, and the limit of those waiting holds.
 */
export async function joinQueue(ctx: Ctx, input: QueueJoin, client: string, now: Date = clockNow()) {
  const day = await loadQueueDay(ctx, now);
  const reason = closedReason(day, now, waitingCount(day));
  if (reason) throw conflict(reason);
  const { totals } = await chosenServices(ctx.db, input.serviceIds, day.settings);
  const candidates = requireCandidates(day.team, input.serviceIds, input.memberId);
  if (candidates.length === 0) throw badRequest("No barber in the team does all of these services.", "serviceIds");
  const token = randomBytes(32).toString("base64url");
  let entryId: number;
  for (let attempt = 1; ; attempt++) {
    try {
      entryId = await ctx.db.transaction().execute(async (trx) => {
        await takeContentWriteTurn(trx);
        const check = await countWithinLimits(
          trx,
          [{ bucket: QUEUE_BUCKET, subject: client, max: ctx.config.limits.bookingPerHour, windowMs: HOUR_MS }],
          now,
        );
        if (!check.allowed) {
          throw new HttpError(429, `You have joined the queue several times recently. Please try again later.`);
        }
        const waiting = await trx
          .selectFrom("queue_entries")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("date", "=", day.date)
          .where("status", "=", "waiting")
          .executeTakeFirstOrThrow();
        const full = closedReason(day, now, Number(waiting.count));
        if (full) throw conflict(full);
        const { id } = await trx
          .insertInto("queue_entries")
          .values({
            date: day.date,
            seq: await nextSeq(trx, day.date),
            token_hash: hashToken(token),
            member_id: input.memberId ?? null,
            customer_name: input.name,
            customer_phone: input.phone ?? "",
            customer_email: input.email ?? "",
            sms_consent: input.smsConsent && input.phone ? 1 : 0,
            status: "waiting",
            length_minutes: totals.durationMinutes,
            served_by: null,
            booking_id: null,
            joined_at: now.toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("queue_entry_services")
          .values(input.serviceIds.map((serviceId, position) => ({ entry_id: id, position, service_id: serviceId })))
          .execute();
        return id;
      });
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= JOIN_TRIES) throw error;
    }
  }
  const after = await followQueue(ctx, now);
  const estimate = after.estimates.byEntry.get(entryId);
  return {
    token,
    position: positionOf(after, entryId)!,
    estimatedStart: estimate?.estimatedStart ?? null,
    waitMinutes: estimate?.waitMinutes ?? null,
    status: "waiting" as const,
    statusUrl: `${ctx.config.publicUrl}${queueStatusPath(token)}`,
  };
}

async function entryByToken(db: Db, token: string) {
  const entry = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("queue_entries")
        .select(["id", "status", "member_id", "served_by", "customer_name"])
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (!entry) throw notFound("Queue entry");
  return entry;
}

/** GET /api/queue/{token} and /queue/{token}: the customer's place and estimate, computed now. */
export async function entryStatus(ctx: QueueCtx, token: string, now: Date = clockNow()): Promise<QueueEntryStatus> {
  const entry = await entryByToken(ctx.db, token);
  const status = entry.status as QueueStatusName;
  const day = status === "waiting" ? await loadQueueDay(ctx, now) : undefined;
  const estimate = day?.estimates.byEntry.get(entry.id);
  return {
    status,
    position: day ? positionOf(day, entry.id) : null,
    estimatedStart: estimate?.estimatedStart ?? null,
    waitMinutes: estimate?.waitMinutes ?? null,
    memberId: entry.served_by ?? entry.member_id,
    name: entry.customer_name,
  };
}

/** DELETE /api/queue/{token} and "Leave the queue": those behind move up. Leaving twice answers the same. */
export async function leaveQueue(ctx: QueueCtx, token: string, now: Date = clockNow()) {
  const entry = await entryByToken(ctx.db, token);
  const left = await ctx.db
    .updateTable("queue_entries")
    .set({ status: "left", finished_at: now.toISOString() })
    .where("id", "=", entry.id)
    .where("status", "in", ["waiting", "called"])
    .returning("id")
    .executeTakeFirst();
  if (!left && entry.status !== "left") {
    throw conflict(entry.status === "serving" ? "You are in the chair already." : "You are no longer in the queue.");
  }
  if (left) await followQueue(ctx, now);
  return entryStatus(ctx, token, now);
}
