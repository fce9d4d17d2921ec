import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { isUniqueViolation } from "~/db/errors";
import {
  bookTimeTransaction,
  chosenServices,
  HOLD_EXPIRY_JOB,
  holdKey,
  loadSchedules,
  queueWaitlistOffers,
  requireCandidates,
  WAITLIST_OFFER_JOB,
  type WaitlistOfferJob,
} from "~/features/booking/index.server";
import { bookableDates } from "~/features/booking";
import { customerKey } from "~/features/customers";
import { customerFingerprint, customerIdFor } from "~/features/customer-identity/index.server";
import { cancelJobs, type JobHandlers, nudgeJobWorkers } from "~/features/jobs/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { forgetEvents, recordWithinLimits } from "~/lib/rate-limit.server";
import { shopToday } from "~/lib/shop-time";
import { joinedMailHandlers, queueJoinedMail } from "./waitlist-join-mail.server";
import {
  expireHold,
  OFFER_MAIL_JOB,
  releaseHold,
  runWaitlistOffers,
  sendOffer,
  type HoldJob,
} from "./waitlist-offers.server";
import { serviceTitles } from "./waitlist-rows.server";
import {
  ALREADY_WAITING_MESSAGE,
  WAITLIST_PAST_DAY_MESSAGE,
  WAITLIST_TOO_FAR_MESSAGE,
  type WaitlistEntry,
  type WaitlistJoin,
  type WaitlistStatusName,
} from "./waitlist.schema";

/*
 * The waitlist (issue 23 §3, decision 033). A freed time is offered, in order of joining, to the first
 * waiting entry it fits: the time is held for them as a booked slot (the row a booking takes, so the
 * availability engine, the booking lock and PostgreSQL's exclusion constraint keep it from everyone else)
 * until the hold runs out; a claim then books that very slot through the booking write path.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings" | "contentVersion">;
type EntryRow = Row<"waitlist_entries">;

const HOUR_MS = 3_600_000;
const WAITLIST_BUCKET = "waitlist";

/**
 * POST /api/waitlist and the join form: the booking's rules for the day, services and barber, the booking's
 * limits per client and per address (in a bucket of their own), and one live entry per address and day.
 */
export async function joinWaitlist(ctx: Ctx, input: WaitlistJoin, client: string, now: Date = clockNow()) {
  const [rules, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  if (input.date < shopToday(now)) throw badRequest(WAITLIST_PAST_DAY_MESSAGE);
  if (input.date > bookableDates(rules, now).last) throw badRequest(WAITLIST_TOO_FAR_MESSAGE);
  await chosenServices(ctx.db, input.services, rules);
  requireCandidates(team, input.services, input.memberId);
  const check = await recordWithinLimits(
    ctx.db,
    [
      { bucket: WAITLIST_BUCKET, subject: client, max: ctx.config.limits.bookingPerHour, windowMs: HOUR_MS },
      {
        bucket: WAITLIST_BUCKET,
        subject: `email:${customerFingerprint(ctx.config, input.customerEmail)}`,
        max: ctx.config.limits.bookingPerEmailPerHour,
        windowMs: HOUR_MS,
      },
    ],
    now,
  );
  if (!check.allowed) {
    throw new HttpError(
      429,
      `You have joined the waitlist several times recently. Please try again later or call us on ${rules.phone}.`,
    );
  }
  try {
    const joined = await ctx.db.transaction().execute(async (trx) => {
      const customerId = await customerIdFor(trx, input, "waitlist", now);
      const { id } = await trx
        .insertInto("waitlist_entries")
        .values({
          customer_id: customerId,
          date: input.date,
          member_id: input.memberId ?? null,
          earliest: input.earliest ?? null,
          latest: input.latest ?? null,
          customer_name: input.customerName,
          customer_email: input.customerEmail,
          customer_key: customerKey(input.customerEmail),
          customer_phone: input.customerPhone,
          sms_consent: input.smsConsent ? 1 : 0,
          status: "waiting",
          hold_slot_id: null,
          offer_token_hash: null,
          offer_expires_at: null,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("waitlist_entry_services")
        .values(input.services.map((serviceId, position) => ({ entry_id: id, position, service_id: serviceId })))
        .execute();
      await queueJoinedMail(trx, id, now);
      return { id };
    });
    nudgeJobWorkers();
    return joined;
  } catch (error) {
    await forgetEvents(ctx.db, check.eventIds);
    if (isUniqueViolation(error)) throw conflict(ALREADY_WAITING_MESSAGE);
    throw error;
  }
}

const listedStatus = (entry: Pick<EntryRow, "status" | "date">, today: string): WaitlistStatusName =>
  entry.status === "waiting" && entry.date < today ? "expired" : entry.status;

/** GET /api/waitlist (admin): every entry, by day then order of joining. Entries for past days show as expired. */
export async function listWaitlist(db: Db, now: Date = clockNow()): Promise<WaitlistEntry[]> {
  const rows = await db
    .selectFrom("waitlist_entries as w")
    .leftJoin("team_members as m", "m.id", "w.member_id")
    .select([
      "w.id",
      "w.date",
      "w.status",
      "w.customer_name",
      "w.customer_email",
      "w.offer_expires_at",
      "m.name as member_name",
    ])
    .orderBy("w.date")
    .orderBy("w.id")
    .execute();
  const titles = await serviceTitles(
    db,
    rows.map((row) => row.id),
  );
  const today = shopToday(now);
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    services: titles.get(row.id) ?? [],
    memberName: row.member_name,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    status: listedStatus(row, today),
    offerExpiresAt: row.status === "offered" ? row.offer_expires_at : null,
  }));
}

/**
 * DELETE /api/waitlist/{id} (admin "Remove"): a live entry is cancelled (a time held for it goes to the next in
 * line at once); one already finished is deleted from the list.
 */
export async function removeEntry(ctx: Ctx, id: number, now: Date = clockNow()) {
  await bookTimeTransaction(ctx.db, async (trx) => {
    const entry = await trx
      .selectFrom("waitlist_entries")
      .select(["status", "hold_slot_id", "date"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!entry) throw notFound("Waitlist entry");
    if (entry.status !== "waiting" && entry.status !== "offered") {
      await trx.deleteFrom("waitlist_entries").where("id", "=", id).execute();
      return;
    }
    await trx.updateTable("waitlist_entries").set({ status: "cancelled" }).where("id", "=", id).execute();
    if (entry.status === "offered" && entry.hold_slot_id) {
      await cancelJobs(trx, holdKey(id));
      await releaseHold(trx, entry.hold_slot_id);
      await queueWaitlistOffers(trx, entry.date, now);
    }
  });
  nudgeJobWorkers();
}

export const waitlistJobHandlers: JobHandlers = {
  ...joinedMailHandlers,
  [WAITLIST_OFFER_JOB]: {
    async run(ctx, payload) {
      await runWaitlistOffers(ctx, payload as WaitlistOfferJob);
    },
  },
  [HOLD_EXPIRY_JOB]: {
    async run(ctx, payload) {
      await expireHold(ctx, payload as HoldJob);
    },
  },
  [OFFER_MAIL_JOB]: {
    run: (ctx, payload) => sendOffer(ctx, payload as HoldJob),
  },
};
