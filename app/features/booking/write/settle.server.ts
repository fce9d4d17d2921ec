import type { RequestContext } from "~/context";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import {
  closeCheckoutSession,
  endPaymentHold,
  expirePayment,
  type PaymentEventJob,
  recordCheckoutPayment,
  refundLatePayment,
  requireStripeKeys,
  retrieveCheckoutSession,
  stripeClient,
  StripeUnavailableError,
} from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, notFound } from "~/lib/http-error";
import { loadSchedules } from "../availability.server";
import { queueBookingMails } from "../booking-jobs.server";
import { loadBooking } from "../booking-record.server";
import { bookTimeTransaction, claimComputedTime, freeSlot } from "./claim.server";
import { giveBackPrepaid } from "./give-back.server";

/*
 * A booking that paid first, after Checkout (decision 029): confirmed through one idempotent path (the webhook's
 * job and the success page both settle it), or expired unpaid, its time offered again. The money's own rows are
 * the payments feature's (recordCheckoutPayment, expirePayment); the booking's status and time are written here.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings" | "contentVersion">;

/**
 * Confirms the booking a completed Checkout session paid for; any number of calls (the webhook's job, its
 * replays, the success page) confirm it once. A payment that arrives after the booking expired takes its time
 * back if still free (inside the booking-time transaction, so a lost race is a refusal, never a server error),
 * and is otherwise refunded in full.
 */
export async function settleCheckout(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const keys = await requireStripeKeys(ctx);
  const session = await retrieveCheckoutSession(await stripeClient(ctx.config, keys), sessionId);
  if (session.status !== "complete") return;
  const [shop, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  await bookTimeTransaction(ctx.db, async (trx) => {
    const paid = await recordCheckoutPayment(trx, sessionId, session, now);
    if (!paid) return;
    const booking = await loadBooking(trx, { id: paid.bookingId });
    if (!booking) return;
    if (booking.status === "expired") {
      try {
        const slotId = await claimComputedTime(
          trx,
          {
            date: booking.date,
            startTime: booking.startTime,
            lengthMinutes: booking.durationMinutes,
            candidates: team.filter((member) => member.id === booking.memberId),
          },
          shop,
          now,
        );
        await trx.updateTable("bookings").set({ slot_id: slotId }).where("id", "=", booking.id).execute();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        await refundLatePayment(trx, booking.id, paid.paidPence, now);
        return;
      }
    }
    await trx
      .updateTable("bookings")
      .set({ status: "confirmed" })
      .where("id", "=", booking.id)
      .where("status", "in", ["awaiting_payment", "expired"])
      .execute();
    await endPaymentHold(trx, booking.id);
    const confirmed = { ...booking, status: "confirmed" as const, paymentLine: paid.paymentLine };
    // A booking held for payment before bookings kept their sealed token: the payment row's (the same seal) serves.
    await trx
      .updateTable("bookings")
      .set({ manage_token_sealed: paid.manageTokenSealed })
      .where("id", "=", booking.id)
      .where("manage_token_sealed", "is", null)
      .execute();
    await queueBookingMails(trx, confirmed, shop, now);
  });
  nudgeJobWorkers();
}

/**
 * Expires a booking still unpaid (its job at `expiresAt`, or Stripe's checkout.session.expired): its time is
 * offered again, the customer is told, and the Checkout session closed so it cannot be paid any more.
 */
export async function expireUnpaid(ctx: Ctx, bookingId: number, now: Date = clockNow()) {
  const expired = await ctx.db.transaction().execute(async (trx) => {
    const booking = await trx
      .updateTable("bookings")
      .set({ status: "expired" })
      .where("id", "=", bookingId)
      .where("status", "=", "awaiting_payment")
      .returning("slot_id")
      .executeTakeFirst();
    if (!booking) return undefined;
    await freeSlot(trx, booking.slot_id);
    return expirePayment(trx, await loadBooking(trx, { id: bookingId }), bookingId, now, giveBackPrepaid);
  });
  nudgeJobWorkers();
  await closeCheckoutSession(ctx, expired?.checkout_session_id);
  return expired !== undefined;
}

/** The success page's lookup: the booking a session paid for, confirmed first when the webhook is late. */
export async function checkoutOutcome(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const find = () =>
    ctx.db
      .selectFrom("booking_payments as p")
      .innerJoin("bookings as b", "b.id", "p.booking_id")
      .select(["b.reference", "b.status", "p.status as paymentStatus", "p.checkout_url", "p.expires_at"])
      .where("p.checkout_session_id", "=", sessionId)
      .executeTakeFirst();
  const before = await find();
  if (!before) throw notFound("Booking");
  if (before.status === "awaiting_payment" || before.status === "expired") {
    await settleCheckout(ctx, sessionId, now).catch((error: unknown) => {
      if (!(error instanceof StripeUnavailableError)) throw error;
    });
  }
  return (await find()) ?? before;
}

/** Stripe's event, run by the job queue: a throw retries it later (Stripe down, database busy). */
export async function handleStripeEvent(ctx: Ctx, job: PaymentEventJob) {
  if (job.type === "checkout.session.completed" || job.type === "checkout.session.async_payment_succeeded") {
    await settleCheckout(ctx, job.sessionId);
  } else if (job.type === "checkout.session.expired") {
    const row = await ctx.db
      .selectFrom("booking_payments")
      .select("booking_id")
      .where("checkout_session_id", "=", job.sessionId)
      .executeTakeFirst();
    if (row) await expireUnpaid(ctx, row.booking_id);
  }
}
