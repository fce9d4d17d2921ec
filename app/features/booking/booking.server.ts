import { createHash, randomBytes, randomInt } from "node:crypto";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import { isPostgres } from "~/db/dialect";
import { isUniqueViolation } from "~/db/errors";
import type { Service } from "~/features/services/services.schema";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { countRecent, recordEvent } from "~/lib/rate-limit.server";
import { toPence } from "~/lib/money";
import { fromMinutes, hasStarted, toMinutes } from "~/lib/shop-time";
import { memberStartTimes, performsAll, type MemberSchedule } from "./availability";
import { chosenServices, loadBusySpans, loadSchedules } from "./availability.server";
import { queueBookingMails } from "./booking-jobs.server";
import { nudgeJobWorkers } from "~/features/jobs/jobs.server";
import { loadBooking, toSummary, type BookingRecord } from "./booking-record.server";
import { loadSettings } from "~/features/settings/settings.server";
import {
  MEMBER_CANNOT_MESSAGE,
  NOT_ENOUGH_TIME_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type AppointmentRequest,
  type BookingConfirmation,
  type BookingRequest,
  type BookingTotals,
} from "./booking.schema";
import { notStartedYet, ofMember } from "./slots.server";
import type { Config } from "~/config.server";
import { abandonCheckout, askForPayment } from "~/features/payments/payment-checkout.server";
import { holdForPayment, type PaymentHold } from "~/features/payments/payment-hold.server";
import { awaitingPayment } from "~/features/payments/payment-view.server";

/* Making a booking: on a computed time with a team member, or on one of the spec's manual slots. */

const SLOT_STARTED_MESSAGE = "Sorry, that time slot has already started. Please choose another time.";
const HOUR_MS = 3_600_000;
const BOOKING_BUCKET = "booking";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// Crockford-style: no 0/O or 1/I/L to misread over the phone.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Eight characters (about 2^39 values): short enough to read out, long enough never to repeat in practice. */
const newReference = () =>
  `OB-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

export const hashManageToken = sha256;

/**
 * Makes every writer that checks a member's time and then books it wait its turn: on PostgreSQL
 * the members' rows are locked (in id order, so two writers never deadlock) for the rest of the
 * transaction; SQLite runs one write transaction at a time, taken here before anything is read.
 */
async function holdMembers(trx: Db, memberIds: number[]) {
  if (!isPostgres(trx) || memberIds.length === 0) {
    await takeContentWriteTurn(trx);
    return;
  }
  await trx.selectFrom("team_members").select("id").where("id", "in", memberIds).orderBy("id").forUpdate().execute();
}

/** A booking that must pay first: its reference (already on the Checkout session) and the hold. */
export interface PendingPayment {
  reference: string;
  hold: PaymentHold;
  config: Pick<Config, "secretKey" | "dataDir">;
}

async function insertBooking(
  trx: Db,
  slotId: number,
  input: BookingRequest,
  services: Service[],
  totals: BookingTotals,
  now: Date,
  pending?: PendingPayment,
) {
  const manageToken = randomBytes(32).toString("base64url");
  let bookingId: number;
  try {
    ({ id: bookingId } = await trx
      .insertInto("bookings")
      .values({
        slot_id: slotId,
        reference: pending?.reference ?? newReference(),
        manage_token_hash: sha256(manageToken),
        customer_name: input.customerName,
        customer_email: input.customerEmail,
        customer_phone: input.customerPhone,
        notes: input.notes,
        total_pence: totals.totalPence,
        duration_minutes: totals.durationMinutes,
        status: pending ? "awaiting_payment" : "confirmed",
        mail_status: "pending",
        sms_consent: input.smsConsent ? 1 : 0,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
  await trx
    .insertInto("booking_services")
    .values(
      services.map((service, position) => ({
        booking_id: bookingId,
        position,
        service_id: service.id,
        title: service.title,
        price_pence: toPence(service.price),
        duration: service.duration,
      })),
    )
    .execute();
  const booking = await loadBooking(trx, { id: bookingId });
  if (!booking) throw new Error(`Booking ${bookingId} vanished inside its own transaction`);
  // Queued in the booking's transaction: the mails and the reminder exist exactly when the booking does.
  // A booking that pays first is mailed once paid (payments.server.ts), and expires unpaid at its hold's end.
  if (pending) await holdForPayment(trx, pending.config, bookingId, manageToken, pending.hold, now);
  else await queueBookingMails(trx, booking, manageToken, now);
  return { booking, manageToken, hold: pending?.hold ?? null };
}

/**
 * The members who may take a computed time: every active member who performs all the services,
 * or the one the customer chose (refused when they do not perform them, or do not exist).
 */
export function candidatesFor(team: MemberSchedule[], serviceIds: readonly number[], memberId: number | undefined) {
  const able = team.filter((member) => performsAll(member, serviceIds));
  const candidates = memberId === undefined ? able : able.filter((member) => member.id === memberId);
  if (memberId !== undefined && candidates.length === 0) {
    throw team.some((member) => member.id === memberId) ? badRequest(MEMBER_CANNOT_MESSAGE) : notFound("Team member");
  }
  return candidates;
}

export interface ComputedTimeClaim {
  date: string;
  startTime: string;
  lengthMinutes: number;
  candidates: MemberSchedule[];
  /** A booking being moved: its own slot does not stand in the way of its new time. */
  exceptSlotId?: number;
}

/**
 * Takes a computed time inside the caller's transaction: under the members' lock, the time is
 * checked against the same engine that offered it (hours, time off, closures, notice, horizon,
 * every booking of the member) and the appointment's slot is written, so two customers racing
 * for overlapping times of one member cannot both pass. With more than one candidate
 * ("Anyone"), the free member with the fewest bookings that day gets it. Answers the new slot's id.
 */
export async function claimComputedTime(trx: Db, claim: ComputedTimeClaim, rules: ShopSettings, now: Date) {
  const memberIds = claim.candidates.map((member) => member.id);
  const endTime = fromMinutes(toMinutes(claim.startTime) + claim.lengthMinutes);
  await holdMembers(trx, memberIds);
  const busy = await loadBusySpans(trx, memberIds, claim.date, claim.date, claim.exceptSlotId);
  const free = claim.candidates.filter((member) =>
    memberStartTimes(member, claim.date, claim.lengthMinutes, rules, busy, now).includes(claim.startTime),
  );
  const counts = await trx
    .selectFrom("booking_slots")
    .select(["member_id", (eb) => eb.fn.countAll<number>().as("booked")])
    .where("date", "=", claim.date)
    .where("status", "=", "booked")
    .where("member_id", "in", memberIds)
    .groupBy("member_id")
    .execute();
  const bookedThatDay = (memberId: number) => Number(counts.find((row) => row.member_id === memberId)?.booked ?? 0);
  // Sorting is stable, so a tie goes to the member earlier in the team's order.
  const member = free.toSorted((a, b) => bookedThatDay(a.id) - bookedThatDay(b.id))[0];
  if (!member || endTime <= claim.startTime) throw conflict(NOT_ENOUGH_TIME_MESSAGE);

  const { id } = await trx
    .insertInto("booking_slots")
    .values({
      date: claim.date,
      start_time: claim.startTime,
      end_time: endTime,
      status: "booked",
      kind: "appointment",
      member_id: member.id,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Books a computed time with a member, or with whoever is free ("Anyone"). With `ctx`, the shop's payment
 * policy applies: a Checkout session is opened before anything is written (Stripe down: nothing held), and
 * the booking then holds its time awaiting payment.
 */
export async function bookAppointment(
  db: Db,
  input: AppointmentRequest,
  now: Date = new Date(),
  ctx?: Pick<AppContext, "db" | "config">,
) {
  const [rules, team] = await Promise.all([loadSettings(db), loadSchedules(db)]);
  const { services, totals } = await chosenServices(db, input.services, rules);
  const candidates = candidatesFor(team, input.services, input.memberId);
  const reference = newReference();
  const hold = ctx
    ? await askForPayment(
        ctx,
        {
          reference,
          customerEmail: input.customerEmail,
          totalPence: totals.totalPence,
          description: `${rules.shopName}: ${services.map((service) => service.title).join(", ")} (${reference})`,
        },
        now,
      )
    : null;
  const pending = ctx && hold ? { reference, hold, config: ctx.config } : undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const slotId = await claimComputedTime(
        trx,
        { date: input.date, startTime: input.startTime, lengthMinutes: totals.durationMinutes, candidates },
        rules,
        now,
      );
      return insertBooking(trx, slotId, input, services, totals, now, pending);
    });
  } catch (error) {
    if (ctx && hold) await abandonCheckout(ctx, hold.sessionId);
    throw error;
  }
}

/** Why the conditional update found nothing to book: gone, started, or taken a moment earlier. */
async function unavailableReason(db: Db, slotId: number, now: Date) {
  const slot = await db
    .selectFrom("booking_slots")
    .select(["date", "start_time"])
    .where("id", "=", slotId)
    .executeTakeFirst();
  if (!slot) return notFound("Booking slot");
  if (hasStarted(slot.date, slot.start_time, now)) return conflict(SLOT_STARTED_MESSAGE);
  return conflict(SLOT_TAKEN_MESSAGE);
}

/**
 * Books one of the spec's manual slots. The slot is claimed by one conditional UPDATE
 * (available and not started → booked) in the same transaction as the booking rows, so of
 * many simultaneous bookers exactly one wins. Services longer than the slot are accepted
 * only when the time right after it is free for the slot's member (or, on a slot without a
 * member, of other slots without one); the slot then grows to hold them.
 */
export async function bookSlot(db: Db, slotId: number, input: BookingRequest, now: Date = new Date()) {
  const rules = await loadSettings(db);
  const { services, totals } = await chosenServices(db, input.services, rules);

  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom("booking_slots")
      .select("member_id")
      .where("id", "=", slotId)
      .executeTakeFirst();
    await holdMembers(trx, target?.member_id ? [target.member_id] : []);
    const claimed = await trx
      .updateTable("booking_slots")
      .set({ status: "booked" })
      .where("id", "=", slotId)
      .where("status", "=", "available")
      .where((eb) => notStartedYet(eb, now))
      .returning(["id", "date", "start_time", "end_time", "member_id"])
      .executeTakeFirst();
    if (!claimed) throw await unavailableReason(trx, slotId, now);

    const needed = fromMinutes(toMinutes(claimed.start_time) + totals.durationMinutes);
    if (needed > claimed.end_time) {
      const after = {
        startTime: claimed.end_time,
        endTime: fromMinutes(toMinutes(needed) + rules.bookingBufferMinutes),
      };
      const clash = await trx
        .selectFrom("booking_slots")
        .select("id")
        .where("date", "=", claimed.date)
        .where((eb) => ofMember(eb, claimed.member_id))
        .where("id", "!=", claimed.id)
        .where("status", "!=", "released")
        .where("start_time", "<", after.endTime)
        .where("end_time", ">", after.startTime)
        .executeTakeFirst();
      if (clash || needed <= claimed.start_time) throw conflict(NOT_ENOUGH_TIME_MESSAGE);
      await trx.updateTable("booking_slots").set({ end_time: needed }).where("id", "=", claimed.id).execute();
    }
    return insertBooking(trx, claimed.id, input, services, totals, now);
  });
}

export interface PlaceOptions {
  client: string;
  /** The shop booking for a customer on the phone: not counted against any client's limit. */
  byAdmin?: boolean;
  now?: Date;
}

/**
 * The whole customer booking: the per-client limit (counting bookings made), then the booking
 * with its mails queued. The answer never waits for the mail server; the mail jobs record
 * their outcome on the booking.
 */
async function confirm(
  ctx: AppContext,
  options: PlaceOptions,
  book: (now: Date) => Promise<{ booking: BookingRecord; manageToken: string; hold: PaymentHold | null }>,
): Promise<BookingConfirmation> {
  const now = options.now ?? new Date();
  const shop = await loadSettings(ctx.db);
  if (!options.byAdmin) {
    const limit = ctx.config.limits.bookingPerHour;
    if ((await countRecent(ctx.db, BOOKING_BUCKET, options.client, HOUR_MS)) >= limit) {
      throw new HttpError(
        429,
        `You have made several bookings recently. Please try again later or call us on ${shop.phone}.`,
      );
    }
  }
  const { booking, manageToken, hold } = await book(now);
  nudgeJobWorkers();
  if (!options.byAdmin) await recordEvent(ctx.db, BOOKING_BUCKET, options.client);
  return {
    ...toSummary(booking),
    manageToken,
    mailStatus: queuedMailStatus(ctx),
    status: hold ? "awaiting_payment" : "confirmed",
    payment: hold && awaitingPayment(hold),
  };
}

/** PATCH /api/booking-slots/{id}: a manual slot. */
export const placeSlotBooking = (ctx: AppContext, slotId: number, input: BookingRequest, options: PlaceOptions) =>
  confirm(ctx, options, (now) => bookSlot(ctx.db, slotId, input, now));

/** POST /api/bookings: a computed time. */
export const placeAppointment = (ctx: AppContext, input: AppointmentRequest, options: PlaceOptions) =>
  // The shop booking for a customer on the phone takes no online payment.
  confirm(ctx, options, (now) => bookAppointment(ctx.db, input, now, options.byAdmin ? undefined : ctx));

/** What a queued mail's status is at the moment it is queued. */
export const queuedMailStatus = (ctx: Pick<AppContext, "mailer">) =>
  ctx.mailer.enabled ? "pending" : "not-configured";
