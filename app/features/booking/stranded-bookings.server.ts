import type { Db } from "~/db/client.server";
import {
  closureBookingsMessage,
  type DateRange,
  type StrandedBooking,
  type StrandedBookingsChoice,
} from "~/features/settings";
import type { ScheduleChange, ScheduleFollowUp } from "~/features/settings/index.server";
import { timeOffBookingsMessage } from "~/features/team";
import { queueWaitlistOffers } from "./freed-time.server";
import { HttpError } from "~/lib/http-error";
import { shopMoment } from "~/lib/shop-time";
import { cancelBookingsForShop } from "./write/booking-write.server";

/*
 * A closure or a barber's time off added over confirmed bookings must not leave them standing unseen:
 * the owner is asked (409 with the list) and answers "keep" or "cancel" with the save.
 */

const covers = (ranges: readonly DateRange[], date: string) =>
  ranges.some((range) => range.from <= date && date <= range.to);

/** Confirmed bookings still to come on days newly covered, soonest first. */
async function findStranded(db: Db, query: ScheduleChange) {
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
async function settleStrandedBookings(
  trx: Db,
  query: ScheduleChange,
  choice: StrandedBookingsChoice | undefined,
): Promise<number> {
  const stranded = await findStranded(trx, query);
  if (stranded.length === 0 || choice === "keep") return 0;
  if (choice === undefined) {
    const message = query.memberId === undefined ? closureBookingsMessage : timeOffBookingsMessage;
    throw new HttpError(409, message(stranded.length), { bookings: stranded.map((entry) => entry.booking) });
  }
  // A barber's time off is the shop's doing, not a closed shop: the customer's mail says which.
  await cancelBookingsForShop(trx, {
    actor: { kind: "system", cause: query.memberId === undefined ? "closure" : "time-off" },
    bookingIds: stranded.map((entry) => entry.id),
    now: query.now,
  });
  return stranded.length;
}

/**
 * The booking side's follow-up to a save of the shop's days or a barber's (see ScheduleFollowUp), with the
 * owner's choice for bookings the new closure or time off covers. The settings and team screens' actions and
 * API handlers pass it to the save.
 */
export function settleScheduleChange(choice: StrandedBookingsChoice | undefined): ScheduleFollowUp {
  return async (trx, change) => {
    const cancelled = await settleStrandedBookings(trx, change, choice);
    // New hours, a lifted closure or time off taken back may free times on any day: the waitlist is offered them first.
    await queueWaitlistOffers(trx, null, change.now);
    return cancelled;
  };
}
