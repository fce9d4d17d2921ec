import type { Db } from "~/db/client.server";
import { openingRangesOn, rangeCovering } from "~/features/settings/opening-hours";
import { loadSettings } from "~/features/settings/settings.server";
import { listServices } from "~/features/services/services.server";
import { addDays, fromMinutes, toMinutes } from "~/lib/shop-time";
import { workingSpans } from "./availability";
import { loadSchedules } from "./availability.server";
import { listBlocks } from "./blocks.server";
import type { TeamBlock } from "./booking.schema";

/* What the owner's calendar shows for a run of days: one read per table, shaped for the page. */

export type CalendarStatus = "confirmed" | "attended" | "no-show" | "cancelled";

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
  walkIn: boolean;
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

async function calendarBookings(db: Db, from: string, to: string, showCancelled: boolean) {
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select([
      "b.id",
      "b.reference",
      "b.status",
      "b.attendance",
      "b.customer_name",
      "b.customer_email",
      "b.customer_phone",
      "b.duration_minutes",
      "s.date",
      "s.start_time",
      "s.member_id",
    ])
    .where("s.date", ">=", from)
    .where("s.date", "<=", to)
    .$if(!showCancelled, (query) => query.where("b.status", "=", "confirmed"))
    .orderBy("s.date")
    .orderBy("s.start_time")
    .orderBy("b.id")
    .execute();
  // A week holds a few hundred bookings at most: their ids stay well inside every engine's parameter limit.
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
  return rows.map((row): CalendarBooking => ({
    id: row.id,
    reference: row.reference,
    date: row.date,
    startTime: row.start_time,
    endTime: fromMinutes(toMinutes(row.start_time) + row.duration_minutes),
    memberId: row.member_id,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    services: titles.get(row.id) ?? [],
    status: row.status === "cancelled" ? "cancelled" : (row.attendance ?? "confirmed"),
    walkIn: row.customer_email === "",
  }));
}

/** The days from `from`, the active team, their bookings, blocks and hours, and the services for the walk-in form. */
export async function loadCalendar(db: Db, query: CalendarQuery) {
  const to = addDays(query.from, query.days - 1);
  const [shop, members, services] = await Promise.all([loadSettings(db), loadSchedules(db), listServices(db)]);
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
