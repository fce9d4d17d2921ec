import { sql } from "kysely";
import type { AppContext } from "~/context";
import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { paymentsOf } from "~/features/payments/index.server";
import { takeContentWriteTurn } from "~/db/content-version.server";
import { badRequest, conflict, notFound } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import type { MailStatus } from "~/lib/mail-status";
import { closedReason, type ClosedReason } from "~/features/settings";
import { keepDeletedBookingInMails } from "./booking-jobs.server";
import { formatShopDate, formatTimeRange, hasStarted, shopMoment } from "~/lib/shop-time";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { cancelBookingRecord } from "./write/cancel.server";
import { loadBooking } from "./booking-record.server";
import { type SlotCreateValues } from "./booking.schema";
import { type AdminSlot, type PublicSlot } from "./booking-answers.schema";
import { planSlots, type PlannedSlot } from "./rules/slot-plan";
import { ofMember, slotColumns, slotsWithMembers, toPublicSlot } from "./slot-rows.server";
import { clockNow } from "~/lib/clock";

/* The spec's booking slots: the public list, the admin list, and the admin's manual slots. */

const SLOT_BOOKED_MESSAGE =
  "This slot has just been booked, so it was not deleted. Cancel the booking first if the time has to be freed.";
/** One request may fill a few weeks of short slots, not flood the table. */
const MAX_SLOTS_PER_REQUEST = 2000;
const INSERT_CHUNK = 500;

/** The public list: bookable manual slots only, and nothing about who booked what. */
export async function listAvailableSlots(db: Db, now: Date = clockNow()): Promise<PublicSlot[]> {
  const { date, time } = shopMoment(now);
  const rows = await slotsWithMembers(db)
    .select(slotColumns)
    .where("s.status", "=", "available")
    .where((eb) => eb.or([eb("s.date", ">", date), eb.and([eb("s.date", "=", date), eb("s.start_time", ">", time)])]))
    .orderBy("s.date")
    .orderBy("s.start_time")
    .execute();
  return rows.map(toPublicSlot);
}

/** Every slot and appointment (from a date, when given) with the customer details of its confirmed booking. */
export async function listAdminSlots(db: Db, options: { from?: string; to?: string } = {}): Promise<AdminSlot[]> {
  const rows = await slotsWithMembers(db)
    // A booking waiting for its payment holds its time too: the owner sees it, with its payment's state.
    .leftJoin("bookings as b", (join) =>
      join.onRef("b.slot_id", "=", "s.id").on("b.status", "in", ["confirmed", "awaiting_payment"]),
    )
    .select([
      ...slotColumns,
      "b.id as booking_id",
      "b.reference",
      "b.customer_name",
      "b.customer_email",
      "b.customer_phone",
      "b.notes",
      "b.total_pence",
      "b.duration_minutes",
      "b.mail_status",
      "b.mail_error",
      "b.created_at as booked_at",
      "b.attendance",
      (eb) =>
        eb
          .selectFrom("bookings as other")
          .select(eb.fn.countAll<number>().as("count"))
          .where("other.attendance", "=", "no-show")
          // Erased bookings share the empty address: they are nobody's, and never one customer's count.
          .where("other.erased_at", "is", null)
          .where(sql<boolean>`lower(other.customer_email) = lower(b.customer_email)`)
          .as("customer_no_shows"),
    ])
    .where("s.status", "!=", "released")
    .$if(options.from !== undefined, (query) => query.where("s.date", ">=", options.from!))
    .$if(options.to !== undefined, (query) => query.where("s.date", "<=", options.to!))
    .orderBy("s.date")
    .orderBy("s.start_time")
    .orderBy("s.member_id")
    .execute();

  // A subquery rather than a list of ids keeps a long history within every engine's parameter limit.
  const services = await db
    .selectFrom("booking_services")
    .select(["booking_id", "service_id", "title"])
    .where("booking_id", "in", (eb) =>
      eb
        .selectFrom("bookings")
        .innerJoin("booking_slots", "booking_slots.id", "bookings.slot_id")
        .select("bookings.id")
        .where("bookings.status", "in", ["confirmed", "awaiting_payment"])
        .$if(options.from !== undefined, (query) => query.where("booking_slots.date", ">=", options.from!))
        .$if(options.to !== undefined, (query) => query.where("booking_slots.date", "<=", options.to!)),
    )
    .orderBy("booking_id")
    .orderBy("position")
    .execute();
  const byBooking = new Map<number, typeof services>();
  for (const service of services)
    byBooking.set(service.booking_id, [...(byBooking.get(service.booking_id) ?? []), service]);
  const payments = await paymentsOf(
    db,
    rows.flatMap((row) => (row.booking_id === null ? [] : [row.booking_id])),
  );

  return rows.map((row) => {
    const slot = toPublicSlot(row);
    if (row.booking_id === null) return slot;
    const chosen = byBooking.get(row.booking_id) ?? [];
    return {
      ...slot,
      bookingId: row.booking_id,
      reference: row.reference ?? undefined,
      customerName: row.customer_name ?? undefined,
      customerEmail: row.customer_email ?? undefined,
      customerPhone: row.customer_phone ?? undefined,
      notes: row.notes ?? "",
      selectedServices: chosen.flatMap((service) => (service.service_id === null ? [] : [String(service.service_id)])),
      selectedServiceTitles: JSON.stringify(chosen.map((service) => service.title)),
      total: row.total_pence === null ? undefined : toPounds(row.total_pence),
      duration: row.duration_minutes ?? undefined,
      mailStatus: (row.mail_status ?? undefined) as MailStatus | undefined,
      mailError: row.mail_error,
      bookedAt: row.booked_at ?? undefined,
      attendance: row.attendance,
      customerNoShows: Number(row.customer_no_shows ?? 0),
      payment: payments.get(row.booking_id) ?? null,
    };
  });
}

const slotLabel = (slot: { date: string; startTime: string; endTime: string }) =>
  `${formatTimeRange(slot.startTime, slot.endTime)} on ${formatShopDate(slot.date)}`;

export const overlaps = (a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }) =>
  a.startTime < b.endTime && b.startTime < a.endTime;

/** Why a slot may not be created there, in words the admin can act on. */
function closedMessage(slot: PlannedSlot, reason: ClosedReason) {
  if (reason.kind === "closure") {
    const { closure } = reason;
    const note = closure.note ? ` (${closure.note})` : "";
    return `${slotLabel(slot)} falls in a closure${note} from ${formatShopDate(closure.from)} to ${formatShopDate(closure.to)}. Slots cannot be created while the shop is closed.`;
  }
  const hours = reason.ranges.map((range) => formatTimeRange(range.start, range.end)).join(", ");
  return `${slotLabel(slot)} is outside the opening hours (${formatShopDate(slot.date, "weekday")}: ${hours || "closed"}). Slots must lie within the opening hours.`;
}

const byStart = (a: PlannedSlot, b: PlannedSlot) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`);

/**
 * Creates every slot of the request or none: a slot that has started, or that overlaps another
 * of the same member (or, without a member, another slot without one) refuses the lot.
 */
export async function createSlots(
  { db, settings }: ShopReads,
  input: SlotCreateValues & { memberId?: number | undefined },
  now: Date = clockNow(),
): Promise<PublicSlot[]> {
  const planned = planSlots(input);
  const memberId = input.memberId ?? null;
  if (planned.length > MAX_SLOTS_PER_REQUEST) {
    throw badRequest(
      `That would create ${planned.length} slots; please create at most ${MAX_SLOTS_PER_REQUEST} at once.`,
    );
  }
  const started = planned.find((slot) => hasStarted(slot.date, slot.startTime, now));
  if (started) {
    throw badRequest(`${slotLabel(started)} is in the past. Slots can only be created for times still to come.`);
  }
  const shop = await settings();
  for (const slot of planned) {
    const reason = closedReason(shop, slot.date, slot.startTime, slot.endTime);
    if (reason) throw badRequest(closedMessage(slot, reason));
  }
  const sorted = planned.toSorted(byStart);
  sorted.forEach((slot, index) => {
    const previous = sorted[index - 1];
    if (previous && previous.date === slot.date && overlaps(previous, slot)) {
      throw conflict(`${slotLabel(slot)} overlaps another slot in the same request`);
    }
  });

  return db.transaction().execute(async (trx) => {
    await takeContentWriteTurn(trx);
    if (memberId !== null) {
      const member = await trx.selectFrom("team_members").select("id").where("id", "=", memberId).executeTakeFirst();
      if (!member) throw badRequest("Please choose a barber from the team");
    }
    const existing = await trx
      .selectFrom("booking_slots")
      .select(["date", "start_time as startTime", "end_time as endTime"])
      .where("date", "in", input.dates)
      .where((eb) => ofMember(eb, memberId))
      .where("status", "!=", "released")
      .execute();
    for (const slot of planned) {
      const clash = existing.find((other) => other.date === slot.date && overlaps(other, slot));
      if (clash) {
        throw conflict(
          `${slotLabel(slot)} overlaps an existing slot (${formatTimeRange(clash.startTime, clash.endTime)})`,
        );
      }
    }
    const createdAt = now.toISOString();
    const ids: number[] = [];
    for (let offset = 0; offset < planned.length; offset += INSERT_CHUNK) {
      const rows = await trx
        .insertInto("booking_slots")
        .values(
          planned.slice(offset, offset + INSERT_CHUNK).map((slot) => ({
            date: slot.date,
            start_time: slot.startTime,
            end_time: slot.endTime,
            status: "available" as const,
            member_id: memberId,
            created_at: createdAt,
          })),
        )
        .returning("id")
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    const created: PublicSlot[] = [];
    for (let offset = 0; offset < ids.length; offset += INSERT_CHUNK) {
      const rows = await slotsWithMembers(trx)
        .select(slotColumns)
        .where("s.id", "in", ids.slice(offset, offset + INSERT_CHUNK))
        .execute();
      created.push(...rows.map(toPublicSlot));
    }
    return created.toSorted(byStart);
  });
}

/**
 * Deletes a slot in either state (spec section 3); a booking on it goes with it and the
 * customer is mailed. `onlyIfAvailable` is what the admin screen sends, since it offers
 * delete on available slots only: a slot a customer booked after the screen loaded is
 * then refused, not deleted with the fresh booking.
 */
export async function deleteSlot(
  ctx: AppContext,
  id: number,
  { onlyIfAvailable = false }: { onlyIfAvailable?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // A no-op UPDATE locks the slot's row on PostgreSQL: a booking in flight either committed before
    // (and is loaded below, so its customer is mailed) or waits and then finds the slot gone.
    const locked = await trx
      .updateTable("booking_slots")
      .set((eb) => ({ status: eb.ref("status") }))
      .where("id", "=", id)
      .executeTakeFirst();
    if (locked.numUpdatedRows === 0n) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: id });
    if (booking && onlyIfAvailable) throw conflict(SLOT_BOOKED_MESSAGE);
    if (booking) {
      const cancelled = await cancelBookingRecord(trx, booking, { cause: "admin" }, clockNow());
      await keepDeletedBookingInMails(trx, cancelled);
    }
    await trx.deleteFrom("booking_slots").where("id", "=", id).execute();
  });
  nudgeJobWorkers();
}
