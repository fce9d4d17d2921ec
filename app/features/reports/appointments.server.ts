import type { Db } from "~/db/client.server";
import { loadSettings } from "~/features/settings/index.server";
import { listTeam } from "~/features/team/index.server";
import { addDays, shopInstant } from "~/lib/shop-time";
import { datesOf, groupBy, isoWeekday, rate, shopInstants, workingMinutes } from "./report-figures";
import type { MemberUtilisation, Period, Summary } from "./reports.schema";

/*
 * The appointments side of the books (decision 054): counted by their start, within whole local days. A
 * customer is their `customers` row (one person by e-mail, else phone, decision 041).
 */

const LIVE = (status: string) => status !== "cancelled" && status !== "expired";
const DAY_MS = 86_400_000;

/** The period's bookings with their times and barber; one barber's with `memberId`. */
function periodBookings(db: Db, period: Period, memberId?: number) {
  return db
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
    .$if(memberId !== undefined, (query) => query.where("s.member_id", "=", memberId!))
    .execute();
}
type PeriodBooking = Awaited<ReturnType<typeof periodBookings>>[number];

type StartOf = (booking: Pick<PeriodBooking, "date" | "start_time">) => number;

function countAppointments(
  bookings: readonly PeriodBooking[],
  noticeHours: number,
  startOf: StartOf,
): Summary["appointments"] {
  const counts = { booked: 0, attended: 0, noShow: 0, cancelled: 0, lateCancelled: 0, walkIns: 0 };
  for (const booking of bookings) {
    if (booking.status === "cancelled") {
      counts.cancelled++;
      const late =
        booking.cancelled_by === "customer" &&
        booking.cancelled_at !== null &&
        Date.parse(booking.cancelled_at) > startOf(booking) - noticeHours * 3_600_000;
      if (late) counts.lateCancelled++;
      continue;
    }
    if (!LIVE(booking.status)) continue;
    counts.booked++;
    if (booking.attendance === "attended") counts.attended++;
    if (booking.attendance === "no-show") counts.noShow++;
    // A walk-in is written when the customer is already in the chair: at or after its own start.
    if (Date.parse(booking.created_at) >= startOf(booking)) counts.walkIns++;
  }
  return counts;
}

async function utilisation(db: Db, period: Period, bookings: readonly PeriodBooking[], memberId?: number) {
  const [rules, team] = await Promise.all([loadSettings(db), listTeam(db)]);
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
 * it counts as not rebooked.
 */
async function rebookingRate(db: Db, period: Period, bookings: readonly PeriodBooking[], startOf: StartOf) {
  const attended = bookings.filter((booking) => booking.attendance === "attended" && LIVE(booking.status));
  if (attended.length === 0) return null;
  const later = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.id", "b.customer_id", "b.created_at", "s.date", "s.start_time"])
    .where("b.customer_id", "is not", null)
    .where("b.status", "!=", "expired")
    .where("b.created_at", ">=", shopInstant(period.from, "00:00").toISOString())
    .where("b.created_at", "<", shopInstant(addDays(period.to, 8), "00:00").toISOString())
    .execute();
  const byCustomer = groupBy(later, (booking) => booking.customer_id!);
  const rebooked = attended.filter((visit) => {
    if (visit.customer_id === null) return false;
    const start = startOf(visit);
    return (byCustomer.get(visit.customer_id) ?? []).some((other) => {
      const made = Date.parse(other.created_at);
      return other.id !== visit.id && startOf(other) > start && made >= start && made <= start + 7 * DAY_MS;
    });
  });
  return rate(rebooked.length, attended.length);
}

/**
 * New customers: their first attended visit ever is in the period. Returned within 60 days: of those whose
 * first visit is at least 60 days before `to` (so the 60 days are over), the share with another attended visit
 * within 60 days of the first. Returning: customers seen in the period whose first visit was before it.
 */
async function customerFigures(db: Db, period: Period): Promise<Summary["customers"]> {
  const attendedVisits = (
    query = db.selectFrom("bookings as b").innerJoin("booking_slots as s", "s.id", "b.slot_id"),
  ) =>
    query
      .where("b.attendance", "=", "attended")
      .where("b.status", "=", "confirmed")
      .where("b.customer_id", "is not", null);
  const inPeriod = (query: ReturnType<typeof attendedVisits>) =>
    query.where("s.date", ">=", period.from).where("s.date", "<=", period.to);
  const seen = await inPeriod(attendedVisits()).select("b.customer_id").distinct().execute();
  // Each of them's first visit ever, asked only for those seen (the customers index finds their bookings).
  const first = new Map(
    (
      await attendedVisits()
        .select(["b.customer_id", (eb) => eb.fn.min("s.date").as("first")])
        .where("b.customer_id", "in", inPeriod(attendedVisits()).select("b.customer_id"))
        .groupBy("b.customer_id")
        .execute()
    ).map((row) => [row.customer_id!, String(row.first)]),
  );
  const isNew = (id: number) => {
    const date = first.get(id);
    return date !== undefined && date >= period.from;
  };
  const newIds = seen.map((row) => row.customer_id!).filter(isNew);
  const cohort = newIds.filter((id) => first.get(id)! <= addDays(period.to, -60));
  let returned = 0;
  if (cohort.length > 0) {
    const visits = await attendedVisits()
      .select(["b.customer_id", "s.date"])
      .where("b.customer_id", "in", cohort)
      .execute();
    const counts = groupBy(visits, (visit) => visit.customer_id!);
    returned = cohort.filter(
      (id) => (counts.get(id) ?? []).filter((visit) => visit.date <= addDays(first.get(id)!, 60)).length >= 2,
    ).length;
  }
  return {
    new: newIds.length,
    returning: seen.length - newIds.length,
    returnedWithin60Days: rate(returned, cohort.length),
  };
}

/** Everything about appointments in the summary: counts, rates, utilisation, customers, and the day and hour grids. */
export async function appointmentFigures(db: Db, period: Period, memberId?: number) {
  const [bookings, rules] = await Promise.all([periodBookings(db, period, memberId), loadSettings(db)]);
  const instantOf = shopInstants();
  const startOf: StartOf = (booking) => instantOf(booking.date, booking.start_time);
  const appointments = countAppointments(bookings, rules.cancellationNoticeHours, startOf);
  const live = bookings.filter((booking) => LIVE(booking.status));
  const hours = groupBy(live, (booking) => `${isoWeekday(booking.date)}-${Number(booking.start_time.slice(0, 2))}`);
  const perDay = groupBy(live, (booking) => booking.date);
  return {
    appointments,
    noShowRate: rate(appointments.noShow, appointments.attended + appointments.noShow),
    utilisation: await utilisation(db, period, bookings, memberId),
    rebookingRate: await rebookingRate(db, period, bookings, startOf),
    customers: await customerFigures(db, period),
    appointmentsByDay: new Map([...perDay].map(([date, list]) => [date, list.length])),
    byHour: [...hours]
      .map(([key, list]) => {
        const [weekday, hour] = key.split("-").map(Number);
        return { weekday: weekday!, hour: hour!, appointments: list.length };
      })
      .toSorted((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}
