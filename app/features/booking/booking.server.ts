import { createHash, randomBytes, randomInt } from "node:crypto";
import { sql } from "kysely";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import { isPostgres } from "~/db/dialect";
import { isExclusionViolation, isUniqueViolation } from "~/db/errors";
import type { Service } from "~/features/services";
import type { ShopSettings } from "~/features/settings";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { countWithinLimits, recordWithinLimits, withinLimits, type RateLimit } from "~/lib/rate-limit.server";
import { toPence } from "~/lib/money";
import { formatShopDate, formatTime, fromMinutes, hasStarted, shopToday, toMinutes } from "~/lib/shop-time";
import { keyedDigest, type SecretKeySource } from "~/lib/secret-box.server";
import { customerKey } from "~/features/customers";
import { customerFingerprint, customerIdFor } from "~/features/customer-identity/index.server";
import type { Config } from "~/config.server";
import {
  memberStartTimes,
  ownerRefusal,
  performsAll,
  reachingTo,
  type BusySpan,
  type MemberSchedule,
  type OwnerRefusal,
} from "./availability";
import { chosenServices, loadBusySpans, loadSchedules } from "./availability.server";
import { bookAgainPath } from "./book-again";
import { queueBookingMails, sealManageToken } from "./booking-jobs.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { loadBooking, loadSeries, toSummary, type BookingRecord } from "./booking-record.server";
import { loadSettings } from "~/features/settings/index.server";
import {
  ENDS_AFTER_MIDNIGHT_MESSAGE,
  MEMBER_CANNOT_MESSAGE,
  NOT_ENOUGH_TIME_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type AppointmentRequest,
  type BookingConfirmation,
  type BookingRequest,
  type BookingTotals,
  endsByMidnight,
} from "./booking.schema";
import { notStartedYet, ofMember } from "./slots.server";
import { clockNow } from "~/lib/clock";
import {
  abandonCheckout,
  askForPayment,
  awaitingPayment,
  holdForPayment,
  type PaymentHold,
} from "~/features/payments/index.server";

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

export const randomManageToken = () => randomBytes(32).toString("base64url");

/**
 * The manage token of the booking a form's one-time token makes: a keyed digest of it, so the same
 * form sent again finds its booking (by the token's hash, as the manage link does) and can answer
 * the same token, while nobody without the server's key can work one out from the other.
 */
const manageTokenForForm = (config: Config, formToken: string) =>
  Buffer.from(keyedDigest(config, "booking-form-token", formToken), "hex").toString("base64url");

/**
 * The manage token of a later date of repeat appointments: worked out from the form's one-time token and the
 * date's place in the series, so the same form sent again can finish a series its first send left half-made and
 * link every date in the one mail (decision 032). Without a form token nothing can be sent again: a random one.
 */
export const manageTokenForOccurrence = (config: Config, formToken: string | undefined, position: number) =>
  formToken ? manageTokenForForm(config, `${formToken}#${position}`) : randomManageToken();

/**
 * Makes every writer that checks a member's time and then books it wait its turn: on PostgreSQL
 * the members' rows are locked (in id order, so two writers never deadlock) for the rest of the
 * transaction; SQLite runs one write transaction at a time, taken here before anything is read.
 */
export async function holdMembers(trx: Db, memberIds: number[]) {
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

/**
 * The shop's payment policy for a customer's online booking: the Checkout session is opened before anything is
 * written (Stripe down: 503 with the shop's phone, nothing held), under the reference the booking will carry.
 * Undefined when no payment is asked. Whoever then fails to write the booking abandons the session.
 */
export async function openPayment(
  payer: Pick<AppContext, "db" | "config">,
  shopName: string,
  services: readonly { title: string }[],
  totals: { totalPence: number },
  customerEmail: string,
  now: Date,
): Promise<PendingPayment | undefined> {
  const reference = newReference();
  const description = `${shopName}: ${services.map((service) => service.title).join(", ")} (${reference})`;
  const hold = await askForPayment(
    payer,
    { reference, customerEmail, totalPence: totals.totalPence, description },
    now,
  );
  return hold ? { reference, hold, config: payer.config } : undefined;
}

/** How a booking is written: its manage token (one derived from the form's token, or a random one) and whose it is. */
export interface BookingWrite {
  manageToken?: string;
  /**
   * The site's key, to keep the manage token sealed on the booking for the mails and texts that carry its link
   * (decision 043); without it they point to the customer's page.
   */
  secrets?: SecretKeySource;
  /**
   * The shop's own booking (for a caller, a walk-in): by the owner's rules, and it may give one customer
   * overlapping appointments on purpose.
   */
  byAdmin?: boolean;
  /** False for a walk-in: no address to mail, no reminder. */
  mails?: boolean;
  /** A walk-in is already in the chair. */
  attendance?: "attended";
  /** The shop's payment policy applies (a customer's online booking): the site's context to ask Stripe with. */
  payments?: Pick<AppContext, "db" | "config">;
  /** An occurrence of repeat appointments (decision 032): mailed once for the whole series. */
  series?: SeriesPlace;
  /**
   * Counts the customer's limits first thing inside the booking's transaction, so they commit with the booking
   * (one commit a booking, not two) and a booking that fails takes its count back with it.
   */
  countLimits?: (trx: Db) => Promise<void>;
}

/** Where a booking sits in its series; a later occurrence may lie past the booking horizon, up to its own date. */
export interface SeriesPlace {
  id: string;
  position: number;
  horizonUntil?: string;
}

const overlapMessage = (booking: { reference: string; date: string; startTime: string }) =>
  `You already have a booking at ${formatTime(booking.startTime)} on ${formatShopDate(booking.date, "weekdayDate")} (${booking.reference}). To change it, use the link in your confirmation.`;

/**
 * The refusal of a customer's second, overlapping appointment. It names their booking (issue 20's words), so a
 * try that meets it stays counted against the booking limits: nobody reads a stranger's day by trying times.
 */
class CustomerOverlap extends HttpError {
  constructor(booking: { reference: string; date: string; startTime: string }) {
    super(409, overlapMessage(booking));
  }
}

export interface CustomerAppointment {
  email: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  /** A booking being moved: its own time does not stand in the way. */
  exceptBookingId?: number;
}

/**
 * Refuses a second confirmed appointment of one customer (the same e-mail, in any case) that overlaps
 * one they hold. Inside a booking's transaction, after the barbers' lock, writers take their turn
 * first, so two bookings of one customer with different barbers cannot both pass on PostgreSQL either.
 */
export async function assertNoOverlappingBooking(trx: Db, appointment: CustomerAppointment) {
  await takeContentWriteTurn(trx);
  await refuseOverlap(trx, appointment);
}

/** A customer's (one e-mail, any case) confirmed appointments on one day, with the barbers' times they hold. */
const customerDay = (db: Db, appointment: Pick<CustomerAppointment, "email" | "date" | "exceptBookingId">) =>
  db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.reference", "s.date", "s.start_time", "s.member_id", "b.duration_minutes"])
    .where(sql<string>`lower(b.customer_email)`, "=", customerKey(appointment.email))
    .where("b.status", "=", "confirmed")
    .where("s.date", "=", appointment.date)
    .$if(appointment.exceptBookingId !== undefined, (query) => query.where("b.id", "!=", appointment.exceptBookingId!))
    .orderBy("s.start_time")
    .execute();

async function refuseOverlap(db: Db, appointment: CustomerAppointment) {
  const start = toMinutes(appointment.startTime);
  const end = start + appointment.durationMinutes;
  const clash = (await customerDay(db, appointment)).find((row) => {
    const from = toMinutes(row.start_time);
    return from < end && start < from + row.duration_minutes;
  });
  if (clash) throw new CustomerOverlap({ reference: clash.reference, date: clash.date, startTime: clash.start_time });
}

/**
 * The same check read before an online booking's transaction, so that the customer sending a stale form for
 * their own time is told about their booking rather than that the time is taken. It answers only for a time
 * the shop would offer but for that customer's own bookings; any other time gets its own refusal first, so a
 * stranger who knows the address learns nothing from times that cannot be booked, and a try that meets no
 * booking of theirs is a real booking, mailed to the address (decision 039). The locked check still decides.
 */
async function refuseOverlapAtOfferedTime(
  db: Db,
  claim: ComputedTimeClaim,
  rules: ShopSettings,
  now: Date,
  email: string,
) {
  const own = await customerDay(db, { email, date: claim.date });
  const memberIds = claim.candidates.map((member) => member.id);
  const busy = (await loadBusySpans(db, memberIds, claim.date, claim.date)).filter(
    (span) => !own.some((booking) => booking.member_id === span.memberId && booking.start_time === span.startTime),
  );
  const { free, refusal } = freeForClaim(claim, rules, busy, now);
  if (free.length === 0) throw refusal;
  await refuseOverlap(db, {
    email,
    date: claim.date,
    startTime: claim.startTime,
    durationMinutes: claim.lengthMinutes,
  });
}

export async function insertBooking(
  trx: Db,
  slotId: number,
  input: BookingRequest,
  services: Service[],
  totals: BookingTotals,
  now: Date,
  write: BookingWrite = {},
  pending?: PendingPayment,
) {
  const manageToken = write.manageToken ?? randomManageToken();
  const mails = write.mails ?? true;
  if (!write.byAdmin) {
    const slot = await trx
      .selectFrom("booking_slots")
      .select(["date", "start_time"])
      .where("id", "=", slotId)
      .executeTakeFirstOrThrow();
    await assertNoOverlappingBooking(trx, {
      email: input.customerEmail,
      date: slot.date,
      startTime: slot.start_time,
      durationMinutes: totals.durationMinutes,
    });
  }
  const reference = pending?.reference ?? newReference();
  const customerId = await customerIdFor(trx, input, `booking ${reference}`, now);
  let bookingId: number;
  try {
    ({ id: bookingId } = await trx
      .insertInto("bookings")
      .values({
        slot_id: slotId,
        customer_id: customerId,
        reference,
        manage_token_hash: sha256(manageToken),
        manage_token_sealed: write.secrets ? sealManageToken(write.secrets, manageToken) : null,
        customer_name: input.customerName,
        customer_email: input.customerEmail,
        customer_phone: input.customerPhone,
        notes: input.notes,
        total_pence: totals.totalPence,
        duration_minutes: totals.durationMinutes,
        status: pending ? "awaiting_payment" : "confirmed",
        mail_status: mails ? "pending" : "not-configured",
        attendance: write.attendance ?? null,
        sms_consent: input.smsConsent ? 1 : 0,
        series_id: write.series?.id ?? null,
        series_position: write.series?.position ?? null,
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
  else if (mails) await queueBookingMails(trx, booking, now, write.series);
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

/**
 * Runs a transaction that books a member's time. Should the checks in it ever miss an overlap, PostgreSQL's
 * exclusion constraint (migration 012) refuses the commit, and the customer hears that the time was taken,
 * as when they lose a race.
 */
export async function bookTimeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

export interface ComputedTimeClaim {
  date: string;
  startTime: string;
  lengthMinutes: number;
  candidates: MemberSchedule[];
  /** A booking being moved: its own slot does not stand in the way of its new time. */
  exceptSlotId?: number;
  /**
   * The owner's own booking or move: not held to the public notice, horizon or grid, and with
   * `outsideHours` not to the barber's or the shop's hours either (docs/decisions/027).
   */
  owner?: { outsideHours: boolean };
}

const PAST_DAY_MESSAGE = "That day has passed. Please choose today or a later day.";
const OVERRIDE_HINT = 'Tick "Outside hours" to place it there anyway.';

/** The real reason the owner cannot have a time with one barber. */
export function ownerRefusalMessage(refusal: OwnerRefusal, memberName: string) {
  switch (refusal) {
    case "taken":
      return SLOT_TAKEN_MESSAGE;
    case "closed":
      return `The shop is closed on that day. ${OVERRIDE_HINT}`;
    case "time-off":
      return `${memberName} is off on that day. ${OVERRIDE_HINT}`;
    case "outside-hours":
      return `That time is outside ${memberName}'s working hours. ${OVERRIDE_HINT}`;
  }
}

/** The members free for the claim, and when none is, the refusal that says why. */
function freeForClaim(claim: ComputedTimeClaim, rules: ShopSettings, busy: BusySpan[], now: Date) {
  if (!claim.owner) {
    const free = claim.candidates.filter((member) =>
      memberStartTimes(member, claim.date, claim.lengthMinutes, rules, busy, now).includes(claim.startTime),
    );
    return { free, refusal: conflict(NOT_ENOUGH_TIME_MESSAGE) };
  }
  if (claim.date < shopToday(now)) return { free: [], refusal: conflict(PAST_DAY_MESSAGE) };
  const { outsideHours } = claim.owner;
  const refusals = claim.candidates.map((member) => ({
    member,
    refusal: ownerRefusal(member, claim.date, claim.startTime, claim.lengthMinutes, rules, busy, outsideHours),
  }));
  const free = refusals.filter((entry) => entry.refusal === null).map((entry) => entry.member);
  const only = refusals.length === 1 ? refusals[0] : undefined;
  const message =
    only?.refusal != null
      ? ownerRefusalMessage(only.refusal, only.member.name)
      : refusals.every((entry) => entry.refusal === "taken")
        ? SLOT_TAKEN_MESSAGE
        : `No barber who does these services is free at ${claim.startTime} on that day.`;
  return { free, refusal: conflict(message) };
}

/**
 * Takes a computed time inside the caller's transaction: under the members' lock, the time is
 * checked against the same engine that offered it (hours, time off, closures, notice, horizon,
 * every booking of the member) and the appointment's slot is written, so two customers racing
 * for overlapping times of one member cannot both pass. With more than one candidate
 * ("Anyone"), the free member with the fewest bookings that day gets it. Answers the new slot's id.
 */
export async function claimComputedTime(trx: Db, claim: ComputedTimeClaim, rules: ShopSettings, now: Date) {
  // Before any hours are checked: the owner's override and walk-ins skip those, never this.
  if (!endsByMidnight(claim.startTime, claim.lengthMinutes)) throw badRequest(ENDS_AFTER_MIDNIGHT_MESSAGE);
  const memberIds = claim.candidates.map((member) => member.id);
  const endTime = fromMinutes(toMinutes(claim.startTime) + claim.lengthMinutes);
  await holdMembers(trx, memberIds);
  const busy = await loadBusySpans(trx, memberIds, claim.date, claim.date, claim.exceptSlotId);
  const { free, refusal } = freeForClaim(claim, rules, busy, now);
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
  if (endTime <= claim.startTime) throw conflict(NOT_ENOUGH_TIME_MESSAGE);
  if (!member) throw refusal;

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
 * Books a computed time with a member, or with whoever is free ("Anyone"); the owner's by the owner's rules.
 * With `write.payments`, the shop's payment policy applies: a Checkout session is opened before anything is
 * written (Stripe down: nothing held), and the booking then holds its time awaiting payment.
 */
export async function bookAppointment(
  db: Db,
  input: AppointmentRequest,
  now: Date = clockNow(),
  write: BookingWrite = {},
) {
  const [settings, team] = await Promise.all([loadSettings(db), loadSchedules(db)]);
  const horizonUntil = write.series?.horizonUntil;
  const rules = horizonUntil ? reachingTo(settings, horizonUntil, now) : settings;
  const { services, totals } = await chosenServices(db, input.services, rules);
  const candidates = candidatesFor(team, input.services, input.memberId);
  const claim: ComputedTimeClaim = {
    date: input.date,
    startTime: input.startTime,
    lengthMinutes: totals.durationMinutes,
    candidates,
    ...(write.byAdmin ? { owner: { outsideHours: false } } : {}),
  };
  if (!write.byAdmin) await refuseOverlapAtOfferedTime(db, claim, rules, now, input.customerEmail);
  // The shop's own bookings (a caller on the phone) take no online payment.
  const payer = write.byAdmin ? undefined : write.payments;
  const pending = payer && (await openPayment(payer, rules.shopName, services, totals, input.customerEmail, now));
  try {
    return await bookTimeTransaction(db, async (trx) => {
      await write.countLimits?.(trx);
      const slotId = await claimComputedTime(trx, claim, rules, now);
      return insertBooking(trx, slotId, input, services, totals, now, write, pending);
    });
  } catch (error) {
    if (payer && pending) await abandonCheckout(payer, pending.hold.sessionId);
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
export async function bookSlot(
  db: Db,
  slotId: number,
  input: BookingRequest,
  now: Date = clockNow(),
  write: BookingWrite = {},
) {
  const rules = await loadSettings(db);
  const { services, totals } = await chosenServices(db, input.services, rules);
  const slot = await db
    .selectFrom("booking_slots")
    .select(["date", "start_time", "status"])
    .where("id", "=", slotId)
    .executeTakeFirst();
  // As for a computed time: the customer's booking is named only where the slot itself is open to them.
  if (slot?.status === "available" && !hasStarted(slot.date, slot.start_time, now) && !write.byAdmin) {
    const appointment = { date: slot.date, startTime: slot.start_time, durationMinutes: totals.durationMinutes };
    await refuseOverlap(db, { email: input.customerEmail, ...appointment });
  }

  return bookTimeTransaction(db, async (trx) => {
    await write.countLimits?.(trx);
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
    return insertBooking(trx, claimed.id, input, services, totals, now, write);
  });
}

export interface PlaceOptions {
  client: string;
  /** The shop booking for a customer on the phone: not counted against any client's limit. */
  byAdmin?: boolean;
  now?: Date;
}

/** The customer limits a booking counts against: per client address and per customer e-mail address. */
const bookingLimits = (ctx: AppContext, client: string, email: string): RateLimit[] => [
  { bucket: BOOKING_BUCKET, subject: client, max: ctx.config.limits.bookingPerHour, windowMs: HOUR_MS },
  {
    bucket: BOOKING_BUCKET,
    // Under its keyed fingerprint: a rate-limit event must not keep a customer's address (erasure).
    subject: `email:${customerFingerprint(ctx.config, email)}`,
    max: ctx.config.limits.bookingPerEmailPerHour,
    windowMs: HOUR_MS,
  },
];

/** The counted limit refused the booking inside its transaction (which then rolls back). */
class BookingLimitReached extends Error {}

const tooManyBookings = async (ctx: AppContext) =>
  new HttpError(
    429,
    `You have made several bookings recently. Please try again later or call us on ${(await loadSettings(ctx.db)).phone}.`,
  );

const FORM_USED_MESSAGE = "This booking form has already been used. Please reload the page to make another booking.";

/** The answer to a booking, as the API and the page show it. */
export const confirmationOf = (
  ctx: AppContext,
  booking: BookingRecord,
  manageToken: string,
  hold: PaymentHold | null = null,
): BookingConfirmation => ({
  ...toSummary(booking),
  manageToken,
  mailStatus: queuedMailStatus(ctx),
  status: hold ? "awaiting_payment" : "confirmed",
  payment: hold && awaitingPayment(hold),
});

/** The booking a form's token already made, answered again; refused when it is not this customer's or no longer stands. */
async function earlierBooking(ctx: AppContext, manageToken: string, customerEmail: string) {
  const booking = await loadBooking(ctx.db, { tokenHash: sha256(manageToken) });
  if (!booking) return undefined;
  if (booking.status !== "confirmed" || customerKey(booking.customerEmail) !== customerKey(customerEmail)) {
    throw conflict(FORM_USED_MESSAGE);
  }
  return confirmationOf(ctx, booking, manageToken);
}

/**
 * The whole customer booking: the form sent again answers its earlier booking, then the limits per
 * client and per e-mail address (read first, then counted inside the booking's transaction, so a booking that
 * fails is not counted), then the booking with its mails queued. The answer never waits for the mail server; the mail jobs record their
 * outcome on the booking.
 */
export async function confirm(
  ctx: AppContext,
  input: BookingRequest,
  options: PlaceOptions,
  book: (
    now: Date,
    write: BookingWrite,
  ) => Promise<{ booking: BookingRecord; manageToken: string; hold: PaymentHold | null }>,
): Promise<BookingConfirmation> {
  const now = options.now ?? clockNow();
  const formToken = input.idempotencyKey;
  const manageToken = formToken ? manageTokenForForm(ctx.config, formToken) : randomManageToken();
  if (formToken) {
    const earlier = await earlierBooking(ctx, manageToken, input.customerEmail);
    if (earlier) return earlier;
  }
  const limits = options.byAdmin ? [] : bookingLimits(ctx, options.client, input.customerEmail);
  // Read first, so a customer over the limit is refused before a payment session is opened for them.
  if (!(await withinLimits(ctx.db, limits, now))) throw await tooManyBookings(ctx);
  const countLimits = async (trx: Db) => {
    if (!(await countWithinLimits(trx, limits, now)).allowed) throw new BookingLimitReached();
  };
  let booking: BookingRecord;
  let hold: PaymentHold | null;
  try {
    ({ booking, hold } = await book(now, { manageToken, secrets: ctx.config, byAdmin: options.byAdmin, countLimits }));
  } catch (error) {
    if (error instanceof BookingLimitReached) throw await tooManyBookings(ctx);
    // A try that met the customer's own booking stays counted (decision 039): its transaction, if it had begun,
    // rolled its count back.
    if (error instanceof CustomerOverlap) await recordWithinLimits(ctx.db, limits, now);
    // The same form sent twice at once: the one that lost the race answers the winner's booking.
    if (formToken && error instanceof HttpError && error.status === 409) {
      const earlier = await earlierBooking(ctx, manageToken, input.customerEmail);
      if (earlier) return earlier;
    }
    throw error;
  }
  nudgeJobWorkers();
  return confirmationOf(ctx, booking, manageToken, hold);
}

/**
 * The booking page's confirmation after its redirect: the booking its manage token names, while it stands,
 * and the address that books the same again.
 */
export async function confirmationByManageToken(ctx: AppContext, manageToken: string) {
  const booking = await loadBooking(ctx.db, { tokenHash: sha256(manageToken) });
  if (booking?.status !== "confirmed") return null;
  const series = booking.seriesId ? await loadSeries(ctx.db, booking.seriesId) : undefined;
  return {
    confirmation: { ...confirmationOf(ctx, booking, manageToken), ...(series ? { series } : {}) },
    bookAgain: booking.serviceIds.length > 0 ? bookAgainPath(booking.serviceIds, booking.memberId) : null,
  };
}

/** PATCH /api/booking-slots/{id}: a manual slot. */
export const placeSlotBooking = (ctx: AppContext, slotId: number, input: BookingRequest, options: PlaceOptions) =>
  confirm(ctx, input, options, (now, write) => bookSlot(ctx.db, slotId, input, now, write));

/** POST /api/bookings: a computed time. */
export const placeAppointment = (ctx: AppContext, input: AppointmentRequest, options: PlaceOptions) =>
  confirm(ctx, input, options, (now, write) => bookAppointment(ctx.db, input, now, { ...write, payments: ctx }));

/** What a queued mail's status is at the moment it is queued. */
export const queuedMailStatus = (ctx: Pick<AppContext, "mailer">) =>
  ctx.mailer.enabled ? "pending" : "not-configured";
