import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import { customerKey } from "~/features/customers";
import type { ShopSettings } from "~/features/settings";
import { HttpError, conflict } from "~/lib/http-error";
import { formatShopDate, formatTime, toMinutes } from "~/lib/shop-time";
import { loadBusySpans } from "../availability.server";
import type { BusySpan } from "../rules/availability";
import { freeForClaim, type ComputedTimeClaim } from "../rules/claim";
import { readAfterTurns } from "./turns.server";

/* One customer, one chair at a time: a second confirmed appointment of the same e-mail that overlaps is refused. */

const overlapMessage = (booking: { reference: string; date: string; startTime: string }) =>
  `You already have a booking at ${formatTime(booking.startTime)} on ${formatShopDate(booking.date, "weekdayDate")} (${booking.reference}). To change it, use the link in your confirmation.`;

/**
 * The refusal of a customer's second, overlapping appointment. It names their booking (issue 20's words), so a
 * try that meets it stays counted against the booking limits: nobody reads a stranger's day by trying times.
 */
export class CustomerOverlap extends HttpError {
  constructor(booking: { reference: string; date: string; startTime: string }) {
    super(409, overlapMessage(booking));
  }
}

export interface CustomerAppointment {
  email: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  /** A booking being moved: its own time does not stand in the way. */
  exceptBookingId?: number;
}

/** A customer's (one e-mail, any case) confirmed appointments on one day, with the barbers' times they hold. */
const customerDay = (db: Db, appointment: Pick<CustomerAppointment, "email" | "date" | "exceptBookingId">) =>
  db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.reference", "s.date", "s.start_time", "s.member_id", "b.duration_minutes"])
    .where(sql<string>`lower(b.customer_email)`, "=", customerKey(appointment.email))
    .where("b.status", "=", "confirmed")
    .where("s.date", "=", appointment.date)
    .$if(appointment.exceptBookingId !== undefined, (query) => query.where("b.id", "!=", appointment.exceptBookingId!))
    .orderBy("s.start_time")
    .execute();

/**
 * Refuses a customer's second confirmed appointment (the same e-mail, in any case) that overlaps one they hold.
 * Inside a booking's transaction, call it with the customer's row held (customerIdFor's upsert, or
 * lockCustomerOfBooking): two bookings of one customer with different barbers then check one after the other on
 * PostgreSQL too, and no other customer's booking waits for them (decision 068).
 */
export async function refuseOverlap(db: Db, appointment: CustomerAppointment) {
  refuseClash(await customerDay(db, appointment), appointment);
}

/** Throws CustomerOverlap when one of the customer's bookings that day overlaps the appointment. */
function refuseClash(own: Awaited<ReturnType<typeof customerDay>>, appointment: CustomerAppointment) {
  const start = toMinutes(appointment.startTime);
  const end = start + appointment.durationMinutes;
  const clash = own.find((row) => {
    const from = toMinutes(row.start_time);
    return from < end && start < from + row.duration_minutes;
  });
  if (clash) throw new CustomerOverlap({ reference: clash.reference, date: clash.date, startTime: clash.start_time });
}

/**
 * The same check read before an online booking's transaction, so that the customer sending a stale form for
 * their own time is told about their booking rather than that the time is taken. It answers only for a time
 * the shop would offer but for that customer's own bookings; any other time gets its own refusal first, so a
 * stranger who knows the address learns nothing from times that cannot be booked, and a try that meets no
 * booking of theirs is a real booking, mailed to the address (decision 039). The locked check still decides.
 */
export async function refuseOverlapAtOfferedTime(
  db: Db,
  claim: ComputedTimeClaim,
  rules: ShopSettings,
  now: Date,
  email: string,
) {
  const memberIds = claim.candidates.map((member) => member.id);
  // Both at once: on PostgreSQL each is a round trip.
  const [own, spans] = await Promise.all([
    customerDay(db, { email, date: claim.date }),
    loadBusySpans(db, memberIds, claim.date, claim.date),
  ]);
  const busy = spans.filter(
    (span) => !own.some((booking) => booking.member_id === span.memberId && booking.start_time === span.startTime),
  );
  refuseUnlessFree(claim, rules, busy, now);
  refuseClash(own, { email, date: claim.date, startTime: claim.startTime, durationMinutes: claim.lengthMinutes });
}

/**
 * The time checked again, in a plain read, after waiting for this process's booking of the same members to end
 * (decision 067): taken by then, it is refused as the members' lock would refuse it, without a transaction.
 */
export async function refuseTakenTime(db: Db, claim: ComputedTimeClaim, rules: ShopSettings, now: Date) {
  const memberIds = claim.candidates.map((member) => member.id);
  const busy = await readAfterTurns(db, `busy:${claim.date}:${memberIds.join(",")}`, () =>
    loadBusySpans(db, memberIds, claim.date, claim.date),
  );
  refuseUnlessFree(claim, rules, busy, now);
}

/** The refusal of a time no candidate is free for, as the members' lock would give it (rules/claim.ts). */
function refuseUnlessFree(claim: ComputedTimeClaim, rules: ShopSettings, busy: readonly BusySpan[], now: Date) {
  const { free, refusal } = freeForClaim(claim, rules, busy, now);
  if (free.length === 0) throw conflict(refusal);
}
