import type { AppContext } from "~/context";
import { accountJobHandlers } from "~/features/account/account.server";
import { reviewJobHandlers } from "~/features/reviews/review-requests.server";
import { bookingJobHandlers } from "~/features/booking/booking-job-handlers.server";
import { retentionJobHandlers, scheduleRetention } from "~/features/customers/retention.server";
import { giftCardJobHandlers, scheduleGiftCardExpiry } from "~/features/gift-cards/gift-card-jobs.server";
import { startJobWorker, type JobHandlers } from "~/features/jobs/jobs.server";
import { membershipJobHandlers } from "~/features/memberships/membership-jobs.server";
import { paymentJobHandlers } from "~/features/payments/payment-jobs.server";
import { textJobHandlers } from "~/features/texts/texts.server";
import { tillJobHandlers } from "~/features/till/till-jobs.server";
import { waitlistJobHandlers } from "~/features/waitlist/waitlist.server";
import { queueJobHandlers } from "~/features/queue/queue-texts.server";
import { requestContext } from "./request-context";

/** Every kind of job the app runs, by kind: the one registry the worker (and the tests) use. */
export const jobHandlers: JobHandlers = {
  ...bookingJobHandlers,
  ...retentionJobHandlers,
  ...accountJobHandlers,
  ...reviewJobHandlers,
  ...paymentJobHandlers,
  ...textJobHandlers,
  ...waitlistJobHandlers,
  ...tillJobHandlers,
  ...queueJobHandlers,
  ...giftCardJobHandlers,
  ...membershipJobHandlers,
};

/** Starts this process's worker loop, making sure the recurring jobs exist. */
export async function startJobs(ctx: AppContext) {
  await scheduleRetention(ctx.db);
  await scheduleGiftCardExpiry(ctx.db);
  return startJobWorker(() => requestContext(ctx), jobHandlers);
}
