import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { findServicesByIds } from "~/features/services/index.server";
import { badRequest, conflict, notFound } from "~/lib/http-error";
import { shopMoment } from "~/lib/shop-time";
import { fitsWithin, WEEKDAY_NAMES, weekdayRanges, type WeeklyHours } from "~/features/settings";
import type { ScheduleFollowUp } from "~/features/settings/index.server";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import {
  MEMBER_HAS_BOOKINGS_MESSAGE,
  type PublicTeamMember,
  type TeamMember,
  outsideOpeningHoursMessage,
  type TeamMemberValues,
} from "./team.schema";
import { clockNow } from "~/lib/clock";
import { toPence, toPounds } from "~/lib/money";
import type { Pay } from "./pay.schema";

/** A member's pay as the row keeps it (basis points, pence). */
export function payOf(row: Row<"team_members">): Pay {
  if (row.pay_kind === "commission") {
    return { kind: "commission", servicePercent: row.pay_service_bp / 100, productPercent: row.pay_product_bp / 100 };
  }
  if (row.pay_kind === "chairRent") {
    return { kind: "chairRent", amount: toPounds(row.pay_rent_pence), period: row.pay_rent_period };
  }
  return { kind: "none" };
}

const payColumns = (pay: Pay) => ({
  pay_kind: pay.kind,
  pay_service_bp: pay.kind === "commission" ? Math.round(pay.servicePercent * 100) : 0,
  pay_product_bp: pay.kind === "commission" ? Math.round(pay.productPercent * 100) : 0,
  pay_rent_pence: pay.kind === "chairRent" ? toPence(pay.amount) : 0,
  pay_rent_period: pay.kind === "chairRent" ? pay.period : ("week" as const),
});

/** Every member in the team's order, each with services, hours and time off (three queries, not one per member). */
export async function listTeam(db: Db, { activeOnly = false }: { activeOnly?: boolean } = {}): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("team_members")
    .selectAll()
    .$if(activeOnly, (query) => query.where("active", "=", 1))
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return withSchedules(db, rows);
}

export async function listPublicTeam(db: Db): Promise<PublicTeamMember[]> {
  return (await listTeam(db, { activeOnly: true })).map(toPublic);
}

export const toPublic = (member: TeamMember): PublicTeamMember => ({
  id: member.id,
  name: member.name,
  bio: member.bio,
  image: member.image,
  serviceIds: member.serviceIds,
});

export async function getTeamMember(db: Db, id: number): Promise<TeamMember> {
  const rows = await db.selectFrom("team_members").selectAll().where("id", "=", id).execute();
  const [member] = await withSchedules(db, rows);
  if (!member) throw notFound("Team member");
  return member;
}

async function withSchedules(db: Db, rows: Row<"team_members">[]): Promise<TeamMember[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [services, hours, timeOff] = await Promise.all([
    db.selectFrom("team_member_services").selectAll().where("member_id", "in", ids).orderBy("service_id").execute(),
    db
      .selectFrom("team_member_hours")
      .selectAll()
      .where("member_id", "in", ids)
      .orderBy("day")
      .orderBy("start_time")
      .execute(),
    db.selectFrom("team_member_time_off").selectAll().where("member_id", "in", ids).orderBy("position").execute(),
  ]);
  return rows.map((row) => {
    const weeklyHours: WeeklyHours = [];
    for (const range of hours.filter((entry) => entry.member_id === row.id)) {
      const day = weeklyHours.find((entry) => entry.day === range.day);
      const time = { start: range.start_time, end: range.end_time };
      if (day) day.ranges.push(time);
      else weeklyHours.push({ day: range.day, ranges: [time] });
    }
    return {
      id: row.id,
      name: row.name,
      bio: row.bio,
      image: row.image,
      active: row.active === 1,
      order: row.sort_order,
      serviceIds: services.filter((entry) => entry.member_id === row.id).map((entry) => String(entry.service_id)),
      weeklyHours,
      timeOff: timeOff
        .filter((entry) => entry.member_id === row.id)
        .map((entry) => ({ from: entry.from_date, to: entry.to_date, note: entry.note })),
      pay: payOf(row),
    };
  });
}

/** The services must exist, and every working range must sit inside the shop's hours of that weekday. */
async function assertSchedulePossible({ db, settings: shopSettings }: ShopReads, input: TeamMemberValues) {
  const [found, settings] = await Promise.all([findServicesByIds(db, input.serviceIds), shopSettings()]);
  if (found.length !== input.serviceIds.length) throw badRequest("One of the chosen services is not offered");
  for (const { day, ranges } of input.weeklyHours) {
    const open = weekdayRanges(settings.openingHours, day);
    const outside = ranges.find((range) => !fitsWithin(open, range.start, range.end));
    if (outside) throw badRequest(outsideOpeningHoursMessage(WEEKDAY_NAMES[day]!, outside.start, outside.end));
  }
}

/** Replaces the member's services, hours and time off with the input's, in the caller's transaction. */
async function writeSchedule(trx: Db, memberId: number, input: TeamMemberValues) {
  await trx.deleteFrom("team_member_services").where("member_id", "=", memberId).execute();
  await trx.deleteFrom("team_member_hours").where("member_id", "=", memberId).execute();
  await trx.deleteFrom("team_member_time_off").where("member_id", "=", memberId).execute();
  if (input.serviceIds.length > 0) {
    await trx
      .insertInto("team_member_services")
      .values(input.serviceIds.map((serviceId) => ({ member_id: memberId, service_id: serviceId })))
      .execute();
  }
  const ranges = input.weeklyHours.flatMap((day) =>
    day.ranges.map((range) => ({ member_id: memberId, day: day.day, start_time: range.start, end_time: range.end })),
  );
  if (ranges.length > 0) await trx.insertInto("team_member_hours").values(ranges).execute();
  if (input.timeOff.length > 0) {
    await trx
      .insertInto("team_member_time_off")
      .values(
        input.timeOff.map((range, position) => ({
          member_id: memberId,
          position,
          from_date: range.from,
          to_date: range.to,
          note: range.note,
        })),
      )
      .execute();
  }
}

const toColumns = (input: TeamMemberValues) => ({
  name: input.name,
  bio: input.bio,
  image: input.image,
  active: input.active ? 1 : 0,
  ...(input.pay ? payColumns(input.pay) : {}),
});

/**
 * `followUp` is the booking side's answer to the member's hours and time off (see ScheduleFollowUp): the
 * screens pass it, so a barber's new hours are offered to the waitlist and bookings in new time off settled.
 */
export async function createTeamMember(
  ctx: ShopReads,
  input: TeamMemberValues,
  followUp?: ScheduleFollowUp,
  now: Date = clockNow(),
): Promise<TeamMember> {
  await assertSchedulePossible(ctx, input);
  const { db } = ctx;
  const { id, cancelled } = await db.transaction().execute(async (trx) => {
    const { highest } = await trx
      .selectFrom("team_members")
      .select((eb) => eb.fn.max("sort_order").as("highest"))
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto("team_members")
      .values({
        ...toColumns(input),
        sort_order: input.order ?? Number(highest ?? 0) + 1,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeSchedule(trx, id, input);
    const cancelled = followUp ? await followUp(trx, { ranges: input.timeOff, before: [], memberId: id, now }) : 0;
    return { id, cancelled };
  });
  if (cancelled > 0) nudgeJobWorkers();
  return getTeamMember(db, id);
}

/** With the booking side's follow-up, time off newly covering the member's confirmed bookings needs `timeOffBookings` (keep or cancel), else 409. */
export async function updateTeamMember(
  ctx: ShopReads,
  id: number,
  input: TeamMemberValues,
  followUp?: ScheduleFollowUp,
  now: Date = clockNow(),
): Promise<TeamMember> {
  await assertSchedulePossible(ctx, input);
  const { db } = ctx;
  const cancelled = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("team_members")
      .set({ ...toColumns(input), ...(input.order === undefined ? {} : { sort_order: input.order }) })
      .where("id", "=", id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound("Team member");
    const before = await trx
      .selectFrom("team_member_time_off")
      .select(["from_date", "to_date"])
      .where("member_id", "=", id)
      .execute();
    await writeSchedule(trx, id, input);
    if (!followUp) return 0;
    return followUp(trx, {
      ranges: input.timeOff,
      before: before.map((range) => ({ from: range.from_date, to: range.to_date, note: "" })),
      memberId: id,
      now,
    });
  });
  if (cancelled > 0) nudgeJobWorkers();
  return getTeamMember(db, id);
}

/** Refused while the member holds a booking still to come; their past slots keep the history without a member. */
export async function deleteTeamMember(db: Db, id: number, now: Date = clockNow()): Promise<void> {
  const { date, time } = shopMoment(now);
  await db.transaction().execute(async (trx) => {
    const upcoming = await trx
      .selectFrom("booking_slots")
      .select("id")
      .where("member_id", "=", id)
      .where("status", "=", "booked")
      .where((eb) => eb.or([eb("date", ">", date), eb.and([eb("date", "=", date), eb("end_time", ">", time)])]))
      .executeTakeFirst();
    if (upcoming) throw conflict(MEMBER_HAS_BOOKINGS_MESSAGE);
    const result = await trx.deleteFrom("team_members").where("id", "=", id).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound("Team member");
  });
}
