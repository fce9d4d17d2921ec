import type { Db } from "~/db/client.server";
import { getTeamMember } from "~/features/team/index.server";
import { HttpError, notFound } from "~/lib/http-error";
import { fromMinutes, toMinutes } from "~/lib/shop-time";
import { queueWaitlistOffers } from "./freed-time.server";
import type { BlockRequest } from "./booking.schema";
import type { ClashingBooking, TeamBlock } from "./booking-answers.schema";
import { holdMembers } from "./write/claim.server";
import { clockNow } from "~/lib/clock";

/* Time a barber blocks on one day (a break, an errand): busy for the engine, never over a booking. */

const toBlock = (row: {
  id: number;
  member_id: number;
  date: string;
  start_time: string;
  end_time: string;
  note: string;
}): TeamBlock => ({
  id: row.id,
  memberId: row.member_id,
  date: row.date,
  start: row.start_time,
  end: row.end_time,
  note: row.note,
});

/** The blocks of some members between two dates, by day and time. */
export async function listBlocks(db: Db, memberIds: number[], from: string, to: string): Promise<TeamBlock[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom("team_blocks")
    .selectAll()
    .where("member_id", "in", memberIds)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .orderBy("date")
    .orderBy("start_time")
    .execute();
  return rows.map(toBlock);
}

/** The confirmed bookings of a member that overlap a time on a date (by their services' length). */
export async function bookingsOverlapping(
  db: Db,
  memberId: number,
  date: string,
  start: string,
  end: string,
): Promise<ClashingBooking[]> {
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.id", "b.reference", "b.customer_name", "b.duration_minutes", "s.date", "s.start_time"])
    .where("s.member_id", "=", memberId)
    .where("s.date", "=", date)
    .where("b.status", "=", "confirmed")
    .where("s.start_time", "<", end)
    .orderBy("s.start_time")
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      reference: row.reference,
      date: row.date,
      startTime: row.start_time,
      endTime: fromMinutes(toMinutes(row.start_time) + row.duration_minutes),
      customerName: row.customer_name,
    }))
    .filter((booking) => booking.endTime > start);
}

/** The 409 for a change that would sit over bookings: the message names them, and `bookings` lists them. */
export function overBookingsError(what: string, bookings: ClashingBooking[]) {
  const list = bookings.map((booking) => `${booking.startTime} ${booking.customerName} (${booking.reference})`);
  return new HttpError(
    409,
    `${what} is over ${bookings.length === 1 ? "a booking" : `${bookings.length} bookings`}: ${list.join(", ")}. Move or cancel ${bookings.length === 1 ? "it" : "them"} first.`,
    { bookings },
  );
}

/**
 * Blocks time for a barber on one day, under the same lock as a booking of theirs, so a customer
 * booking that time at the same moment either lands first (and the block is refused with it) or
 * finds the time gone.
 */
export async function createBlock(db: Db, memberId: number, block: BlockRequest, now: Date = clockNow()) {
  await getTeamMember(db, memberId);
  return db.transaction().execute(async (trx) => {
    await holdMembers(trx, [memberId]);
    const clashes = await bookingsOverlapping(trx, memberId, block.date, block.start, block.end);
    if (clashes.length > 0) throw overBookingsError("This block", clashes);
    const row = await trx
      .insertInto("team_blocks")
      .values({
        member_id: memberId,
        date: block.date,
        start_time: block.start,
        end_time: block.end,
        note: block.note,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBlock(row);
  });
}

export async function deleteBlock(db: Db, memberId: number, blockId: number) {
  const deleted = await db
    .deleteFrom("team_blocks")
    .where("id", "=", blockId)
    .where("member_id", "=", memberId)
    .returning("date")
    .executeTakeFirst();
  if (!deleted) throw notFound("Block");
  // The time it kept is free again: whoever waits for that day is offered it first (decision 033).
  await queueWaitlistOffers(db, deleted.date);
}
