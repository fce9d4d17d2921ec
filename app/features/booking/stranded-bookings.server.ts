import type { Db } from "~/db/client.server";
import type { DateRange, StrandedBooking, StrandedBookingsChoice } from "~/features/settings/settings.schema";
import { HttpError } from "~/lib/http-error";
import { shopMoment } from "~/lib/shop-time";
import { cancelBookingsByShop } from "./write/cancel.server";

/*
 * A closure or a barber's time off added over confirmed bookings must not leave them standing unseen:
 * the owner is asked (409 with the list) and answers "keep" or "cancel" with the save.
 */

const covers = (ranges: readonly DateRange[], date: string) =>
  ranges.some((range) => range.from <= date && date <= range.to);

export interface StrandedBookingsQuery {
  /** The days now closed (or off). */
  ranges: readonly DateRange[];
  /** The days closed (or off) before this save: bookings there were kept on purpose already. */
  before: readonly DateRange[];
  /** Only this barber's bookings (time off); all bookings for a closure. */
  memberId?: number;
  now: Date;
}

/** Confirmed bookings still to come on days newly covered, soonest first. */
async function findStranded(db: Db, query: StrandedBookingsQuery) {
  const added = query.ranges.filter(
    (range) => !query.before.some((old) => old.from === range.from && old.to === range.to),
  );
  if (added.length === 0) return [];
  const { date: today, time } = shopMoment(query.now);
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.id", "b.reference", "b.customer_name", "s.date", "s.start_time"])
    .where("b.status", "=", "confirmed")
    .where((eb) => eb.or([eb("s.date", ">", today), eb.and([eb("s.date", "=", today), eb("s.start_time", ">", time)])]))
    .where((eb) => eb.or(added.map((range) => eb.between("s.date", range.from, range.to))))
    .$if(query.memberId !== undefined, (select) => select.where("s.member_id", "=", query.memberId!))
    .orderBy("s.date")
    .orderBy("s.start_time")
    .orderBy("b.id")
    .execute();
  return rows
    .filter((row) => !covers(query.before, row.date))
    .map((row) => ({
      id: row.id,
      booking: {
        reference: row.reference,
        date: row.date,
        startTime: row.start_time,
        customerName: row.customer_name,
      } satisfies StrandedBooking,
    }));
}

/**
 * Inside the saving transaction: without a choice, refuses with 409 `{message, bookings}`; "cancel"
 * cancels them as the shop (mails queued); "keep" leaves them. Answers how many were cancelled.
 */
export async function settleStrandedBookings(
  trx: Db,
  query: StrandedBookingsQuery,
  choice: StrandedBookingsChoice | undefined,
  message: (count: number) => string,
): Promise<number> {
  const stranded = await findStranded(trx, query);
  if (stranded.length === 0 || choice === "keep") return 0;
  if (choice === undefined) {
    throw new HttpError(409, message(stranded.length), { bookings: stranded.map((entry) => entry.booking) });
  }
  // A barber's time off is the shop's doing, not a closed shop: the customer's mail says which.
  const cause = query.memberId === undefined ? "closure" : "admin";
  await cancelBookingsByShop(
    trx,
    stranded.map((entry) => entry.id),
    query.now,
    cause,
  );
  return stranded.length;
}
