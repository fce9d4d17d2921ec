import { type JobHandler, type JobHandlers, jobMessageId } from "~/features/jobs/index.server";
import type { Db } from "~/db/client.server";
import { expireUnpaid, handleStripeEvent, loadBooking } from "~/features/booking/index.server";
import { PAYMENT_EXPIRY_JOB } from "./payment-hold.server";
import { paymentMail } from "./payment-mail.server";
import { PAYMENT_MAIL_JOB, PAYMENT_REFUND_JOB, type PaymentMailJob, type RefundJob } from "./payment-records.server";
import {
  PAYMENT_CHARGE_CHECK_JOB,
  reconcileCharge,
  type ChargeRequest,
  type LegacyChargeCheck,
} from "./fee-charges.server";
import { PAYMENT_EVENT_JOB, type PaymentEventJob } from "./payments.server";
import { runRefund } from "./refunds.server";

/* The payment side of the job queue. A throw is a failed attempt: the queue retries it with backoff. */

const stripeEvent: JobHandler = {
  run: (ctx, payload) => handleStripeEvent(ctx, payload as PaymentEventJob),
};

const paymentExpiry: JobHandler = {
  async run(ctx, payload) {
    await expireUnpaid(ctx, (payload as { bookingId: number }).bookingId);
  },
};

const refund: JobHandler = {
  run: (ctx, payload) => runRefund(ctx, payload as RefundJob),
  async onFailure(_ctx, payload, error) {
    console.error(`Refund ${(payload as RefundJob).key} failed for good: ${error}`);
  },
};

const chargeCheck: JobHandler = {
  run: (ctx, payload) => reconcileCharge(ctx, payload as ChargeRequest | LegacyChargeCheck),
  async onFailure(_ctx, payload, error) {
    const { bookingId } = payload as ChargeRequest;
    console.error(`The charge of booking ${bookingId} could not be checked with Stripe: ${error}`);
  },
};

/** The booking a payment mail is about; a job queued before mails carried ids names it by its reference. */
async function bookingOfMail(db: Db, payload: Partial<PaymentMailJob> & { reference?: string }) {
  if (payload.bookingId !== undefined) return loadBooking(db, { id: payload.bookingId });
  if (!payload.reference) return undefined;
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "=", payload.reference)
    .executeTakeFirst();
  return row && loadBooking(db, { id: row.id });
}

const mail: JobHandler = {
  async run(ctx, payload, job) {
    if (!ctx.mailer.enabled) return;
    const details = payload as PaymentMailJob;
    const booking = await bookingOfMail(ctx.db, details);
    // Deleted, or erased since: there is nobody to tell.
    if (!booking?.customerEmail) return;
    const message = paymentMail(ctx.config, await ctx.settings(), {
      kind: details.kind,
      amountPence: details.amountPence,
      link: details.link,
      reason: details.reason,
      to: booking.customerEmail,
      customerName: booking.customerName,
      reference: booking.reference,
      date: booking.date,
      startTime: booking.startTime,
      endTime: booking.endTime,
    });
    await ctx.mailer.send({ ...message, messageId: jobMessageId(ctx, job) });
  },
};

export const paymentJobHandlers: JobHandlers = {
  [PAYMENT_EVENT_JOB]: stripeEvent,
  [PAYMENT_EXPIRY_JOB]: paymentExpiry,
  [PAYMENT_REFUND_JOB]: refund,
  [PAYMENT_CHARGE_CHECK_JOB]: chargeCheck,
  [PAYMENT_MAIL_JOB]: mail,
};
