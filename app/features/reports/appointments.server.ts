import type { Db } from "~/db/client.server";
import { isWalkIn } from "~/features/booking";
import type { ShopSettings } from "~/features/settings";
import type { TeamMember } from "~/features/team";
import { addDays, shopInstant } from "~/lib/shop-time";
import { datesOf, groupBy, isoWeekday, periodInstants, rate, shopInstants, workingMinutes } from "./report-figures";
import type { MemberUtilisation, Period, Summary } from "./reports.schema";

/*
 * The appointments side of the books (decision 054): counted by their start, within whole local days. A
 * customer is their `customers` row (one person by e-mail, else phone, decision 041).
 */

const LIVE = (status: string) => status !== "cancelled" && status !== "expired";
const DAY_MS = 86_400_000;

/** What the figures read with: the database, the request's settings and the team (read once by the caller). */
export interface FiguresSource {
  db: Db;
  rules: ShopSettings;
  team: readonly TeamMember[];
}

/**
 * The period's bookings of every barber (the customers' figures are the shop's) with their times, and each one's
 * start as an instant, worked out once: the figures below compare starts many times over.
 */
async function periodBookings(db: Db, period: Period) {
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select([
      "b.id",
      "b.status",
      "b.attendance",
      "b.cancelled_by",
      "b.cancelled_at",
      "b.created_at",
      "b.duration_minutes",
      "b.customer_id",
      "s.date",
      "s.start_time",
      "s.member_id",
    ])
    .where("s.date", ">=", period.from)
    .where("s.date", "<=", period.to)
    .execute();
  const instantOf = shopInstants();
  return rows.map((row) => ({ ...row, start: instantOf(row.date, row.start_time), made: Date.parse(row.created_at) }));
}
type PeriodBooking = Awaited<ReturnType<typeof periodBookings>>[number];

function countAppointments(bookings: readonly PeriodBooking[], noticeHours: number): Summary["appointments"] {
  const counts = { booked: 0, attended: 0, noShow: 0, cancelled: 0, lateCancelled: 0, walkIns: 0 };
  for (const booking of bookings) {
    if (booking.status === "cancelled") {
      counts.cancelled++;
      const late =
        booking.cancelled_by === "customer" &&
        booking.cancelled_at !== null &&
        Date.parse(booking.cancelled_at) > booking.start - noticeHours * 3_600_000;
      if (late) counts.lateCancelled++;
      continue;
    }
    if (!LIVE(booking.status)) continue;
    counts.booked++;
    if (booking.attendance === "attended") counts.attended++;
    if (booking.attendance === "no-show") counts.noShow++;
    if (isWalkIn(booking.made, booking.start)) counts.walkIns++;
  }
  return counts;
}

async function utilisation(
  source: FiguresSource,
  period: Period,
  bookings: readonly PeriodBooking[],
  memberId?: number,
) {
  const { db, rules, team } = source;
  const blocks = await db
    .selectFrom("team_blocks")
    .select(["member_id as memberId", "date", "start_time as startTime", "end_time as endTime"])
    .where("date", ">=", period.from)
    .where("date", "<=", period.to)
    .execute();
  const dates = datesOf(period);
  const booked = new Map<number, number>();
  for (const booking of bookings) {
    if (!LIVE(booking.status) || booking.member_id === null) continue;
    booked.set(booking.member_id, (booked.get(booking.member_id) ?? 0) + booking.duration_minutes);
  }
  const byMember: MemberUtilisation[] = [];
  for (const member of team) {
    if (memberId !== undefined && member.id !== memberId) continue;
    const schedule = { ...member, serviceIds: member.serviceIds.map(Number) };
    const working = workingMinutes(schedule, dates, rules, blocks);
    const bookedMinutes = booked.get(member.id) ?? 0;
    if (working === 0 && bookedMinutes === 0 && !member.active) continue;
    byMember.push({
      memberId: member.id,
      name: member.name,
      bookedMinutes,
      workingMinutes: working,
      rate: rate(bookedMinutes, working),
    });
  }
  const sum = (key: "bookedMinutes" | "workingMinutes") => byMember.reduce((total, row) => total + row[key], 0);
  return { overall: rate(sum("bookedMinutes"), sum("workingMinutes")), byMember };
}

/**
 * Of the attended appointments, the share whose customer made another booking (not one left to expire unpaid)
 * for a later time, within 7 days after that appointment's start. A walk-in without a name has no customer, so
 * it counts as not rebooked. The bookings made in the period's days (and the week after) for a time in it are
 * among those already read; only those for a time after it are read here (one for a time before it is never later
 * than a visit in it).
 */
async function rebookingRate(
  db: Db,
  period: Period,
  all: readonly PeriodBooking[],
  bookings: readonly PeriodBooking[],
) {
  const attended = bookings.filter((booking) => booking.attendance === "attended" && LIVE(booking.status));
  if (attended.length === 0) return null;
  const { start: madeFrom } = periodInstants(period);
  const madeBefore = shopInstant(addDays(period.to, 8), "00:00").toISOString();
  const instantOf = shopInstants();
  const outside = (
    await db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select(["b.id", "b.customer_id", "b.created_at", "s.date", "s.start_time"])
      .where("b.customer_id", "is not", null)
      .where("b.status", "!=", "expired")
      .where("b.created_at", ">=", madeFrom)
      .where("b.created_at", "<", madeBefore)
      .where("s.date", ">", period.to)
      .execute()
  ).map((row) => ({ ...row, start: instantOf(row.date, row.start_time), made: Date.parse(row.created_at) }));
  const inside = all.filter(
    (booking) =>
      booking.customer_id !== null &&
      booking.status !== "expired" &&
      booking.created_at >= madeFrom &&
      booking.created_at < madeBefore,
  );
  const byCustomer = groupBy([...inside, ...outside], (booking) => booking.customer_id!);
  const rebooked = attended.filter((visit) => {
    if (visit.customer_id === null) return false;
    const { start } = visit;
    return (byCustomer.get(visit.customer_id) ?? []).some(
      (other) =>
        other.id !== visit.id && other.start > start && other.made >= start && other.made <= start + 7 * DAY_MS,
    );
  });
  return rate(rebooked.length, attended.length);
}

/**
 * New customers: their first attended visit ever is in the period. Returned within 60 days: of those whose
 * first visit is at least 60 days before `to` (so the 60 days are over), the share with another attended visit
 * within 60 days of the first. Returning: customers seen in the period whose first visit was before it.
 * The period's visits are those already read (a new customer's 60 days after a first visit in the period end
 * inside it); only whether each customer seen came before the period is asked.
 */
async function customerFigures(
  db: Db,
  period: Period,
  bookings: readonly PeriodBooking[],
): Promise<Summary["customers"]> {
  const attendedVisits = () =>
    db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .where("b.attendance", "=", "attended")
      .where("b.status", "=", "confirmed")
      .where("b.customer_id", "is not", null);
  const visits = groupBy(
    bookings.filter(
      (booking) => booking.attendance === "attended" && booking.status === "confirmed" && booking.customer_id !== null,
    ),
    (booking) => booking.customer_id!,
  );
  if (visits.size === 0) return { new: 0, returning: 0, returnedWithin60Days: null };
  const cameBefore = new Set(
    (
      await attendedVisits()
        .select("b.customer_id")
        .distinct()
        .where("s.date", "<", period.from)
        .where(
          "b.customer_id",
          "in",
          attendedVisits().select("b.customer_id").where("s.date", ">=", period.from).where("s.date", "<=", period.to),
        )
        .execute()
    ).map((row) => row.customer_id!),
  );
  const lastFirst = addDays(period.to, -60);
  let newCount = 0;
  let cohort = 0;
  let returned = 0;
  for (const [customerId, theirs] of visits) {
    if (cameBefore.has(customerId)) continue;
    newCount++;
    const first = theirs.reduce((earliest, visit) => (visit.date < earliest ? visit.date : earliest), theirs[0]!.date);
    if (first > lastFirst) continue;
    cohort++;
    const until = addDays(first, 60);
    if (theirs.filter((visit) => visit.date <= until).length >= 2) returned++;
  }
  return { new: newCount, returning: visits.size - newCount, returnedWithin60Days: rate(returned, cohort) };
}

/** Everything about appointments in the summary: counts, rates, utilisation, customers, and the day and hour grids. */
export async function appointmentFigures(source: FiguresSource, period: Period, memberId?: number) {
  const all = await periodBookings(source.db, period);
  const bookings = memberId === undefined ? all : all.filter((booking) => booking.member_id === memberId);
  const appointments = countAppointments(bookings, source.rules.cancellationNoticeHours);
  const live = bookings.filter((booking) => LIVE(booking.status));
  const weekdays = new Map(datesOf(period).map((date) => [date, isoWeekday(date)]));
  const hours = groupBy(live, (booking) => `${weekdays.get(booking.date)}-${Number(booking.start_time.slice(0, 2))}`);
  const perDay = groupBy(live, (booking) => booking.date);
  return {
    appointments,
    noShowRate: rate(appointments.noShow, appointments.attended + appointments.noShow),
    utilisation: await utilisation(source, period, bookings, memberId),
    rebookingRate: await rebookingRate(source.db, period, all, bookings),
    customers: await customerFigures(source.db, period, all),
    appointmentsByDay: new Map([...perDay].map(([date, list]) => [date, list.length])),
    byHour: [...hours]
      .map(([key, list]) => {
        const [weekday, hour] = key.split("-").map(Number);
        return { weekday: weekday!, hour: hour!, appointments: list.length };
      })
      .toSorted((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}
