import type { AppContext } from "~/context";
import type { Job, JobHandler, JobHandlers } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { PAYMENT_EXPIRY_JOB } from "./payment-hold.server";
import { paymentMail, type PaymentMail } from "./payment-mail.server";
import { PAYMENT_MAIL_JOB, PAYMENT_REFUND_JOB, type RefundJob } from "./payment-records.server";
import {
  PAYMENT_CHARGE_CHECK_JOB,
  reconcileCharge,
  type ChargeRequest,
  type LegacyChargeCheck,
} from "./fee-charges.server";
import { PAYMENT_EVENT_JOB, expireUnpaid, handleStripeEvent, type PaymentEventJob } from "./payments.server";
import { runRefund } from "./refunds.server";

/* The payment side of the job queue. A throw is a failed attempt: the queue retries it with backoff. */

const jobMessageId = (ctx: AppContext, job: Job) =>
  `<job-${job.id}.${job.kind}@${new URL(ctx.config.publicUrl).hostname}>`;

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

const mail: JobHandler = {
  async run(ctx, payload, job) {
    if (!ctx.mailer.enabled) return;
    const message = paymentMail(ctx.config, await loadSettings(ctx.db), payload as PaymentMail);
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
