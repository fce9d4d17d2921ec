import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";
import { notFound } from "~/lib/http-error";
import { shopMoment } from "~/lib/shop-time";
import type { PublicSlot, SlotStatus } from "./booking-answers.schema";

/*
 * A manual slot's row as both the slot lists (slots.server.ts) and the booking writes (write/) read it: one by its
 * id, a member's, those not started yet. Apart from slots.server.ts, whose delete cancels through write/, so that
 * neither imports the other back (decision 051: no import cycle).
 */

interface SlotRow {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  status: SlotStatus;
  member_id: number | null;
  member_name: string | null;
}

export const toPublicSlot = (row: SlotRow): PublicSlot => ({
  id: row.id,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  status: row.status,
  memberId: row.member_id,
  memberName: row.member_name,
});

export const slotColumns = [
  "s.id",
  "s.date",
  "s.start_time",
  "s.end_time",
  "s.status",
  "s.member_id",
  "m.name as member_name",
] as const;

export const slotsWithMembers = (db: Db) =>
  db.selectFrom("booking_slots as s").leftJoin("team_members as m", "m.id", "s.member_id");

export async function getSlot(db: Db, id: number): Promise<PublicSlot> {
  const row = await slotsWithMembers(db).select(slotColumns).where("s.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Booking slot");
  return toPublicSlot(row);
}

/** Slots of one member, or without a member: portable, since PostgreSQL has no `is` for values. */
export const ofMember = (eb: ExpressionBuilder<Database, "booking_slots">, memberId: number | null) =>
  memberId === null ? eb("member_id", "is", null) : eb("member_id", "=", memberId);

/** Slots whose start is still ahead in the shop's clock. */
export function notStartedYet(eb: ExpressionBuilder<Database, "booking_slots">, now: Date) {
  const { date, time } = shopMoment(now);
  return eb.or([eb("date", ">", date), eb.and([eb("date", "=", date), eb("start_time", ">", time)])]);
}
