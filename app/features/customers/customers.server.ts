import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";
import { forgetBookingJobs } from "~/features/booking/booking-jobs.server";
import { cancelBookingByAdmin } from "~/features/booking/manage.server";
import { clearJobErrorsMentioning } from "~/features/jobs/jobs.server";
import { scheduleReviewRequest } from "~/features/reviews/review-requests.server";
import { conflict, notFound } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import { hasStarted } from "~/lib/shop-time";
import { paymentsOf } from "~/features/payments/payment-records.server";
import { expireUnpaid } from "~/features/payments/payments.server";
import { isOptedOut } from "~/features/texts/texts.server";
import { eraseWaitlistEntries, waitlistEntriesOf } from "~/features/waitlist/waitlist-rows.server";
import {
  customerKeySchema,
  keyOfOwner,
  recordKeyOf,
  type Attendance,
  type CustomerBooking,
  type CustomerMessage,
  type CustomerRecord,
  type CustomerSummary,
  type ErasureResult,
  type RecordOwner,
} from "./customers.schema";
import { clockNow } from "~/lib/clock";

/*
 * A customer is every booking made with one e-mail address, compared lower-cased, plus the
 * contact messages sent from it and the owner's notes on it; a walk-in without an e-mail is the
 * bookings with their phone, or their one booking (decision 036). Nothing is stored per customer
 * but the notes (under the record's key), so a record can never disagree with the bookings it is made of.
 */

/** The bookings of one record, in a query over `bookings` named `table`. */
function bookingsOwnedBy(owner: RecordOwner, table: "b" | "bookings"): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  if ("email" in owner) return sql<SqlBool>`lower(${column("customer_email")}) = ${owner.email}`;
  const noEmail = sql<SqlBool>`${column("customer_email")} = ''`;
  if ("phone" in owner) {
    const international = `+44${owner.phone.slice(1)}`;
    return sql<SqlBool>`${noEmail} and ${column("customer_phone")} in (${owner.phone}, ${international})`;
  }
  return sql<SqlBool>`${noEmail} and ${column("customer_phone")} = '' and ${column("reference")} = ${owner.reference}`;
}

/** The record a URL or a caller names (an e-mail, a `phone:` or a `walk-in:` key); 404 for anything else. */
function ownerOf(key: string) {
  const owner = customerKeySchema.safeParse(key);
  if (!owner.success) throw notFound("Customer");
  return owner.data;
}

const keyOfRow = (row: BookingRow) =>
  recordKeyOf({
    email: row.customer_email,
    phone: row.customer_phone,
    name: row.customer_name,
    reference: row.reference,
  });

function bookingRows(db: Db) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select([
      "b.id",
      "b.reference",
      "b.customer_name",
      "b.customer_email",
      "b.customer_phone",
      "b.notes",
      "b.status",
      "b.attendance",
      "b.sms_consent",
      "b.total_pence",
      "b.created_at",
      "b.cancelled_at",
      "b.cancelled_by",
      "s.date",
      "s.start_time",
      "s.end_time",
    ])
    .where("b.erased_at", "is", null)
    .orderBy("s.date", "desc")
    .orderBy("s.start_time", "desc")
    .orderBy("b.id", "desc");
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingRows>["execute"]>>[number];

/** Sums one customer's bookings (newest first) into their summary line. */
function summarise(owner: RecordOwner, rows: BookingRow[], now: Date): CustomerSummary {
  const confirmed = rows.filter((row) => row.status === "confirmed");
  const started = confirmed.filter((row) => hasStarted(row.date, row.start_time, now));
  // A visit is an appointment they came to (or not marked either way); a no-show is no visit.
  const visits = started.filter((row) => row.attendance !== "no-show");
  const upcoming = confirmed.filter((row) => !hasStarted(row.date, row.start_time, now));
  const latest = rows[0];
  return {
    key: keyOfOwner(owner),
    email: "email" in owner ? owner.email : "",
    name: latest?.customer_name ?? "",
    phone: latest?.customer_phone ?? "",
    bookings: confirmed.length,
    noShows: confirmed.filter((row) => row.attendance === "no-show").length,
    lastVisit: visits[0]?.date ?? null,
    nextVisit: upcoming.at(-1)?.date ?? null,
    totalSpent: toPounds(visits.reduce((sum, row) => sum + row.total_pence, 0)),
  };
}

function groupByCustomer(rows: BookingRow[]) {
  const byKey = new Map<string, BookingRow[]>();
  for (const row of rows) {
    const key = keyOfRow(row);
    if (key === null) continue;
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return byKey;
}

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/**
 * Every customer who has booked, most recent appointment first; `q` keeps those with a booking whose name,
 * e-mail or phone contains it. Walk-ins given a name or phone are records too; unnamed ones are not.
 */
export async function listCustomers(db: Db, options: { q?: string; now?: Date } = {}): Promise<CustomerSummary[]> {
  const q = options.q?.trim();
  const digits = q?.replace(/[\s()-]/g, "");
  const matches = (row: BookingRow) =>
    !q ||
    contains(row.customer_name, q) ||
    contains(row.customer_email, q) ||
    (!!digits && contains(row.customer_phone, digits));
  const now = options.now ?? clockNow();
  return [...groupByCustomer(await bookingRows(db).execute())]
    .filter(([, rows]) => rows.some(matches))
    .map(([key, rows]) => summarise(ownerOf(key), rows, now));
}

async function messagesOf(db: Db, owner: RecordOwner) {
  // Contact messages always carry an e-mail: a walk-in's record has none.
  if (!("email" in owner)) return [];
  const { email } = owner;
  return db
    .selectFrom("contact_submissions")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email)
    .where("erased_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
}

/** `customer_notes.email` holds the record's key: the e-mail, or a walk-in's `phone:`/`walk-in:` key. */
async function notesOf(db: Db, key: string) {
  const row = await db.selectFrom("customer_notes").select("notes").where("email", "=", key).executeTakeFirst();
  return row?.notes;
}

async function servicesOf(db: Db, bookingIds: number[]) {
  const rows = bookingIds.length
    ? await db
        .selectFrom("booking_services")
        .select(["booking_id", "title", "price_pence", "duration"])
        .where("booking_id", "in", bookingIds)
        .orderBy("booking_id")
        .orderBy("position")
        .execute()
    : [];
  const byBooking = new Map<number, typeof rows>();
  for (const row of rows) byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);
  return byBooking;
}

/** The rows held about one record (bookings with their services, messages, notes); 404 when none. */
async function loadHeld(db: Db, recordKey: string) {
  const owner = ownerOf(recordKey);
  const key = keyOfOwner(owner);
  const [rows, messages, notes] = await Promise.all([
    bookingRows(db).where(bookingsOwnedBy(owner, "b")).execute(),
    messagesOf(db, owner),
    notesOf(db, key),
  ]);
  if (rows.length === 0 && messages.length === 0 && notes === undefined) throw notFound("Customer");
  const ids = rows.map((row) => row.id);
  const [services, payments] = await Promise.all([servicesOf(db, ids), paymentsOf(db, ids)]);
  return { owner, key, rows, messages, notes, services, payments };
}

type Held = Pick<Awaited<ReturnType<typeof loadHeld>>, "services" | "payments">;

/** One booking as a record's history lists it. */
const historyEntry = (row: BookingRow, { services, payments }: Held, now: Date): CustomerBooking => ({
  bookingId: row.id,
  reference: row.reference,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  status: row.status,
  services: (services.get(row.id) ?? []).map((service) => service.title),
  payment: payments.get(row.id) ?? null,
  smsConsent: row.sms_consent === 1,
  total: toPounds(row.total_pence),
  attendance: row.attendance,
  canRecordAttendance: row.status === "confirmed" && hasStarted(row.date, row.start_time, now),
});

/** Everything held about one record (an e-mail address, or a walk-in's key); 404 when nothing is. */
export async function getCustomer(db: Db, key: string, now: Date = clockNow()): Promise<CustomerRecord> {
  const held = await loadHeld(db, key);
  const { owner, rows, messages, notes } = held;
  const summary = summarise(owner, rows, now);
  const latestMessage = messages[0];
  const phone = summary.phone || latestMessage?.phone || "";
  return {
    ...summary,
    name: summary.name || latestMessage?.name || "",
    phone,
    notes: notes ?? "",
    textsStopped: phone !== "" && (await isOptedOut(db, phone)),
    history: rows.map((row) => historyEntry(row, held, now)),
    messages: messages.map((message): CustomerMessage => ({
      id: message.id,
      name: message.name,
      phone: message.phone,
      message: message.message,
      createdAt: message.created_at,
    })),
  };
}

export async function saveCustomerNotes(db: Db, recordKey: string, notes: string, now: Date = new Date()) {
  // Notes belong to someone the shop knows: the record must exist first.
  const { key } = await getCustomer(db, recordKey, now);
  await db
    .insertInto("customer_notes")
    .values({ email: key, notes, updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("email").doUpdateSet({ notes, updated_at: now.toISOString() }))
    .execute();
  return { notes };
}

/** Marks whether the customer came. Only once a confirmed appointment has started: before, nobody knows. */
export async function recordAttendance(
  db: Db,
  bookingId: number,
  attendance: Attendance | null,
  now: Date = clockNow(),
): Promise<CustomerBooking> {
  const booking = await bookingRows(db).where("b.id", "=", bookingId).executeTakeFirst();
  if (!booking) throw notFound("Booking");
  if (booking.status !== "confirmed") throw conflict("Attendance can only be recorded for a confirmed booking.");
  if (!hasStarted(booking.date, booking.start_time, now)) {
    throw conflict("Attendance can only be recorded once the appointment has started.");
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("bookings").set({ attendance }).where("id", "=", bookingId).execute();
    await scheduleReviewRequest(trx, { id: bookingId, date: booking.date, endTime: booking.end_time }, attendance, now);
  });
  // Read from the booking alone: an unnamed walk-in belongs to no record.
  const [services, payments] = await Promise.all([servicesOf(db, [bookingId]), paymentsOf(db, [bookingId])]);
  return historyEntry({ ...booking, attendance }, { services, payments }, now);
}

/** Subject access: everything held about the record's person, as the customer gave it to us. */
export async function exportCustomer(db: Db, recordKey: string, now: Date = new Date()) {
  const { owner, key, rows, messages, notes, services } = await loadHeld(db, recordKey);
  return {
    key,
    email: "email" in owner ? owner.email : "",
    exportedAt: now.toISOString(),
    bookings: rows.map((row) => ({
      reference: row.reference,
      date: row.date,
      startTime: row.start_time,
      endTime: row.end_time,
      status: row.status,
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      notes: row.notes,
      services: (services.get(row.id) ?? []).map((service) => ({
        title: service.title,
        price: toPounds(service.price_pence),
        duration: service.duration,
      })),
      total: toPounds(row.total_pence),
      attendance: row.attendance,
      bookedAt: row.created_at,
      cancelledAt: row.cancelled_at,
      cancelledBy: row.cancelled_by,
    })),
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      phone: message.phone,
      message: message.message,
      sentAt: message.created_at,
    })),
    waitlist: "email" in owner ? await waitlistEntriesOf(db, owner.email) : [],
    ownerNotes: notes ?? null,
  };
}

export const ERASED_NAME = "[erased]";

type ErasureScope = { owner: RecordOwner } | { appointmentsBefore: string; messagesBefore: string };

/**
 * Replaces the personal data of bookings and contact messages, keeping dates, services and totals for
 * the shop's figures, and removes what the rest of the database holds of the same people: mail errors
 * naming their address, their mails and reminders still queued, errors of jobs about them (decision
 * 022). Used by erasure requests and by the retention job; call it inside a transaction.
 */
export async function erasePersonalData(trx: Db, which: ErasureScope, now: Date = new Date()) {
  const erasedAt = now.toISOString();
  const bookingsInScope = (eb: ExpressionBuilder<Database, "bookings">) =>
    eb.and([
      eb("erased_at", "is", null),
      "owner" in which
        ? bookingsOwnedBy(which.owner, "bookings")
        : eb("slot_id", "in", eb.selectFrom("booking_slots").select("id").where("date", "<", which.appointmentsBefore)),
    ]);
  const messagesInScope = (eb: ExpressionBuilder<Database, "contact_submissions">) =>
    eb.and([
      eb("erased_at", "is", null),
      "owner" in which
        ? // A walk-in's record holds no messages: they always carry an e-mail.
          eb(sql<string>`lower(email)`, "=", "email" in which.owner ? which.owner.email : "")
        : eb("created_at", "<", which.messagesBefore),
    ]);

  const bookings = await trx
    .selectFrom("bookings")
    .select(["id", sql<string>`lower(customer_email)`.as("email")])
    .where(bookingsInScope)
    .execute();
  const messages = await trx
    .selectFrom("contact_submissions")
    .select(sql<string>`lower(email)`.as("email"))
    .where(messagesInScope)
    .execute();
  const erasedBookings = await trx
    .updateTable("bookings")
    .set({
      customer_name: ERASED_NAME,
      customer_email: "",
      customer_phone: "",
      notes: "",
      mail_error: null,
      erased_at: erasedAt,
    })
    .where(bookingsInScope)
    .executeTakeFirst();
  const erasedMessages = await trx
    .updateTable("contact_submissions")
    .set({ name: ERASED_NAME, email: "", phone: "", message: ERASED_NAME, error: null, erased_at: erasedAt })
    .where(messagesInScope)
    .executeTakeFirst();

  const emails = new Set([...bookings, ...messages].map((row) => row.email).filter(Boolean));
  await forgetBookingJobs(trx, new Set(bookings.map((booking) => booking.id)), emails);
  await clearJobErrorsMentioning(trx, emails);
  return {
    erasedBookings: Number(erasedBookings.numUpdatedRows),
    erasedMessages: Number(erasedMessages.numUpdatedRows),
  };
}

/**
 * An erasure request: the customer's appointments still to come are cancelled first (with the
 * usual mail, which is why the address is erased only after they are queued), then everything
 * held about the address is erased and the owner's notes deleted. The one way a customer is erased on
 * request, whoever asks: the owner through the API today, the customer themselves when they can.
 */
export async function eraseCustomer(ctx: AppContext, key: string, now: Date = clockNow()): Promise<ErasureResult> {
  const record = await getCustomer(ctx.db, key, now);
  const owner = ownerOf(record.key);
  const upcoming = await ctx.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.slot_id", "s.date", "s.start_time"])
    .where(bookingsOwnedBy(owner, "b"))
    .where("b.status", "=", "confirmed")
    .where("b.erased_at", "is", null)
    .execute();
  let cancelledBookings = 0;
  for (const booking of upcoming.filter((row) => !hasStarted(row.date, row.start_time, now))) {
    await cancelBookingByAdmin(ctx, booking.slot_id, now, "erasure");
    cancelledBookings += 1;
  }
  // A booking still waiting for its deposit ends now and its Checkout closes: paid later, it would confirm a
  // booking of nobody.
  const unpaid = await ctx.db
    .selectFrom("bookings as b")
    .select("b.id")
    .where(bookingsOwnedBy(owner, "b"))
    .where("b.status", "=", "awaiting_payment")
    .execute();
  for (const { id } of unpaid) await expireUnpaid(ctx, id, now);
  const erased = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("customer_notes").where("email", "=", record.key).execute();
    if (record.email) {
      // Signed out everywhere, and no review request row left to name them.
      await trx.deleteFrom("customer_sessions").where("email", "=", record.email).execute();
      await trx.deleteFrom("customer_sign_in_links").where("email", "=", record.email).execute();
      await trx.deleteFrom("review_requests").where("email", "=", record.email).execute();
      await eraseWaitlistEntries(trx, record.email, now);
    }
    return erasePersonalData(trx, { owner }, now);
  });
  return { cancelledBookings, ...erased };
}
