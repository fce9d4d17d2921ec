import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { hashToken } from "~/features/auth/index.server";
import {
  bookTimeTransaction,
  chosenServices,
  claimComputedTime,
  closeOffer,
  entryByToken,
  entryServiceIds,
  HOLD_EXPIRY_JOB,
  holdKey,
  holdMembers,
  loadBusySpans,
  readSchedules,
  newToken,
  refusalOf,
  type WaitlistOfferJob,
} from "~/features/booking/index.server";
import { availableTimes, type MemberSchedule, performsAll } from "~/features/booking";
import { enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import { loadPaymentRules, loadPaymentView, paymentToAsk } from "~/features/payments/index.server";
import type { ShopSettings } from "~/features/settings";
import { isOptedOut, smsProvider } from "~/features/texts/index.server";
import { toE164 } from "~/features/texts";
import { clockNow } from "~/lib/clock";
import { shopToday } from "~/lib/shop-time";
import { offerMail, offerText, type OfferedTime } from "./waitlist-mail.server";
import { serviceTitles } from "./waitlist-rows.server";
import type { WaitlistOffer } from "./waitlist.schema";

/*
 * The waitlist (issue 23 §3, decision 033). A freed time is offered, in order of joining, to the first
 * waiting entry it fits: the time is held for them as a booked slot (the row a booking takes, so the
 * availability engine, the booking lock and PostgreSQL's exclusion constraint keep it from everyone else)
 * until the hold runs out; a claim then books that very slot through the booking write path.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;
type EntryRow = Row<"waitlist_entries">;

const MINUTE_MS = 60_000;
export const OFFER_MAIL_JOB = "waitlist-offer-mail";

export const offerUrl = (ctx: Pick<RequestContext, "config">, token: string) =>
  `${ctx.config.publicUrl}/waitlist/${token}`;

export interface HoldJob {
  entryId: number;
  slotId: number;
}

/** The first time (in order of the day, then of the team) that fits the entry, or undefined. */
async function firstFittingTime(
  trx: Db,
  entry: EntryRow,
  team: readonly MemberSchedule[],
  rules: ShopSettings,
  now: Date,
) {
  const serviceIds = await entryServiceIds(trx, entry.id);
  const able = team.filter(
    (member) => performsAll(member, serviceIds) && (entry.member_id === null || member.id === entry.member_id),
  );
  if (able.length === 0 || serviceIds.length === 0) return undefined;
  const chosen = await chosenServices(trx, serviceIds, rules).catch(() => undefined);
  if (!chosen) return undefined;
  const busy = await loadBusySpans(
    trx,
    able.map((member) => member.id),
    entry.date,
    entry.date,
  );
  const lengthMinutes = chosen.totals.durationMinutes;
  const time = availableTimes(able, { date: entry.date, serviceIds, lengthMinutes }, rules, busy, now).find(
    (offered) =>
      (!entry.earliest || offered.startTime >= entry.earliest) && (!entry.latest || offered.startTime <= entry.latest),
  );
  if (!time) return undefined;
  return { time, lengthMinutes, member: able.find((member) => member.id === time.memberId)! };
}

/**
 * Inside the caller's transaction: every waiting entry of the day, in order of joining, is offered the first
 * free time that fits it. Under the whole team's lock (the booking write path's), so no booking or other
 * offer can take the time between the look and the hold. Answers how many offers were made.
 */
export async function offerFreeTimes(trx: Db, rules: ShopSettings, date: string, now: Date) {
  if (date < shopToday(now)) return 0;
  const team = await readSchedules(trx);
  await holdMembers(
    trx,
    team.map((member) => member.id),
  );
  const waiting = await trx
    .selectFrom("waitlist_entries")
    .selectAll()
    .where("date", "=", date)
    .where("status", "=", "waiting")
    .orderBy("id")
    .execute();
  let offers = 0;
  for (const entry of waiting) {
    const fitting = await firstFittingTime(trx, entry, team, rules, now);
    if (!fitting) continue;
    const slotId = await claimComputedTime(
      trx,
      { date, startTime: fitting.time.startTime, lengthMinutes: fitting.lengthMinutes, candidates: [fitting.member] },
      rules,
      now,
    );
    const expiresAt = new Date(now.getTime() + rules.waitlistHoldMinutes * MINUTE_MS);
    await trx
      .updateTable("waitlist_entries")
      .set({ status: "offered", hold_slot_id: slotId, offer_expires_at: expiresAt.toISOString() })
      .where("id", "=", entry.id)
      .where("status", "=", "waiting")
      .executeTakeFirstOrThrow();
    const hold: HoldJob = { entryId: entry.id, slotId };
    await enqueueJob(trx, { kind: HOLD_EXPIRY_JOB, key: holdKey(entry.id), payload: hold, runAt: expiresAt }, now);
    await enqueueJob(trx, { kind: OFFER_MAIL_JOB, payload: hold }, now);
    offers += 1;
  }
  return offers;
}

/** The offer job: the freed day (or every day with someone waiting) offered to those waiting. */
export async function runWaitlistOffers(ctx: Ctx, job: WaitlistOfferJob, now: Date = clockNow()) {
  const dates = job.date
    ? [job.date]
    : (
        await ctx.db
          .selectFrom("waitlist_entries")
          .select("date")
          .distinct()
          .where("status", "=", "waiting")
          .where("date", ">=", shopToday(now))
          .orderBy("date")
          .execute()
      ).map((row) => row.date);
  const rules = await ctx.settings();
  let offers = 0;
  for (const date of dates) offers += await bookTimeTransaction(ctx.db, (trx) => offerFreeTimes(trx, rules, date, now));
  if (offers > 0) nudgeJobWorkers();
  return offers;
}

/** Frees a held slot inside the caller's transaction (the hold's own: no booking stands on it). */
export async function releaseHold(trx: Db, slotId: number) {
  await trx
    .updateTable("booking_slots")
    .set({ status: "released" })
    .where("id", "=", slotId)
    .where("status", "=", "booked")
    .execute();
}

/**
 * The hold ran out unclaimed: the entry's offer lapses, and in the same transaction the time goes to the next
 * entry it fits; with nobody left it simply stays free, on offer to everyone again.
 */
export async function expireHold(ctx: Ctx, hold: HoldJob, now: Date = clockNow()) {
  const rules = await ctx.settings();
  const lapsed = await bookTimeTransaction(ctx.db, async (trx) => {
    const entry = await trx
      .updateTable("waitlist_entries")
      .set({ status: "expired" })
      .where("id", "=", hold.entryId)
      .where("status", "=", "offered")
      .where("hold_slot_id", "=", hold.slotId)
      .where("offer_expires_at", "<=", now.toISOString())
      .returning("date")
      .executeTakeFirst();
    if (!entry) return false;
    await releaseHold(trx, hold.slotId);
    await offerFreeTimes(trx, rules, entry.date, now);
    return true;
  });
  nudgeJobWorkers();
  return lapsed;
}

async function offeredTime(db: Db, entryId: number, slotId: number) {
  const row = await db
    .selectFrom("waitlist_entries as w")
    .innerJoin("booking_slots as s", "s.id", "w.hold_slot_id")
    .leftJoin("team_members as m", "m.id", "s.member_id")
    .select([
      "w.customer_name",
      "w.customer_email",
      "w.customer_phone",
      "w.sms_consent",
      "s.date",
      "s.start_time",
      "m.name as member_name",
    ])
    .where("w.id", "=", entryId)
    .where("w.hold_slot_id", "=", slotId)
    .where("w.status", "=", "offered")
    .executeTakeFirst();
  return row;
}

/**
 * The offer's mail (and text): the link's token is made here, when the message goes, and only its hash is
 * kept, so no table or job payload ever holds a usable link. A retry makes a new token: the earlier one,
 * never delivered, stops working.
 */
export async function sendOffer(ctx: RequestContext, hold: HoldJob) {
  const row = await offeredTime(ctx.db, hold.entryId, hold.slotId);
  if (!row) return;
  const token = newToken();
  await ctx.db
    .updateTable("waitlist_entries")
    .set({ offer_token_hash: hashToken(token) })
    .where("id", "=", hold.entryId)
    .where("status", "=", "offered")
    .execute();
  const shop = await ctx.settings();
  const offer: OfferedTime = {
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    date: row.date,
    startTime: row.start_time,
    memberName: row.member_name,
    services: (await serviceTitles(ctx.db, [hold.entryId])).get(hold.entryId) ?? [],
    holdMinutes: shop.waitlistHoldMinutes,
  };
  const link = offerUrl(ctx, token);
  if (ctx.mailer.enabled) await ctx.mailer.send(offerMail(shop, offer, link));
  const provider = smsProvider(ctx.config);
  if (
    row.sms_consent === 1 &&
    provider &&
    (await loadPaymentRules(ctx.db)).textsEnabled &&
    !(await isOptedOut(ctx.db, row.customer_phone))
  ) {
    await provider.send(toE164(row.customer_phone), offerText(shop, offer, link));
  }
}

/** GET /api/waitlist/{token} and the offer page: only reads (a mail scanner opening the link claims nothing). */
export async function getOffer(db: Db, token: string, now: Date = clockNow()): Promise<WaitlistOffer> {
  const entry = await entryByToken(db, token);
  const slot = entry.hold_slot_id
    ? await db
        .selectFrom("booking_slots as s")
        .leftJoin("team_members as m", "m.id", "s.member_id")
        .select(["s.start_time", "s.end_time", "m.name"])
        .where("s.id", "=", entry.hold_slot_id)
        .executeTakeFirst()
    : undefined;
  const refusal = refusalOf(entry, now);
  return {
    status: refusal?.status === 410 && entry.status === "offered" ? "expired" : entry.status,
    date: entry.date,
    startTime: slot?.start_time ?? null,
    endTime: slot?.end_time ?? null,
    memberName: slot?.name ?? null,
    services: (await serviceTitles(db, [entry.id])).get(entry.id) ?? [],
    expiresAt: entry.status === "offered" ? entry.offer_expires_at : null,
    message: refusal?.message ?? null,
    ...(await claimedBooking(db, entry.claimed_booking_id)),
  };
}

/**
 * What claiming a live offer would ask the customer to pay or save (the shop's deposit, prepayment or card),
 * said on the offer's page before they press Claim and go to Checkout; null when nothing would be asked.
 */
export async function offerPaymentAsk(ctx: RequestContext, token: string, now: Date = clockNow()) {
  const entry = await entryByToken(ctx.db, token);
  if (refusalOf(entry, now)) return null;
  const rules = await ctx.settings();
  const { totals } = await chosenServices(ctx.db, await entryServiceIds(ctx.db, entry.id), rules);
  return paymentToAsk(ctx, { totalPence: totals.totalPence, customerEmail: entry.customer_email }, now);
}

/** How the booking a claim made stands, and its payment: what the offer's link shows once it is claimed. */
async function claimedBooking(db: Db, bookingId: number | null) {
  if (bookingId === null) return { bookingStatus: null, payment: null };
  const booking = await db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirst();
  return {
    bookingStatus: booking?.status ?? null,
    payment: booking ? await loadPaymentView(db, bookingId) : null,
  };
}

/**
 * POST /api/waitlist/{token}/decline and the offer page's "No thanks": the customer lets the held time go
 * before the hold runs out, and in the same transaction it goes to the next entry it fits, as on expiry.
 * Answers the offer as its link now shows it.
 */
export async function declineOffer(ctx: Ctx, token: string, now: Date = clockNow()) {
  const entry = await entryByToken(ctx.db, token);
  const early = refusalOf(entry, now);
  if (early) throw early;
  const rules = await ctx.settings();
  await bookTimeTransaction(ctx.db, async (trx) => {
    await releaseHold(trx, await closeOffer(trx, entry.id, "declined", now));
    await offerFreeTimes(trx, rules, entry.date, now);
  });
  nudgeJobWorkers();
  return getOffer(ctx.db, token, now);
}
