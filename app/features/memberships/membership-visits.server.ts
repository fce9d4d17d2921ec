import type { Db } from "~/db/client.server";
import { customerKey } from "~/features/customers";
import { conflict } from "~/lib/http-error";
import { formatShopInstant, shopInstant } from "~/lib/shop-time";

/*
 * A member's visits (issue 34): a booking of a covered service inside the paid period is included, up to the
 * month's allowance. The allowance is held by the database: a visit is taken by one guarded update (used <
 * allowance, same period) that the CHECK backs, so two bookings racing for the last visit cannot both have it;
 * the loser's booking rolls back with 409. A visit cancelled in time is given back by one guarded update too.
 */

/** What a member may still have included on an appointment: the plan's services and the visits left. */
export interface MemberAllowance {
  membershipId: number;
  periodStart: string;
  serviceIds: readonly number[];
  visitsLeft: number;
  visitsPerMonth: number;
}

export const ALLOWANCE_TAKEN_MESSAGE =
  "Your membership's visits for this month were used by another booking a moment ago. Please choose your services again to see the price.";

/**
 * The allowance of the member an address names, for an appointment at this time: only an active membership
 * whose paid period holds the appointment, with a visit left; undefined otherwise (priced as usual).
 */
export async function memberAllowance(
  db: Db,
  email: string,
  appointment: { date: string; startTime: string },
): Promise<MemberAllowance | undefined> {
  const at = shopInstant(appointment.date, appointment.startTime).toISOString();
  const membership = await db
    .selectFrom("memberships")
    .innerJoin("customers", "customers.id", "memberships.customer_id")
    .select([
      "memberships.id",
      "memberships.plan_id",
      "memberships.period_start",
      "memberships.visits_per_month",
      "memberships.visits_used",
    ])
    .where("customers.email_key", "=", customerKey(email))
    .where("memberships.status", "=", "active")
    .where("memberships.period_start", "<=", at)
    .where("memberships.period_end", ">", at)
    .orderBy("memberships.id")
    .executeTakeFirst();
  if (!membership?.period_start || membership.visits_used >= membership.visits_per_month) return undefined;
  const services = await db
    .selectFrom("membership_plan_services")
    .select("service_id")
    .where("plan_id", "=", membership.plan_id)
    .execute();
  return {
    membershipId: membership.id,
    periodStart: membership.period_start,
    serviceIds: services.map((service) => service.service_id),
    visitsLeft: membership.visits_per_month - membership.visits_used,
    visitsPerMonth: membership.visits_per_month,
  };
}

/** Takes one visit for the booking, in its transaction; 409 when another booking took the last one meanwhile. */
export async function takeMemberVisit(
  trx: Db,
  allowance: MemberAllowance,
  visit: { bookingId: number; serviceId: number },
  now: Date,
) {
  const taken = await trx
    .updateTable("memberships")
    .set((eb) => ({ visits_used: eb("visits_used", "+", 1), updated_at: now.toISOString() }))
    .where("id", "=", allowance.membershipId)
    .where("status", "=", "active")
    .where("period_start", "=", allowance.periodStart)
    .where((eb) => eb("visits_used", "<", eb.ref("visits_per_month")))
    .returning("visits_used")
    .executeTakeFirst();
  if (!taken) throw conflict(ALLOWANCE_TAKEN_MESSAGE);
  await trx
    .insertInto("membership_visits")
    .values({
      booking_id: visit.bookingId,
      membership_id: allowance.membershipId,
      period_start: allowance.periodStart,
      service_id: visit.serviceId,
      returned_at: null,
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Gives a booking's visit back to its membership (cancelled in time, or never paid), in the caller's
 * transaction; once, and only to the period it was taken from (a new month has started afresh).
 */
export async function giveBackMemberVisit(trx: Db, bookingId: number, now: Date) {
  const visit = await trx
    .updateTable("membership_visits")
    .set({ returned_at: now.toISOString() })
    .where("booking_id", "=", bookingId)
    .where("returned_at", "is", null)
    .returning(["membership_id", "period_start"])
    .executeTakeFirst();
  if (!visit) return;
  await trx
    .updateTable("memberships")
    .set((eb) => ({ visits_used: eb("visits_used", "-", 1), updated_at: now.toISOString() }))
    .where("id", "=", visit.membership_id)
    .where("period_start", "=", visit.period_start)
    .where("visits_used", ">", 0)
    .execute();
}

/**
 * A visit is included in the paid month that holds it: a customer moving an included booking past that month's end
 * would keep a visit the month did not pay for (the next month's allowance is taken when that month is paid). 409
 * with what to do instead; a booking that is no included visit may go anywhere.
 */
export async function assertVisitStaysInItsMonth(trx: Db, bookingId: number, to: { date: string; startTime: string }) {
  const visit = await trx
    .selectFrom("membership_visits as v")
    .innerJoin("memberships as m", "m.id", "v.membership_id")
    .select(["m.period_start", "m.period_end"])
    .where("v.booking_id", "=", bookingId)
    .where("v.returned_at", "is", null)
    .executeTakeFirst();
  if (!visit?.period_start || !visit.period_end) return;
  const at = shopInstant(to.date, to.startTime).toISOString();
  if (at >= visit.period_start && at < visit.period_end) return;
  throw conflict(
    `This appointment is a visit included in your membership for the month ending ${formatShopInstant(visit.period_end, "long")}. ` +
      "To have it after that, please cancel it and book again.",
  );
}
