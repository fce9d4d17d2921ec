import { sql, type ExpressionBuilder } from "kysely";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";
import { containsText } from "~/db/search";
import { forgetBookingJobs } from "~/features/booking/booking-jobs.server";
import { cancelBookingByAdmin } from "~/features/booking/manage.server";
import { clearJobErrorsMentioning } from "~/features/jobs/jobs.server";
import { scheduleReviewRequest } from "~/features/reviews/review-requests.server";
import { conflict, notFound } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import { hasStarted } from "~/lib/shop-time";
import { paymentsOf } from "~/features/payments/payment-records.server";
import { isOptedOut } from "~/features/texts/texts.server";
import {
  customerKey,
  type Attendance,
  type CustomerBooking,
  type CustomerMessage,
  type CustomerRecord,
  type CustomerSummary,
  type ErasureResult,
} from "./customers.schema";

/*
 * A customer is every booking made with one e-mail address, compared lower-cased, plus the
 * contact messages sent from it and the owner's notes on it. Nothing is stored per customer
 * but the notes, so a record can never disagree with the bookings it is made of.
 */

const emailOf = sql<string>`lower(b.customer_email)`;

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
function summarise(email: string, rows: BookingRow[], now: Date): CustomerSummary {
  const confirmed = rows.filter((row) => row.status === "confirmed");
  const started = confirmed.filter((row) => hasStarted(row.date, row.start_time, now));
  // A visit is an appointment they came to (or not marked either way); a no-show is no visit.
  const visits = started.filter((row) => row.attendance !== "no-show");
  const upcoming = confirmed.filter((row) => !hasStarted(row.date, row.start_time, now));
  const latest = rows[0];
  return {
    email,
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
  const byEmail = new Map<string, BookingRow[]>();
  for (const row of rows) {
    const email = customerKey(row.customer_email);
    const list = byEmail.get(email);
    if (list) list.push(row);
    else byEmail.set(email, [row]);
  }
  return byEmail;
}

/** Every customer who has booked, most recent appointment first; `q` keeps those whose name, e-mail or phone contains it. */
export async function listCustomers(db: Db, options: { q?: string; now?: Date } = {}): Promise<CustomerSummary[]> {
  let query = bookingRows(db);
  const q = options.q?.trim();
  if (q) {
    const digits = q.replace(/[\s()-]/g, "");
    query = query.where(emailOf, "in", (eb) =>
      eb
        .selectFrom("bookings")
        .select(sql<string>`lower(customer_email)`.as("email"))
        .where("erased_at", "is", null)
        .where((inner) =>
          inner.or([
            containsText(inner.ref("customer_name"), q),
            containsText(inner.ref("customer_email"), q),
            ...(digits ? [containsText(inner.ref("customer_phone"), digits)] : []),
          ]),
        ),
    );
  }
  const now = options.now ?? new Date();
  return [...groupByCustomer(await query.execute())].map(([email, rows]) => summarise(email, rows, now));
}

async function messagesOf(db: Db, email: string) {
  return db
    .selectFrom("contact_submissions")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email)
    .where("erased_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
}

async function notesOf(db: Db, email: string) {
  const row = await db.selectFrom("customer_notes").select("notes").where("email", "=", email).executeTakeFirst();
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

/** The rows held about one e-mail address (bookings with their services, messages, notes); 404 when none. */
async function loadHeld(db: Db, email: string) {
  const key = customerKey(email);
  const [rows, messages, notes] = await Promise.all([
    bookingRows(db).where(emailOf, "=", key).execute(),
    messagesOf(db, key),
    notesOf(db, key),
  ]);
  if (rows.length === 0 && messages.length === 0 && notes === undefined) throw notFound("Customer");
  const ids = rows.map((row) => row.id);
  const [services, payments] = await Promise.all([servicesOf(db, ids), paymentsOf(db, ids)]);
  return { key, rows, messages, notes, services, payments };
}

/** Everything held about one e-mail address; 404 when nothing is. */
export async function getCustomer(db: Db, email: string, now: Date = new Date()): Promise<CustomerRecord> {
  const { key, rows, messages, notes, services, payments } = await loadHeld(db, email);
  const summary = summarise(key, rows, now);
  const latestMessage = messages[0];
  const phone = summary.phone || latestMessage?.phone || "";
  return {
    ...summary,
    name: summary.name || latestMessage?.name || "",
    phone,
    notes: notes ?? "",
    textsStopped: phone !== "" && (await isOptedOut(db, phone)),
    history: rows.map((row): CustomerBooking => ({
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
    })),
    messages: messages.map((message): CustomerMessage => ({
      id: message.id,
      name: message.name,
      phone: message.phone,
      message: message.message,
      createdAt: message.created_at,
    })),
  };
}

export async function saveCustomerNotes(db: Db, email: string, notes: string, now: Date = new Date()) {
  const key = customerKey(email);
  // Notes belong to someone the shop knows: the record must exist first.
  await getCustomer(db, key, now);
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
  now: Date = new Date(),
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
  const record = await getCustomer(db, booking.customer_email, now);
  return record.history.find((entry) => entry.bookingId === bookingId)!;
}

/** Subject access: everything held about the e-mail address, as the customer gave it to us. */
export async function exportCustomer(db: Db, email: string, now: Date = new Date()) {
  const { key, rows, messages, notes, services } = await loadHeld(db, email);
  return {
    email: key,
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
    ownerNotes: notes ?? null,
  };
}

export const ERASED_NAME = "[erased]";

type ErasureScope = { email: string } | { appointmentsBefore: string; messagesBefore: string };

/**
 * Replaces the personal data of bookings and contact messages, keeping dates, services and totals for
 * the shop's figures, and removes what the rest of the database holds of the same people: mail errors
 * naming their address, their mails and reminders still queued, errors of jobs about them (decision
 * 022). Used by erasure requests and by the retention job; call it inside a transaction.
 */
export async function erasePersonalData(trx: Db, which: ErasureScope, now: Date = new Date()) {
  const erasedAt = now.toISOString();
  const key = "email" in which ? customerKey(which.email) : undefined;
  const bookingsInScope = (eb: ExpressionBuilder<Database, "bookings">) =>
    eb.and([
      eb("erased_at", "is", null),
      "email" in which
        ? eb(sql<string>`lower(customer_email)`, "=", key!)
        : eb("slot_id", "in", eb.selectFrom("booking_slots").select("id").where("date", "<", which.appointmentsBefore)),
    ]);
  const messagesInScope = (eb: ExpressionBuilder<Database, "contact_submissions">) =>
    eb.and([
      eb("erased_at", "is", null),
      "email" in which ? eb(sql<string>`lower(email)`, "=", key!) : eb("created_at", "<", which.messagesBefore),
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

  await forgetBookingJobs(trx, new Set(bookings.map((booking) => booking.id)));
  const emails = new Set([...bookings, ...messages].map((row) => row.email).filter(Boolean));
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
export async function eraseCustomer(ctx: AppContext, email: string, now: Date = new Date()): Promise<ErasureResult> {
  const record = await getCustomer(ctx.db, email, now);
  const upcoming = await ctx.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.slot_id", "s.date", "s.start_time"])
    .where(emailOf, "=", record.email)
    .where("b.status", "=", "confirmed")
    .where("b.erased_at", "is", null)
    .execute();
  let cancelledBookings = 0;
  for (const booking of upcoming.filter((row) => !hasStarted(row.date, row.start_time, now))) {
    await cancelBookingByAdmin(ctx, booking.slot_id, now, "erasure");
    cancelledBookings += 1;
  }
  const erased = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("customer_notes").where("email", "=", record.email).execute();
    // Signed out everywhere, and no review request row left to name them.
    await trx.deleteFrom("customer_sessions").where("email", "=", record.email).execute();
    await trx.deleteFrom("customer_sign_in_links").where("email", "=", record.email).execute();
    await trx.deleteFrom("review_requests").where("email", "=", record.email).execute();
    return erasePersonalData(trx, { email: record.email }, now);
  });
  return { cancelledBookings, ...erased };
}
