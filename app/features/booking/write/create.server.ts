import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { giftCardShare, spendShareOnBooking } from "~/features/gift-cards/index.server";
import { memberAllowance, takeMemberVisit } from "~/features/memberships/index.server";
import { abandonCheckout } from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { conflict, notFound } from "~/lib/http-error";
import { fromMinutes, hasStarted, toMinutes } from "~/lib/shop-time";
import { chosenServices, chosenServicesOf, loadSchedules } from "../availability.server";
import { type AppointmentRequest, type BookingRequest } from "../booking.schema";
import { NOT_ENOUGH_TIME_MESSAGE, SLOT_TAKEN_MESSAGE } from "../booking-messages.schema";
import { reachingTo } from "../rules/availability";
import type { ComputedTimeClaim } from "../rules/claim";
import { pricedForMember } from "../rules/membership";
import { notStartedYet, ofMember } from "../slot-rows.server";
import { bookTimeTransaction, claimComputedTime, holdMembers, requireCandidates } from "./claim.server";
import { insertBooking, openPayment, type BookingWrite } from "./insert.server";
import { refuseOverlap, refuseOverlapAtOfferedTime, refuseTakenTime } from "./overlap.server";
import { inTurnForMembers } from "./turns.server";

/* A new booking: on a computed time with a team member, or on one of the spec's manual slots. */

const SLOT_STARTED_MESSAGE = "Sorry, that time slot has already started. Please choose another time.";

/**
 * Books a computed time with a member, or with whoever is free ("Anyone"); the owner's by the owner's rules.
 * With `write.payments`, the shop's payment policy applies: a Checkout session is opened before anything is
 * written (Stripe down: nothing held), and the booking then holds its time awaiting payment. A member's covered
 * service is priced by the membership's allowance, whose visit is taken in the booking's transaction.
 */
export async function bookAppointment(
  ctx: ShopReads,
  input: AppointmentRequest,
  now: Date = clockNow(),
  write: BookingWrite = {},
) {
  const { db } = ctx;
  const [settings, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  const horizonUntil = write.series?.horizonUntil;
  const rules = horizonUntil ? reachingTo(settings, horizonUntil, now) : settings;
  const listed = await chosenServicesOf(ctx, input.services, rules);
  const candidates = requireCandidates(team, input.services, input.memberId);
  const claim: ComputedTimeClaim = {
    date: input.date,
    startTime: input.startTime,
    // A membership prices a service, never changes its length.
    lengthMinutes: listed.totals.durationMinutes,
    candidates,
    ...(write.byAdmin ? { owner: { outsideHours: false } } : {}),
  };
  // First, as it refuses most: of many customers racing for one time, all but one stop here or at their turn.
  if (!write.byAdmin) await refuseOverlapAtOfferedTime(db, claim, rules, now, input.customerEmail);
  // The shop's own bookings and repeat appointments are priced as listed (decision 058).
  const allowance = write.byAdmin || write.series ? undefined : await memberAllowance(db, input.customerEmail, input);
  const member = pricedForMember(listed.services, allowance, listed.totals.feePence);
  const { services, totals } = member;
  // The shop's own bookings (a caller on the phone) take no online payment.
  const payer = write.byAdmin ? undefined : write.payments;
  const payerOf = { totalPence: totals.totalPence, customerEmail: input.customerEmail };
  const giftCard = payer && (await giftCardShare(payer, input.giftCardCode, payerOf, now));
  const pending =
    payer && (await openPayment(payer, rules.shopName, services, totals, input.customerEmail, now, giftCard));
  const bookTime = () =>
    bookTimeTransaction(db, async (trx) => {
      // The time first: a loser's transaction ends before it writes anything.
      const slotId = await claimComputedTime(trx, claim, rules, now);
      await write.countLimits?.(trx);
      const slot = { id: slotId, date: claim.date, startTime: claim.startTime };
      const written = await insertBooking(trx, slot, input, services, totals, rules, now, write, pending);
      if (giftCard) await spendShareOnBooking(trx, giftCard, written.booking.id, now);
      if (allowance && member.covered) {
        await takeMemberVisit(trx, allowance, { bookingId: written.booking.id, serviceId: member.covered.id }, now);
      }
      return { ...written, included: member.message };
    });
  try {
    if (write.byAdmin) return await bookTime();
    const memberIds = candidates.map((candidate) => candidate.id);
    return await inTurnForMembers(db, input.date, memberIds, () => refuseTakenTime(db, claim, rules, now), bookTime);
  } catch (error) {
    if (payer && pending) await abandonCheckout(payer, pending.hold.sessionId);
    throw error;
  }
}

/** Why the conditional update found nothing to book: gone, started, or taken a moment earlier. */
async function unavailableReason(db: Db, slotId: number, now: Date) {
  const slot = await db
    .selectFrom("booking_slots")
    .select(["date", "start_time"])
    .where("id", "=", slotId)
    .executeTakeFirst();
  if (!slot) return notFound("Booking slot");
  if (hasStarted(slot.date, slot.start_time, now)) return conflict(SLOT_STARTED_MESSAGE);
  return conflict(SLOT_TAKEN_MESSAGE);
}

/**
 * Books one of the spec's manual slots. The slot is claimed by one conditional UPDATE
 * (available and not started → booked) in the same transaction as the booking rows, so of
 * many simultaneous bookers exactly one wins. Services longer than the slot are accepted
 * only when the time right after it is free for the slot's member (or, on a slot without a
 * member, of other slots without one); the slot then grows to hold them.
 */
export async function bookSlot(
  { db, settings }: ShopReads,
  slotId: number,
  input: BookingRequest,
  now: Date = clockNow(),
  write: BookingWrite = {},
) {
  const rules = await settings();
  const { services, totals } = await chosenServices(db, input.services, rules);
  const slot = await db
    .selectFrom("booking_slots")
    .select(["date", "start_time", "status"])
    .where("id", "=", slotId)
    .executeTakeFirst();
  // As for a computed time: the customer's booking is named only where the slot itself is open to them.
  if (slot?.status === "available" && !hasStarted(slot.date, slot.start_time, now) && !write.byAdmin) {
    const appointment = { date: slot.date, startTime: slot.start_time, durationMinutes: totals.durationMinutes };
    await refuseOverlap(db, { email: input.customerEmail, ...appointment });
  }

  return bookTimeTransaction(db, async (trx) => {
    const target = await trx
      .selectFrom("booking_slots")
      .select("member_id")
      .where("id", "=", slotId)
      .executeTakeFirst();
    await holdMembers(trx, target?.member_id ? [target.member_id] : []);
    const claimed = await trx
      .updateTable("booking_slots")
      .set({ status: "booked" })
      .where("id", "=", slotId)
      .where("status", "=", "available")
      .where((eb) => notStartedYet(eb, now))
      .returning(["id", "date", "start_time", "end_time", "member_id"])
      .executeTakeFirst();
    if (!claimed) throw await unavailableReason(trx, slotId, now);
    // After the members' lock, as for a computed time: every booking takes the two locks in one order.
    await write.countLimits?.(trx);

    const needed = fromMinutes(toMinutes(claimed.start_time) + totals.durationMinutes);
    if (needed > claimed.end_time) {
      const after = {
        startTime: claimed.end_time,
        endTime: fromMinutes(toMinutes(needed) + rules.bookingBufferMinutes),
      };
      const clash = await trx
        .selectFrom("booking_slots")
        .select("id")
        .where("date", "=", claimed.date)
        .where((eb) => ofMember(eb, claimed.member_id))
        .where("id", "!=", claimed.id)
        .where("status", "!=", "released")
        .where("start_time", "<", after.endTime)
        .where("end_time", ">", after.startTime)
        .executeTakeFirst();
      if (clash || needed <= claimed.start_time) throw conflict(NOT_ENOUGH_TIME_MESSAGE);
      await trx.updateTable("booking_slots").set({ end_time: needed }).where("id", "=", claimed.id).execute();
    }
    const slot = { id: claimed.id, date: claimed.date, startTime: claimed.start_time };
    return insertBooking(trx, slot, input, services, totals, rules, now, write);
  });
}
