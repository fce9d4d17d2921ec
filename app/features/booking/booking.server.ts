import { createHash, randomBytes, randomInt } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import type { Database } from "~/db/database";
import { isUniqueViolation } from "~/db/errors";
import { findServicesByIds } from "~/features/services/services.server";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { countRecent, recordEvent } from "~/lib/rate-limit.server";
import { toPence, toPounds } from "~/lib/schema-fields";
import { SHOP_PHONE } from "~/lib/shop";
import { formatTimeRange, hasStarted, hoursUntil, shopMoment } from "~/lib/shop-time";
import { bookingIcs } from "./booking-ics";
import {
  SLOT_TAKEN_MESSAGE,
  bookingTotals,
  planSlots,
  type AdminSlot,
  type BookingConfirmation,
  type BookingRequest,
  type BookingSummary,
  type MailStatus,
  type ManagedBooking,
  type PlannedSlot,
  type PublicSlot,
  type SlotCreateValues,
} from "./booking.schema";
import {
  confirmationMails,
  customerCancellationMail,
  deliver,
  manageUrl,
  shopCancellationMail,
  type MailBooking,
  type MailOutcome,
} from "./booking-mail.server";

const SLOT_STARTED_MESSAGE = "Sorry, that time slot has already started. Please choose another time.";
const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled.";
const SLOT_BOOKED_MESSAGE =
  "This slot has just been booked, so it was not deleted. Cancel the booking first if the time has to be freed.";
/** One request may fill a few weeks of short slots, not flood the table. */
const MAX_SLOTS_PER_REQUEST = 2000;
const INSERT_CHUNK = 500;
const HOUR_MS = 3_600_000;

const slotColumns = ["id", "date", "start_time", "end_time", "status"] as const;

type SlotRow = Pick<Database["booking_slots"], "date" | "start_time" | "end_time" | "status"> & { id: number };

const toPublicSlot = (row: SlotRow): PublicSlot => ({
  id: row.id,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  status: row.status,
});

/** Slots whose start is still ahead in the shop's clock. */
function notStartedYet(eb: ExpressionBuilder<Database, "booking_slots">, now: Date) {
  const { date, time } = shopMoment(now);
  return eb.or([eb("date", ">", date), eb.and([eb("date", "=", date), eb("start_time", ">", time)])]);
}

// ---------------------------------------------------------------- lists

/** The public list: bookable slots only, and nothing about who booked what. */
export async function listAvailableSlots(db: Db, now: Date = new Date()): Promise<PublicSlot[]> {
  const rows = await db
    .selectFrom("booking_slots")
    .select(slotColumns)
    .where("status", "=", "available")
    .where((eb) => notStartedYet(eb, now))
    .orderBy("date")
    .orderBy("start_time")
    .execute();
  return rows.map(toPublicSlot);
}

/** Every slot (from a date, when given) with the customer details of its confirmed booking. */
export async function listAdminSlots(db: Db, options: { from?: string } = {}): Promise<AdminSlot[]> {
  const rows = await db
    .selectFrom("booking_slots as s")
    .leftJoin("bookings as b", (join) => join.onRef("b.slot_id", "=", "s.id").on("b.status", "=", "confirmed"))
    .select([
      "s.id",
      "s.date",
      "s.start_time",
      "s.end_time",
      "s.status",
      "b.id as booking_id",
      "b.reference",
      "b.customer_name",
      "b.customer_email",
      "b.customer_phone",
      "b.notes",
      "b.total_pence",
      "b.duration_minutes",
      "b.mail_status",
      "b.mail_error",
      "b.created_at as booked_at",
    ])
    .$if(options.from !== undefined, (query) => query.where("s.date", ">=", options.from!))
    .orderBy("s.date")
    .orderBy("s.start_time")
    .execute();

  // A subquery rather than a list of ids keeps a long history within every engine's parameter limit.
  const services = await db
    .selectFrom("booking_services")
    .select(["booking_id", "service_id", "title"])
    .where("booking_id", "in", (eb) => {
      let confirmed = eb
        .selectFrom("bookings")
        .innerJoin("booking_slots", "booking_slots.id", "bookings.slot_id")
        .select("bookings.id")
        .where("bookings.status", "=", "confirmed");
      if (options.from !== undefined) confirmed = confirmed.where("booking_slots.date", ">=", options.from);
      return confirmed;
    })
    .orderBy("booking_id")
    .orderBy("position")
    .execute();
  const byBooking = new Map<number, typeof services>();
  for (const service of services) {
    const list = byBooking.get(service.booking_id);
    if (list) list.push(service);
    else byBooking.set(service.booking_id, [service]);
  }

  return rows.map((row) => {
    const slot = toPublicSlot(row);
    if (row.booking_id === null) return slot;
    const chosen = byBooking.get(row.booking_id) ?? [];
    return {
      ...slot,
      bookingId: row.booking_id,
      reference: row.reference ?? undefined,
      customerName: row.customer_name ?? undefined,
      customerEmail: row.customer_email ?? undefined,
      customerPhone: row.customer_phone ?? undefined,
      notes: row.notes ?? "",
      selectedServices: chosen.flatMap((service) => (service.service_id === null ? [] : [String(service.service_id)])),
      selectedServiceTitles: JSON.stringify(chosen.map((service) => service.title)),
      total: row.total_pence === null ? undefined : toPounds(row.total_pence),
      duration: row.duration_minutes ?? undefined,
      mailStatus: (row.mail_status ?? undefined) as MailStatus | undefined,
      mailError: row.mail_error,
      bookedAt: row.booked_at ?? undefined,
    };
  });
}

// ---------------------------------------------------------------- slot creation and deletion

const slotLabel = (slot: { date: string; startTime: string; endTime: string }) =>
  `${formatTimeRange(slot.startTime, slot.endTime)} on ${slot.date}`;

const overlaps = (a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }) =>
  a.startTime < b.endTime && b.startTime < a.endTime;

/**
 * Creates every slot of the request or none: a slot that has started or that
 * overlaps another (stored or in the same request) on its date refuses the lot.
 */
export async function createSlots(db: Db, input: SlotCreateValues, now: Date = new Date()): Promise<PublicSlot[]> {
  const planned = planSlots(input);
  if (planned.length > MAX_SLOTS_PER_REQUEST) {
    throw badRequest(
      `That would create ${planned.length} slots; please create at most ${MAX_SLOTS_PER_REQUEST} at once.`,
    );
  }
  const started = planned.find((slot) => hasStarted(slot.date, slot.startTime, now));
  if (started) {
    throw badRequest(`${slotLabel(started)} is in the past. Slots can only be created for times still to come.`);
  }
  const sorted = planned.toSorted((a, b) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`));
  sorted.forEach((slot, index) => {
    const previous = sorted[index - 1];
    if (previous && previous.date === slot.date && overlaps(previous, slot)) {
      throw conflict(`${slotLabel(slot)} overlaps another slot in the same request`);
    }
  });

  return db.transaction().execute(async (trx) => {
    await takeContentWriteTurn(trx);
    const existing = await trx
      .selectFrom("booking_slots")
      .select(["date", "start_time as startTime", "end_time as endTime"])
      .where("date", "in", input.dates)
      .execute();
    for (const slot of planned) {
      const clash = existing.find((other) => other.date === slot.date && overlaps(other, slot));
      if (clash) {
        throw conflict(
          `${slotLabel(slot)} overlaps an existing slot (${formatTimeRange(clash.startTime, clash.endTime)})`,
        );
      }
    }
    const createdAt = now.toISOString();
    const created: PublicSlot[] = [];
    for (let offset = 0; offset < planned.length; offset += INSERT_CHUNK) {
      const rows = await trx
        .insertInto("booking_slots")
        .values(
          planned.slice(offset, offset + INSERT_CHUNK).map((slot: PlannedSlot) => ({
            date: slot.date,
            start_time: slot.startTime,
            end_time: slot.endTime,
            status: "available" as const,
            created_at: createdAt,
          })),
        )
        .returning(slotColumns)
        .execute();
      created.push(...rows.map(toPublicSlot));
    }
    return created.toSorted((a, b) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`));
  });
}

/**
 * Deletes a slot in either state (spec section 3); a booking on it goes with it and the
 * customer is mailed. `onlyIfAvailable` is what the admin screen sends, since it offers
 * delete on available slots only: a slot a customer booked after the screen loaded is
 * then refused, not deleted with the fresh booking.
 */
export async function deleteSlot(
  ctx: AppContext,
  id: number,
  { onlyIfAvailable = false }: { onlyIfAvailable?: boolean } = {},
): Promise<void> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    // A no-op UPDATE locks the slot's row on PostgreSQL: a booking in flight either committed before
    // (and is loaded below, so its customer is mailed) or waits and then finds the slot gone.
    const locked = await trx
      .updateTable("booking_slots")
      .set((eb) => ({ status: eb.ref("status") }))
      .where("id", "=", id)
      .executeTakeFirst();
    if (locked.numUpdatedRows === 0n) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: id });
    if (booking && onlyIfAvailable) throw conflict(SLOT_BOOKED_MESSAGE);
    await trx.deleteFrom("booking_slots").where("id", "=", id).execute();
    return booking;
  });
  if (cancelled)
    await reportMailFailure(deliver(ctx.mailer, [customerCancellationMail(ctx.config, cancelled)]), cancelled);
}

// ---------------------------------------------------------------- booking

interface BookingRecord extends MailBooking {
  id: number;
  slotId: number;
  status: "confirmed" | "cancelled";
  cancelledAt: string | null;
  cancelledBy: string | null;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// Crockford-style: no 0/O or 1/I/L to misread over the phone.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Eight characters (about 2^39 values): short enough to read out, long enough never to repeat in practice. */
const newReference = () =>
  `OB-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function loadBooking(
  db: Db,
  where: { tokenHash: string } | { confirmedOnSlot: number },
): Promise<BookingRecord | undefined> {
  let query = db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select([
      "b.id",
      "b.slot_id",
      "b.reference",
      "b.status",
      "b.customer_name",
      "b.customer_email",
      "b.customer_phone",
      "b.notes",
      "b.total_pence",
      "b.duration_minutes",
      "b.cancelled_at",
      "b.cancelled_by",
      "s.date",
      "s.start_time",
      "s.end_time",
    ]);
  query =
    "tokenHash" in where
      ? query.where("b.manage_token_hash", "=", where.tokenHash)
      : query.where("b.slot_id", "=", where.confirmedOnSlot).where("b.status", "=", "confirmed");
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const services = await db
    .selectFrom("booking_services")
    .select(["title", "price_pence", "duration"])
    .where("booking_id", "=", row.id)
    .orderBy("position")
    .execute();
  const subtotalPence = services.reduce((sum, service) => sum + service.price_pence, 0);
  return {
    id: row.id,
    slotId: row.slot_id,
    reference: row.reference,
    status: row.status,
    date: row.date,
    startTime: row.start_time,
    endTime: row.end_time,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    notes: row.notes,
    services: services.map((service) => ({
      title: service.title,
      pricePence: service.price_pence,
      duration: service.duration,
    })),
    subtotalPence,
    // The fee as it was when booked, even if the shop changes it later.
    feePence: row.total_pence - subtotalPence,
    totalPence: row.total_pence,
    durationMinutes: row.duration_minutes,
    cancelledAt: row.cancelled_at,
    cancelledBy: row.cancelled_by,
  };
}

const toSummary = (booking: MailBooking): BookingSummary => ({
  reference: booking.reference,
  date: booking.date,
  startTime: booking.startTime,
  endTime: booking.endTime,
  services: booking.services.map((service) => ({
    title: service.title,
    price: toPounds(service.pricePence),
    duration: service.duration,
  })),
  subtotal: toPounds(booking.subtotalPence),
  fee: toPounds(booking.feePence),
  total: toPounds(booking.totalPence),
  duration: booking.durationMinutes,
});

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
 * Books a slot for the customer. The slot is claimed by one conditional UPDATE
 * (available and not started → booked) in the same transaction as the booking
 * rows, so of many simultaneous bookers exactly one wins; the partial unique
 * index on confirmed bookings is the backstop. Titles and prices come from the
 * database, never from the request.
 */
export async function bookSlot(db: Db, slotId: number, input: BookingRequest, now: Date = new Date()) {
  const services = await findServicesByIds(db, input.services);
  if (services.length !== input.services.length) {
    throw badRequest("One of the chosen services is no longer offered. Please refresh the page and choose again.");
  }
  const totals = bookingTotals(services);
  const manageToken = randomBytes(32).toString("base64url");
  const reference = newReference();

  const slot = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("booking_slots")
      .set({ status: "booked" })
      .where("id", "=", slotId)
      .where("status", "=", "available")
      .where((eb) => notStartedYet(eb, now))
      .returning(["id", "date", "start_time", "end_time"])
      .executeTakeFirst();
    if (!claimed) throw await unavailableReason(trx, slotId, now);

    let bookingId: number;
    try {
      ({ id: bookingId } = await trx
        .insertInto("bookings")
        .values({
          slot_id: slotId,
          reference,
          manage_token_hash: sha256(manageToken),
          customer_name: input.customerName,
          customer_email: input.customerEmail,
          customer_phone: input.customerPhone,
          notes: input.notes,
          total_pence: totals.totalPence,
          duration_minutes: totals.durationMinutes,
          status: "confirmed",
          mail_status: "pending",
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
    return { ...claimed, bookingId };
  });

  const booking: BookingRecord = {
    id: slot.bookingId,
    slotId: slot.id,
    reference,
    status: "confirmed",
    date: slot.date,
    startTime: slot.start_time,
    endTime: slot.end_time,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone,
    notes: input.notes,
    services: services.map((service) => ({
      title: service.title,
      pricePence: toPence(service.price),
      duration: service.duration,
    })),
    ...totals,
    cancelledAt: null,
    cancelledBy: null,
  };
  return { booking, manageToken };
}

const BOOKING_BUCKET = "booking";

/**
 * The whole customer booking: the per-client limit (counting bookings made),
 * the booking itself, then the mails. A mail failure is recorded on the
 * booking and never undoes it.
 */
export async function placeBooking(
  ctx: AppContext,
  slotId: number,
  input: BookingRequest,
  options: { client: string; now?: Date },
): Promise<BookingConfirmation> {
  const now = options.now ?? new Date();
  const limit = ctx.config.limits.bookingPerHour;
  if ((await countRecent(ctx.db, BOOKING_BUCKET, options.client, HOUR_MS)) >= limit) {
    throw new HttpError(
      429,
      `You have made several bookings recently. Please try again later or call us on ${SHOP_PHONE}.`,
    );
  }
  const { booking, manageToken } = await bookSlot(ctx.db, slotId, input, now);
  await recordEvent(ctx.db, BOOKING_BUCKET, options.client);

  const outcome = await deliver(ctx.mailer, confirmationMails(ctx.config, booking, manageToken));
  await ctx.db
    .updateTable("bookings")
    .set({ mail_status: outcome.status, mail_error: outcome.error })
    .where("id", "=", booking.id)
    .execute();
  return { ...toSummary(booking), manageToken, mailStatus: outcome.status };
}

// ---------------------------------------------------------------- the customer's private link

async function findByToken(db: Db, token: string) {
  const booking = TOKEN_PATTERN.test(token) ? await loadBooking(db, { tokenHash: sha256(token) }) : undefined;
  if (!booking) throw notFound("Booking");
  return booking;
}

const cancellable = (booking: BookingRecord, noticeHours: number, now: Date) =>
  booking.status === "confirmed" && hoursUntil(booking.date, booking.startTime, now) > noticeHours;

const toManaged = (booking: BookingRecord, noticeHours: number, now: Date): ManagedBooking => ({
  ...toSummary(booking),
  status: booking.status,
  customerName: booking.customerName,
  cancelledAt: booking.cancelledAt,
  cancelledBy: booking.cancelledBy,
  canCancel: cancellable(booking, noticeHours, now),
  cancelNoticeHours: noticeHours,
});

export interface ManageOptions {
  noticeHours: number;
  now?: Date;
}

export async function getBookingByToken(db: Db, token: string, options: ManageOptions): Promise<ManagedBooking> {
  return toManaged(await findByToken(db, token), options.noticeHours, options.now ?? new Date());
}

/** The calendar file of a confirmed booking, for the manage page's download. */
export async function bookingIcsByToken(ctx: AppContext, token: string) {
  const booking = await findByToken(ctx.db, token);
  if (booking.status !== "confirmed") throw conflict(ALREADY_CANCELLED_MESSAGE);
  return {
    reference: booking.reference,
    ics: bookingIcs({
      reference: booking.reference,
      date: booking.date,
      startTime: booking.startTime,
      endTime: booking.endTime,
      serviceTitles: booking.services.map((service) => service.title),
      manageUrl: manageUrl(ctx.config, token),
    }),
  };
}

/** Marks the booking cancelled and frees its slot; the status check makes a second cancel a no-op refusal. */
async function cancelRecord(
  db: Db,
  booking: BookingRecord,
  by: "customer" | "admin",
  now: Date,
): Promise<BookingRecord> {
  const cancelledAt = now.toISOString();
  const result = await db
    .updateTable("bookings")
    .set({ status: "cancelled", cancelled_by: by, cancelled_at: cancelledAt })
    .where("id", "=", booking.id)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw conflict(ALREADY_CANCELLED_MESSAGE);
  await db.updateTable("booking_slots").set({ status: "available" }).where("id", "=", booking.slotId).execute();
  return { ...booking, status: "cancelled", cancelledAt, cancelledBy: by };
}

/** The customer cancels through the private link, up to the notice period; the shop is told. */
export async function cancelBookingByToken(
  ctx: AppContext,
  token: string,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const noticeHours = ctx.config.bookingCancelNoticeHours;
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await findByToken(trx, token);
    if (booking.status === "cancelled") throw conflict(ALREADY_CANCELLED_MESSAGE);
    if (!cancellable(booking, noticeHours, now)) {
      throw conflict(
        `Bookings can only be cancelled online up to ${noticeHours} hours before the appointment. Please call us on ${SHOP_PHONE}.`,
      );
    }
    return cancelRecord(trx, booking, "customer", now);
  });
  const shopEmail = ctx.config.mail.shopEmail;
  if (shopEmail) await reportMailFailure(deliver(ctx.mailer, [shopCancellationMail(shopEmail, cancelled)]), cancelled);
  return toManaged(cancelled, noticeHours, now);
}

export interface AdminCancellation {
  slot: AdminSlot;
  reference: string;
  /** Whether the customer was told by mail; when not, the shop should call them. */
  customerMail: MailOutcome;
}

/** The shop cancels the booking on a slot: the slot is available again and the customer is mailed. */
export async function cancelBookingByAdmin(
  ctx: AppContext,
  slotId: number,
  now: Date = new Date(),
): Promise<AdminCancellation> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).executeTakeFirst();
    if (!slot) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: slotId });
    if (!booking) throw conflict("This slot has no booking to cancel.");
    return cancelRecord(trx, booking, "admin", now);
  });
  const customerMail = await reportMailFailure(
    deliver(ctx.mailer, [customerCancellationMail(ctx.config, cancelled)]),
    cancelled,
  );
  return {
    slot: {
      id: slotId,
      date: cancelled.date,
      startTime: cancelled.startTime,
      endTime: cancelled.endTime,
      status: "available",
    },
    reference: cancelled.reference,
    customerMail,
  };
}

/** Cancellation mails have no column of their own; a failure goes to the log for the operator. */
async function reportMailFailure(pending: Promise<MailOutcome>, booking: BookingRecord) {
  const outcome = await pending;
  if (outcome.status === "failed")
    console.error(`Cancellation mail for booking ${booking.reference} failed: ${outcome.error}`);
  return outcome;
}
