import { sql } from "kysely";
import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { scheduleReviewRequest } from "~/features/reviews/index.server";
import { conflict, notFound } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import { hasStarted } from "~/lib/shop-time";
import { paymentsOf } from "~/features/payments/index.server";
import { isOptedOut } from "~/features/texts/index.server";
import { waitlistEntriesOf } from "~/features/waitlist/index.server";
import { customerMemberships } from "~/features/memberships/index.server";
import { giftCardsOfEmail } from "~/features/gift-cards/index.server";
import { customerIdOfKey } from "~/features/customer-identity/index.server";
import {
  type Attendance,
  type CustomerBooking,
  type CustomerMessage,
  type CustomerRecord,
  type CustomerSummary,
} from "./customers.schema";
import { clockNow } from "~/lib/clock";

/*
 * A customer is a row of `customers` (decision 041): their bookings and waitlist entries point to it, and it
 * holds their details, the owner's notes and their consents. Contact messages carry no customer: a record
 * shows those sent from the customer's address.
 */

const customerRows = (db: Db) => db.selectFrom("customers").selectAll().where("erased_at", "is", null);

export type CustomerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof customerRows>["executeTakeFirst"]>>>;

function bookingRows(db: Db) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select([
      "b.id",
      "b.customer_id",
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
function summarise(customer: CustomerRow, rows: BookingRow[], now: Date): CustomerSummary {
  const confirmed = rows.filter((row) => row.status === "confirmed");
  const started = confirmed.filter((row) => hasStarted(row.date, row.start_time, now));
  // A visit is an appointment they came to (or not marked either way); a no-show is no visit.
  const visits = started.filter((row) => row.attendance !== "no-show");
  const upcoming = confirmed.filter((row) => !hasStarted(row.date, row.start_time, now));
  return {
    id: customer.id,
    key: String(customer.id),
    email: customer.email_key ?? "",
    name: customer.name,
    phone: customer.phone,
    bookings: confirmed.length,
    noShows: confirmed.filter((row) => row.attendance === "no-show").length,
    lastVisit: visits[0]?.date ?? null,
    nextVisit: upcoming.at(-1)?.date ?? null,
    totalSpent: toPounds(visits.reduce((sum, row) => sum + row.total_pence, 0)),
  };
}

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/** The customer's phone in its 0 form too, so a search typed the way the shop writes numbers finds it. */
const nationalForm = (phone: string) => phone.replace(/^\+44/, "0");

/**
 * Every customer, the one with the most recent appointment first (those without one last, latest seen first);
 * `q` keeps those whose name, e-mail or phone, or a booking's, contains it.
 */
export async function listCustomers(db: Db, options: { q?: string; now?: Date } = {}): Promise<CustomerSummary[]> {
  const q = options.q?.trim();
  const digits = q?.replace(/[\s()-]/g, "");
  const matches = (fields: { name: string; email: string; phone: string }) =>
    !q ||
    contains(fields.name, q) ||
    contains(fields.email, q) ||
    (!!digits && (contains(fields.phone, digits) || contains(nationalForm(fields.phone), digits)));
  const now = options.now ?? clockNow();
  const [customers, bookings] = await Promise.all([
    customerRows(db).orderBy("last_seen_at", "desc").orderBy("id", "desc").execute(),
    bookingRows(db).where("b.customer_id", "is not", null).execute(),
  ]);
  const byCustomer = new Map<number, BookingRow[]>();
  for (const row of bookings) byCustomer.set(row.customer_id!, [...(byCustomer.get(row.customer_id!) ?? []), row]);
  const latest = (customer: CustomerRow) => {
    const row = byCustomer.get(customer.id)?.[0];
    return row ? `${row.date} ${row.start_time}` : "";
  };
  return customers
    .filter((customer) => {
      const rows = byCustomer.get(customer.id) ?? [];
      return (
        matches(customer) ||
        rows.some((row) => matches({ name: row.customer_name, email: row.customer_email, phone: row.customer_phone }))
      );
    })
    .toSorted((a, b) => latest(b).localeCompare(latest(a)))
    .map((customer) => summarise(customer, byCustomer.get(customer.id) ?? [], now));
}

/** Contact messages carry no customer: those sent from the customer's address. */
async function messagesOf(db: Db, customer: CustomerRow) {
  if (!customer.email_key) return [];
  return db
    .selectFrom("contact_submissions")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", customer.email_key)
    .where("erased_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
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

/** The customer a record URL names (their number, or an old key); 404 when it names nobody. */
export async function customerOfKey(db: Db, key: string): Promise<CustomerRow> {
  const id = await customerIdOfKey(db, key);
  const customer = id === undefined ? undefined : await customerRows(db).where("id", "=", id).executeTakeFirst();
  if (!customer) throw notFound("Customer");
  return customer;
}

/** The rows held about one customer (the row, their bookings with services and payments, messages); 404 for nobody. */
async function loadHeld(db: Db, key: string) {
  const customer = await customerOfKey(db, key);
  const [rows, messages] = await Promise.all([
    bookingRows(db).where("b.customer_id", "=", customer.id).execute(),
    messagesOf(db, customer),
  ]);
  const ids = rows.map((row) => row.id);
  const [services, payments] = await Promise.all([servicesOf(db, ids), paymentsOf(db, ids)]);
  return { customer, rows, messages, services, payments };
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

const consent = (at: string | null, source: string | null) => (at ? { at, source: source ?? "" } : null);

/** Everything held about one customer (by their number, or an old record key); 404 when nobody. */
export async function getCustomer(db: Db, key: string, now: Date = clockNow()): Promise<CustomerRecord> {
  const held = await loadHeld(db, key);
  const { customer, rows, messages } = held;
  const summary = summarise(customer, rows, now);
  return {
    ...summary,
    notes: customer.notes,
    textConsent: consent(customer.text_consent_at, customer.text_consent_source),
    marketingConsent: consent(customer.marketing_consent_at, customer.marketing_consent_source),
    textsStopped: summary.phone !== "" && (await isOptedOut(db, summary.phone)),
    memberships: await customerMemberships(db, customer.id),
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

export async function saveCustomerNotes(db: Db, key: string, notes: string) {
  const customer = await customerOfKey(db, key);
  await db.updateTable("customers").set({ notes }).where("id", "=", customer.id).execute();
  return { notes };
}

/** Marks whether the customer came. Only once a confirmed appointment has started: before, nobody knows. */
export async function recordAttendance(
  { db, settings }: ShopReads,
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
  const shop = await settings();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("bookings").set({ attendance }).where("id", "=", bookingId).execute();
    await scheduleReviewRequest(
      trx,
      shop,
      { id: bookingId, date: booking.date, endTime: booking.end_time },
      attendance,
      now,
    );
  });
  // Read from the booking alone: an unnamed walk-in belongs to no record.
  const [services, payments] = await Promise.all([servicesOf(db, [bookingId]), paymentsOf(db, [bookingId])]);
  return historyEntry({ ...booking, attendance }, { services, payments }, now);
}

/** Subject access: everything held about the customer, as they gave it to us. */
export async function exportCustomer(db: Db, key: string, now: Date = new Date()) {
  const { customer, rows, messages, services } = await loadHeld(db, key);
  return {
    key: String(customer.id),
    email: customer.email_key ?? "",
    exportedAt: now.toISOString(),
    customer: {
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      textConsent: consent(customer.text_consent_at, customer.text_consent_source),
      marketingConsent: consent(customer.marketing_consent_at, customer.marketing_consent_source),
      firstSeenAt: customer.created_at,
      lastSeenAt: customer.last_seen_at,
    },
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
    waitlist: await waitlistEntriesOf(db, customer.id),
    giftCards: customer.email_key ? await giftCardsOfEmail(db, customer.email_key) : { bought: [], received: [] },
    memberships: await customerMemberships(db, customer.id),
    ownerNotes: customer.notes || null,
  };
}
