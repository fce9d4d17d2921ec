import type { Db } from "~/db/client.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import { isPostgres } from "~/db/dialect";
import { isExclusionViolation } from "~/db/errors";
import type { ShopSettings } from "~/features/settings";
import { queueWaitlistOffers } from "../freed-time.server";
import { badRequest, conflict, notFound } from "~/lib/http-error";
import { fromMinutes, toMinutes } from "~/lib/shop-time";
import { loadBusySpans } from "../availability.server";
import { ENDS_AFTER_MIDNIGHT_MESSAGE, NOT_ENOUGH_TIME_MESSAGE, SLOT_TAKEN_MESSAGE } from "../booking-messages.schema";
import type { MemberSchedule } from "../rules/availability";
import { candidatesFor, endsByMidnight, freeForClaim, leastBookedFirst, type ComputedTimeClaim } from "../rules/claim";

/*
 * Claiming a barber's time, the step every write of a booking's time shares: the members' lock, the check
 * against the engine that offered the time, the slot row, and the transaction that turns PostgreSQL's
 * exclusion constraint into the same 409 a lost race gets.
 */

/**
 * Makes every writer that checks a member's time and then books it wait its turn: on PostgreSQL
 * the members' rows are locked (in id order, so two writers never deadlock) for the rest of the
 * transaction; SQLite runs one write transaction at a time, taken here before anything is read.
 * A no-key lock: it leaves the key-share locks that rows pointing to a member take free, so the owner
 * adding a manual slot for the member (under the content row) never waits for it in a circle.
 */
export async function holdMembers(trx: Db, memberIds: number[]) {
  if (!isPostgres(trx) || memberIds.length === 0) {
    await takeContentWriteTurn(trx);
    return;
  }
  await trx
    .selectFrom("team_members")
    .select("id")
    .where("id", "in", memberIds)
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
}

/**
 * Runs a transaction that books a member's time. Should the checks in it ever miss an overlap, PostgreSQL's
 * exclusion constraint (migration 012) refuses the commit, and the customer hears that the time was taken,
 * as when they lose a race. Every write of a booking's time runs in one of these.
 */
export async function bookTimeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

/**
 * Takes a computed time inside the caller's transaction: under the members' lock, the time is
 * checked against the same engine that offered it (hours, time off, closures, notice, horizon,
 * every booking of the member) and the appointment's slot is written, so two customers racing
 * for overlapping times of one member cannot both pass. With more than one candidate
 * ("Anyone"), the free member with the fewest bookings that day gets it. Answers the new slot's id.
 */
export async function claimComputedTime(trx: Db, claim: ComputedTimeClaim, rules: ShopSettings, now: Date) {
  // Before any hours are checked: the owner's override and walk-ins skip those, never this.
  if (!endsByMidnight(claim.startTime, claim.lengthMinutes)) throw badRequest(ENDS_AFTER_MIDNIGHT_MESSAGE);
  const memberIds = claim.candidates.map((member) => member.id);
  const endTime = fromMinutes(toMinutes(claim.startTime) + claim.lengthMinutes);
  await holdMembers(trx, memberIds);
  const busy = await loadBusySpans(trx, memberIds, claim.date, claim.date, claim.exceptSlotId);
  const { free, refusal } = freeForClaim(claim, rules, busy, now);
  if (endTime <= claim.startTime) throw conflict(NOT_ENOUGH_TIME_MESSAGE);
  // Only "Anyone" with more than one free member needs the day's counts to choose.
  const [member] = free.length > 1 ? leastBookedFirst(free, await bookedThatDay(trx, claim.date, memberIds)) : free;
  if (!member) throw conflict(refusal);

  const { id } = await trx
    .insertInto("booking_slots")
    .values({
      date: claim.date,
      start_time: claim.startTime,
      end_time: endTime,
      status: "booked",
      kind: "appointment",
      member_id: member.id,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** How many bookings each member has on the date: "Anyone" goes to the least booked. */
async function bookedThatDay(trx: Db, date: string, memberIds: number[]) {
  const counts = await trx
    .selectFrom("booking_slots")
    .select(["member_id", (eb) => eb.fn.countAll<number>().as("booked")])
    .where("date", "=", date)
    .where("status", "=", "booked")
    .where("member_id", "in", memberIds)
    .groupBy("member_id")
    .execute();
  return counts.map((row) => ({ memberId: row.member_id, booked: Number(row.booked) }));
}

/** Frees a booking's time: a manual slot is on offer again, an appointment's own slot is released. */
export async function freeSlot(db: Db, slotId: number) {
  const freed = await db
    .updateTable("booking_slots")
    .set((eb) => ({
      status: eb
        .case()
        .when("kind", "=", "appointment")
        .then("released" as const)
        .else("available" as const)
        .end(),
    }))
    .where("id", "=", slotId)
    .returning("date")
    .executeTakeFirst();
  // Whoever waits for that day is offered the time first (decision 033).
  if (freed) await queueWaitlistOffers(db, freed.date);
}

/**
 * Takes the slot's row lock before the booking's on PostgreSQL, in the order deleting a slot takes
 * them (slot, then its booking by the cascade), so a cancel or a move racing a delete waits instead
 * of deadlocking. SQLite's write transaction already holds everything.
 */
export async function lockSlot(trx: Db, slotId: number) {
  if (isPostgres(trx))
    await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).forUpdate().execute();
}

/** The candidates for a booking (rules/claim.ts), or the 400/404 that says why there are none. */
export function requireCandidates(
  team: readonly MemberSchedule[],
  serviceIds: readonly number[],
  memberId: number | undefined,
) {
  const { candidates, refusal } = candidatesFor(team, serviceIds, memberId);
  if (refusal) throw refusal.status === 404 ? notFound(refusal.message) : badRequest(refusal.message);
  return candidates;
}
