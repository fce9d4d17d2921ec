import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { openingRangesOn, rangeCovering } from "~/features/settings";
import { listServices } from "~/features/services/index.server";
import { addDays, fromMinutes, toMinutes } from "~/lib/shop-time";
import { workingSpans } from "./rules/availability";
import { loadSchedules } from "./availability.server";
import { listBlocks } from "./blocks.server";
import type { TeamBlock } from "./booking-answers.schema";
import type { BookingStatus } from "~/db/database";
import type { Attendance } from "~/features/customers";
import { paymentsOf } from "~/features/payments/index.server";
import type { BookingPayment } from "~/features/payments";

/* What the owner's calendar shows for a run of days: one read per table, shaped for the page. */

export type CalendarStatus = "confirmed" | "awaiting-payment" | "attended" | "no-show" | "cancelled";

export interface CalendarBooking {
  id: number;
  reference: string;
  date: string;
  startTime: string;
  endTime: string;
  memberId: number | null;
  customerName: string;
  customerPhone: string;
  services: string[];
  status: CalendarStatus;
  /** The deposit, prepayment or card on file; null for a booking made without one. */
  payment: BookingPayment | null;
  totalPence: number;
  walkIn: boolean;
  /** The customer's number, which names their record (decision 041); null for an unnamed walk-in. */
  recordKey: string | null;
}

export interface CalendarSpan {
  start: string;
  end: string;
}

export interface CalendarDay {
  date: string;
  /** The shop's opening ranges that day (none when closed), and the closure's note when it is one. */
  opening: CalendarSpan[];
  closure: string | null;
  /** Per member: the ranges they work that day (none on time off or a day off), and whether it is time off. */
  members: Record<number, { working: CalendarSpan[]; timeOff: boolean }>;
  /** What the day's confirmed and attended bookings cost, walk-ins included. */
  takingsPence: number;
}

export interface CalendarQuery {
  from: string;
  days: number;
  showCancelled: boolean;
}

const spanOf = ([start, end]: readonly [number, number]): CalendarSpan => ({
  start: fromMinutes(start),
  end: fromMinutes(end),
});

/** Which bookings a read wants: the statuses shown, and (for a feed) the cancelled ones since a moment. */
export interface BookingsBetween {
  from: string;
  to: string;
  statuses: readonly BookingStatus[];
  /** Cancelled bookings are read only when cancelled at or after this instant (ISO); all of them when absent. */
  cancelledSince?: string;
  memberId?: number;
}

/**
 * The bookings between two days with their barber and service titles, in time order: the one read behind
 * the owner's calendar and the calendar feeds. A week holds a few hundred bookings at most, and a feed a few
 * thousand: their ids stay inside every engine's parameter limit.
 */
export async function bookingsBetween(db: Db, which: BookingsBetween) {
  const { cancelledSince } = which;
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .leftJoin("team_members as m", "m.id", "s.member_id")
    .select([
      "b.id",
      "b.reference",
      "b.status",
      "b.attendance",
      "b.sequence",
      "b.customer_name",
      "b.customer_email",
      "b.customer_phone",
      "b.notes",
      "b.duration_minutes",
      "b.total_pence",
      "b.cancelled_at",
      "s.date",
      "s.start_time",
      "s.member_id",
      "m.name as member_name",
      "b.customer_id",
    ])
    .where("s.date", ">=", which.from)
    .where("s.date", "<=", which.to)
    .where("b.status", "in", which.statuses)
    .$if(cancelledSince !== undefined, (query) =>
      query.where((eb) => eb.or([eb("b.status", "!=", "cancelled"), eb("b.cancelled_at", ">=", cancelledSince!)])),
    )
    .$if(which.memberId !== undefined, (query) => query.where("s.member_id", "=", which.memberId!))
    .orderBy("s.date")
    .orderBy("s.start_time")
    .orderBy("b.id")
    .execute();
  const ids = rows.map((row) => row.id);
  const services =
    ids.length === 0
      ? []
      : await db
          .selectFrom("booking_services")
          .select(["booking_id", "title"])
          .where("booking_id", "in", ids)
          .orderBy("booking_id")
          .orderBy("position")
          .execute();
  const titles = new Map<number, string[]>();
  for (const service of services)
    titles.set(service.booking_id, [...(titles.get(service.booking_id) ?? []), service.title]);
  return rows.map((row) => ({
    ...row,
    endTime: fromMinutes(toMinutes(row.start_time) + row.duration_minutes),
    services: titles.get(row.id) ?? [],
  }));
}

/** Booked time the owner sees: confirmed, and held while its payment is awaited; cancelled on request. */
const HELD: BookingStatus[] = ["confirmed", "awaiting_payment"];

async function calendarBookings(db: Db, from: string, to: string, showCancelled: boolean) {
  const statuses: BookingStatus[] = showCancelled ? [...HELD, "cancelled"] : HELD;
  const rows = await bookingsBetween(db, { from, to, statuses });
  const payments = await paymentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row): CalendarBooking => ({
    id: row.id,
    reference: row.reference,
    date: row.date,
    startTime: row.start_time,
    endTime: row.endTime,
    memberId: row.member_id,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    services: row.services,
    status: calendarStatus(row),
    payment: payments.get(row.id) ?? null,
    totalPence: row.total_pence,
    walkIn: row.customer_email === "",
    recordKey: row.customer_id === null ? null : String(row.customer_id),
  }));
}

const calendarStatus = (row: { status: BookingStatus; attendance: Attendance | null }): CalendarStatus => {
  if (row.status === "cancelled" || row.status === "expired") return "cancelled";
  if (row.status === "awaiting_payment") return "awaiting-payment";
  return row.attendance ?? "confirmed";
};

/** A day's takings in pence: what its bookings cost, walk-ins included, leaving out cancellations and no-shows. */
const takingsPence = (bookings: readonly CalendarBooking[], date: string) =>
  bookings
    .filter((booking) => booking.date === date && (booking.status === "confirmed" || booking.status === "attended"))
    .reduce((sum, booking) => sum + booking.totalPence, 0);

/** The days from `from`, the active team, their bookings, blocks and hours, and the services for the walk-in form. */
export async function loadCalendar(ctx: ShopReads, query: CalendarQuery) {
  const { db } = ctx;
  const to = addDays(query.from, query.days - 1);
  const [shop, members, services] = await Promise.all([ctx.settings(), loadSchedules(ctx), listServices(db)]);
  const [bookings, blocks] = await Promise.all([
    calendarBookings(db, query.from, to, query.showCancelled),
    listBlocks(
      db,
      members.map((member) => member.id),
      query.from,
      to,
    ),
  ]);
  const days: CalendarDay[] = Array.from({ length: query.days }, (_, index) => {
    const date = addDays(query.from, index);
    return {
      date,
      opening: openingRangesOn(shop, date).map((range) => ({ start: range.start, end: range.end })),
      closure: rangeCovering(shop.closures, date)?.note ?? (rangeCovering(shop.closures, date) ? "" : null),
      takingsPence: takingsPence(bookings, date),
      members: Object.fromEntries(
        members.map((member) => [
          member.id,
          {
            working: workingSpans(member, date, shop).map(spanOf),
            timeOff: rangeCovering(member.timeOff, date) !== undefined,
          },
        ]),
      ),
    };
  });
  return {
    days,
    members: members.map((member) => ({ id: member.id, name: member.name, serviceIds: [...member.serviceIds] })),
    bookings,
    blocks: blocks satisfies TeamBlock[],
    services: services.map((service) => ({ id: service.id, title: service.title, duration: service.duration })),
  };
}

export type CalendarData = Awaited<ReturnType<typeof loadCalendar>>;
