import { randomBytes } from "node:crypto";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { isUniqueViolation } from "~/db/errors";
import { hashToken } from "~/features/auth/index.server";
import { availableTimes, bookableDates, type MemberSchedule, performsAll } from "~/features/booking";
import {
  bookTimeTransaction,
  candidatesFor,
  chosenServices,
  claimComputedTime,
  confirmationOf,
  holdMembers,
  insertBooking,
  loadBusySpans,
  loadSchedules,
  openPayment,
  queueWaitlistOffers,
  WAITLIST_OFFER_JOB,
  type WaitlistOfferJob,
} from "~/features/booking/index.server";
import { customerKey } from "~/features/customers";
import { customerFingerprint, customerIdFor } from "~/features/customer-identity/index.server";
import { cancelJobs, enqueueJob, type JobHandlers, nudgeJobWorkers } from "~/features/jobs/index.server";
import { abandonCheckout, loadPaymentRules, loadPaymentView, paymentToAsk } from "~/features/payments/index.server";
import type { ShopSettings } from "~/features/settings";
import { loadSettings } from "~/features/settings/index.server";
import { isOptedOut, smsProvider } from "~/features/texts/index.server";
import { toE164 } from "~/features/texts";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { forgetEvents, recordWithinLimits } from "~/lib/rate-limit.server";
import { shopToday } from "~/lib/shop-time";
import { offerMail, offerText, type OfferedTime } from "./waitlist-mail.server";
import { joinedMailHandlers, queueJoinedMail } from "./waitlist-join-mail.server";
import { serviceTitles } from "./waitlist-rows.server";
import {
  ALREADY_WAITING_MESSAGE,
  OFFER_CLAIMED_MESSAGE,
  OFFER_DECLINED_MESSAGE,
  OFFER_EXPIRED_MESSAGE,
  OFFER_WITHDRAWN_MESSAGE,
  WAITLIST_PAST_DAY_MESSAGE,
  WAITLIST_TOO_FAR_MESSAGE,
  type WaitlistEntry,
  type WaitlistJoin,
  type WaitlistOffer,
  type WaitlistStatusName,
} from "./waitlist.schema";

/*
 * The waitlist (issue 23 §3, decision 033). A freed time is offered, in order of joining, to the first
 * waiting entry it fits: the time is held for them as a booked slot (the row a booking takes, so the
 * availability engine, the booking lock and PostgreSQL's exclusion constraint keep it from everyone else)
 * until the hold runs out; a claim then books that very slot through the booking write path.
 */

type Ctx = Pick<AppContext, "db" | "config">;
type EntryRow = Row<"waitlist_entries">;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const WAITLIST_BUCKET = "waitlist";
const HOLD_EXPIRY_JOB = "waitlist-hold-expiry";
const OFFER_MAIL_JOB = "waitlist-offer-mail";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const holdKey = (entryId: number) => `${HOLD_EXPIRY_JOB}:${entryId}`;
const newToken = () => randomBytes(32).toString("base64url");
export const offerUrl = (ctx: Pick<AppContext, "config">, token: string) => `${ctx.config.publicUrl}/waitlist/${token}`;

interface HoldJob {
  entryId: number;
  slotId: number;
}

async function entryServiceIds(db: Db, entryId: number) {
  const rows = await db
    .selectFrom("waitlist_entry_services")
    .select("service_id")
    .where("entry_id", "=", entryId)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.service_id);
}

/**
 * POST /api/waitlist and the join form: the booking's rules for the day, services and barber, the booking's
 * limits per client and per address (in a bucket of their own), and one live entry per address and day.
 */
export async function joinWaitlist(ctx: Ctx, input: WaitlistJoin, client: string, now: Date = clockNow()) {
  const [rules, team] = await Promise.all([loadSettings(ctx.db), loadSchedules(ctx.db)]);
  if (input.date < shopToday(now)) throw badRequest(WAITLIST_PAST_DAY_MESSAGE);
  if (input.date > bookableDates(rules, now).last) throw badRequest(WAITLIST_TOO_FAR_MESSAGE);
  await chosenServices(ctx.db, input.services, rules);
  candidatesFor(team, input.services, input.memberId);
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

/** The first time (in order of the day, then of the team) that fits the entry, or undefined. */
async function firstFittingTime(trx: Db, entry: EntryRow, team: MemberSchedule[], rules: ShopSettings, now: Date) {
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
async function offerFreeTimes(trx: Db, date: string, now: Date) {
  if (date < shopToday(now)) return 0;
  const [rules, team] = await Promise.all([loadSettings(trx), loadSchedules(trx)]);
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
  let offers = 0;
  for (const date of dates) offers += await bookTimeTransaction(ctx.db, (trx) => offerFreeTimes(trx, date, now));
  if (offers > 0) nudgeJobWorkers();
  return offers;
}

/** Frees a held slot inside the caller's transaction (the hold's own: no booking stands on it). */
async function releaseHold(trx: Db, slotId: number) {
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
    await offerFreeTimes(trx, entry.date, now);
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
async function sendOffer(ctx: AppContext, hold: HoldJob) {
  const row = await offeredTime(ctx.db, hold.entryId, hold.slotId);
  if (!row) return;
  const token = newToken();
  await ctx.db
    .updateTable("waitlist_entries")
    .set({ offer_token_hash: hashToken(token) })
    .where("id", "=", hold.entryId)
    .where("status", "=", "offered")
    .execute();
  const shop = await loadSettings(ctx.db);
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

/** The entry a link's token names, or 404. */
async function entryByToken(db: Db, token: string) {
  const entry = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("waitlist_entries")
        .selectAll()
        .where("offer_token_hash", "=", hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (!entry) throw notFound("Waitlist offer");
  return entry;
}

/** Why an offer cannot be claimed (now), or null while it can. */
function refusalOf(entry: Pick<EntryRow, "status" | "offer_expires_at">, now: Date): HttpError | null {
  if (entry.status === "booked") return conflict(OFFER_CLAIMED_MESSAGE);
  if (entry.status === "declined") return new HttpError(410, OFFER_DECLINED_MESSAGE);
  if (entry.status === "expired" || (entry.status === "offered" && entry.offer_expires_at! <= now.toISOString()))
    return new HttpError(410, OFFER_EXPIRED_MESSAGE);
  if (entry.status !== "offered") return new HttpError(410, OFFER_WITHDRAWN_MESSAGE);
  return null;
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
export async function offerPaymentAsk(ctx: AppContext, token: string, now: Date = clockNow()) {
  const entry = await entryByToken(ctx.db, token);
  if (refusalOf(entry, now)) return null;
  const rules = await loadSettings(ctx.db);
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
 * Ends a live offer as claimed or declined, by a conditional update: of two claims, a claim and a decline, or
 * either and the hold's expiry, exactly one wins, and the others get the reason. Answers the held slot.
 */
async function closeOffer(trx: Db, entryId: number, status: "booked" | "declined", now: Date) {
  const taken = await trx
    .updateTable("waitlist_entries")
    .set({ status })
    .where("id", "=", entryId)
    .where("status", "=", "offered")
    .where("offer_expires_at", ">", now.toISOString())
    .returning("hold_slot_id")
    .executeTakeFirst();
  if (!taken?.hold_slot_id) {
    const current = await trx
      .selectFrom("waitlist_entries")
      .select(["status", "offer_expires_at"])
      .where("id", "=", entryId)
      .executeTakeFirst();
    throw (current && refusalOf(current, now)) ?? new HttpError(410, OFFER_WITHDRAWN_MESSAGE);
  }
  await cancelJobs(trx, holdKey(entryId));
  return taken.hold_slot_id;
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
  await bookTimeTransaction(ctx.db, async (trx) => {
    await releaseHold(trx, await closeOffer(trx, entry.id, "declined", now));
    await offerFreeTimes(trx, entry.date, now);
  });
  nudgeJobWorkers();
  return getOffer(ctx.db, token, now);
}

/**
 * POST /api/waitlist/{token}/claim and the offer page's Claim button: the held slot is booked through the
 * booking write path (the customer's overlap check, the booking rows, the confirmation mails) in the same
 * transaction as the conditional update that takes the offer, so of two claims, or a claim and the hold's
 * expiry, exactly one wins. Answers the booking's confirmation, as POST /api/bookings does.
 */
export async function claimOffer(ctx: AppContext, token: string, now: Date = clockNow()) {
  const entry = await entryByToken(ctx.db, token);
  const early = refusalOf(entry, now);
  if (early) throw early;
  const rules = await loadSettings(ctx.db);
  const serviceIds = await entryServiceIds(ctx.db, entry.id);
  const { services, totals } = await chosenServices(ctx.db, serviceIds, rules);
  const manageToken = newToken();
  // A claim is an online booking: a deposit or card the shop asks for is asked here too, and the claimed time
  // then waits for it as any booking does (unpaid at the hold's end, it goes to the next person waiting).
  const pending = await openPayment(ctx, rules.shopName, services, totals, entry.customer_email, now);
  try {
    const { booking } = await bookTimeTransaction(ctx.db, async (trx) => {
      const heldSlotId = await closeOffer(trx, entry.id, "booked", now);
      const request = {
        services: serviceIds,
        customerName: entry.customer_name,
        customerEmail: entry.customer_email,
        customerPhone: entry.customer_phone,
        notes: "",
        smsConsent: entry.sms_consent === 1,
      };
      const made = await insertBooking(
        trx,
        heldSlotId,
        request,
        services,
        totals,
        now,
        { manageToken, secrets: ctx.config },
        pending,
      );
      await trx
        .updateTable("waitlist_entries")
        .set({ claimed_booking_id: made.booking.id })
        .where("id", "=", entry.id)
        .execute();
      return made;
    });
    nudgeJobWorkers();
    return confirmationOf(ctx, booking, manageToken, pending?.hold);
  } catch (error) {
    if (pending) await abandonCheckout(ctx, pending.hold.sessionId);
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
