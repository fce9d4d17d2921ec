import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import type { BookingStatus } from "~/db/database";
import { toPounds } from "~/lib/money";
import { fromMinutes, toMinutes } from "~/lib/shop-time";
import type { MailBooking } from "./booking-mail.server";
import type { BookingSummary, SeriesOccurrence } from "./booking-answers.schema";

/* A booking as every module reads it: one query shape and one mapper from rows to the record. */

export interface BookingRecord extends MailBooking {
  id: number;
  slotId: number;
  /** A computed appointment's own slot, or one of the shop's manual slots (which outlives the booking). */
  slotKind: "appointment" | "manual";
  memberId: number | null;
  status: BookingStatus;
  cancelledAt: string | null;
  cancelledBy: string | null;
  sequence: number;
  /** The booked services still on the price list (a deleted service keeps only its title and price here). */
  serviceIds: number[];
  /** The customer asked for texts (confirmation and reminder). */
  smsConsent: boolean;
  /** The repeat appointments it was booked with, and its place among them (decision 032). */
  seriesId: string | null;
  seriesPosition: number | null;
}

export type BookingLookup =
  | { id: number }
  | { tokenHash: string }
  | { confirmedOnSlot: number }
  /** The signed-in customer's own booking: its reference, under their (lower-cased) e-mail address. */
  | { reference: string; customerEmail: string };

function bookingQuery(db: Db) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .leftJoin("team_members as m", "m.id", "s.member_id")
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
      "b.sequence",
      "b.sms_consent",
      "b.series_id",
      "b.series_position",
      "s.date",
      "s.start_time",
      "s.member_id",
      "s.kind",
      "m.name as member_name",
    ]);
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>["execute"]>>[number];

const customerEmailOf = sql<string>`lower(b.customer_email)`;

export async function loadBooking(db: Db, where: BookingLookup): Promise<BookingRecord | undefined> {
  let query = bookingQuery(db);
  if ("id" in where) query = query.where("b.id", "=", where.id);
  else if ("tokenHash" in where) query = query.where("b.manage_token_hash", "=", where.tokenHash);
  else if ("reference" in where)
    query = query
      .where("b.reference", "=", where.reference)
      .where(customerEmailOf, "=", where.customerEmail)
      .where("b.erased_at", "is", null);
  else query = query.where("b.slot_id", "=", where.confirmedOnSlot).where("b.status", "=", "confirmed");
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return (await withServices(db, [row]))[0];
}

/** Every booking of the customer (their row's id, decision 041) not erased, in no particular order. */
export async function loadCustomerBookings(db: Db, customerId: number): Promise<BookingRecord[]> {
  const rows = await bookingQuery(db)
    .where("b.customer_id", "=", customerId)
    .where("b.erased_at", "is", null)
    .execute();
  return withServices(db, rows);
}

async function withServices(db: Db, rows: BookingRow[]): Promise<BookingRecord[]> {
  if (rows.length === 0) return [];
  const services = await db
    .selectFrom("booking_services")
    .select(["booking_id", "service_id", "title", "price_pence", "duration"])
    .where(
      "booking_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("booking_id")
    .orderBy("position")
    .execute();
  return rows.map((row) =>
    toRecord(
      row,
      services.filter((service) => service.booking_id === row.id),
    ),
  );
}

function toRecord(
  row: BookingRow,
  services: Array<{ service_id: number | null; title: string; price_pence: number; duration: number }>,
): BookingRecord {
  const subtotalPence = services.reduce((sum, service) => sum + service.price_pence, 0);
  return {
    id: row.id,
    slotId: row.slot_id,
    slotKind: row.kind,
    memberId: row.member_id,
    memberName: row.member_name,
    reference: row.reference,
    status: row.status,
    date: row.date,
    startTime: row.start_time,
    // The appointment ends when its services do, even in a longer manual slot.
    endTime: fromMinutes(toMinutes(row.start_time) + row.duration_minutes),
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
    sequence: row.sequence,
    smsConsent: row.sms_consent === 1,
    seriesId: row.series_id,
    seriesPosition: row.series_position,
    serviceIds: services.flatMap((service) => (service.service_id === null ? [] : [service.service_id])),
  };
}

export const toSummary = (booking: BookingRecord): BookingSummary => ({
  reference: booking.reference,
  memberId: booking.memberId,
  memberName: booking.memberName,
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

/** A booking as its reminder job finds it when it runs: still confirmed, or not there to remind of. */
export async function findConfirmedBooking(db: Db, id: number) {
  const booking = await loadBooking(db, { id });
  return booking?.status === "confirmed" ? booking : undefined;
}

/** What a series holds: its bookings (whatever their status) and the dates recorded as not free. */
export async function loadSeriesParts(db: Db, seriesId: string) {
  const [bookings, gaps] = await Promise.all([
    loadSeriesBookings(db, seriesId),
    db
      .selectFrom("booking_series_gaps")
      .select(["position", "date", "start_time", "reason"])
      .where("series_id", "=", seriesId)
      .execute(),
  ]);
  return { bookings, gaps };
}

/** A series' bookings (whatever their status), in the order of the series. */
export async function loadSeriesBookings(db: Db, seriesId: string): Promise<BookingRecord[]> {
  const rows = await bookingQuery(db).where("b.series_id", "=", seriesId).orderBy("b.series_position").execute();
  return withServices(db, rows);
}

/**
 * Every date of a series with its status, as it was booked: its bookings (at their time now, a moved one
 * included) and the dates that could not be booked, with the reason.
 */
export async function loadSeries(db: Db, seriesId: string): Promise<SeriesOccurrence[]> {
  const { bookings, gaps } = await loadSeriesParts(db, seriesId);
  return [
    ...bookings.map((booking) => ({
      position: booking.seriesPosition ?? 0,
      occurrence: {
        date: booking.date,
        startTime: booking.startTime,
        status: "booked" as const,
        reference: booking.reference,
      },
    })),
    ...gaps.map((gap) => ({
      position: gap.position,
      occurrence: { date: gap.date, startTime: gap.start_time, status: "unavailable" as const, reason: gap.reason },
    })),
  ]
    .toSorted((a, b) => a.position - b.position)
    .map((entry) => entry.occurrence);
}
