import type { JobHandlers } from "~/features/jobs/index.server";
import { TERMINAL_EVENT_JOB } from "~/features/payments/index.server";
import { checkPayment, handleTerminalEvent, type TerminalEventJob } from "./card-outcomes.server";
import { TILL_MAIL_JOB, saleMailJob } from "./sale-mail.server";
import { TILL_PAYMENT_CHECK_JOB } from "./sale-payments.server";
import { TILL_REFUND_JOB, cardRefundJob } from "./sale-refunds.server";

/* The till's side of the job queue. A throw is a failed attempt: the queue retries it with backoff. */

export const tillJobHandlers: JobHandlers = {
  [TERMINAL_EVENT_JOB]: { run: (ctx, payload) => handleTerminalEvent(ctx, payload as TerminalEventJob) },
  [TILL_PAYMENT_CHECK_JOB]: {
    run: (ctx, payload) => checkPayment(ctx, payload as { paymentId: number }),
    async onFailure(_ctx, payload, error) {
      console.error(`Till card payment ${(payload as { paymentId: number }).paymentId} could not be settled: ${error}`);
    },
  },
  [TILL_REFUND_JOB]: cardRefundJob,
  [TILL_MAIL_JOB]: saleMailJob,
};
