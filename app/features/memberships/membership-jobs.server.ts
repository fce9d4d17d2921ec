import { jobMessageId, type JobHandler, type JobHandlers } from "~/features/jobs/index.server";
import { MEMBERSHIP_MAIL_JOB, membershipPaymentFailedMail, type MembershipMailJob } from "./membership-mail.server";
import {
  MEMBERSHIP_CHECKOUT_JOB,
  MEMBERSHIP_EVENT_JOB,
  applyBillingEvent,
  completeJoin,
  type MembershipEventJob,
} from "./memberships.server";

/* The membership side of the job queue: Stripe's events (each once, as payments' webhook stored it) and the mail. A throw retries. */

const checkoutEvent: JobHandler = {
  async run(ctx, payload) {
    const event = payload as MembershipEventJob;
    if (event.type === "checkout.session.completed" && event.sessionId) await completeJoin(ctx, event.sessionId);
  },
};

const billingEvent: JobHandler = {
  run: (ctx, payload) => applyBillingEvent(ctx, payload as MembershipEventJob),
};

const mail: JobHandler = {
  async run(ctx, payload, job) {
    if (!ctx.mailer.enabled) return;
    const { membershipId } = payload as MembershipMailJob;
    const row = await ctx.db
      .selectFrom("memberships")
      .innerJoin("membership_plans", "membership_plans.id", "memberships.plan_id")
      .innerJoin("customers", "customers.id", "memberships.customer_id")
      .select([
        "customers.name",
        "customers.email",
        "membership_plans.name as plan_name",
        "memberships.monthly_price_pence",
      ])
      .where("memberships.id", "=", membershipId)
      .executeTakeFirst();
    // Erased since: nobody to tell.
    if (!row?.email) return;
    const message = membershipPaymentFailedMail(ctx.config, await ctx.settings(), {
      to: row.email,
      name: row.name,
      planName: row.plan_name,
      monthlyPricePence: row.monthly_price_pence,
    });
    await ctx.mailer.send({ ...message, messageId: jobMessageId(ctx, job) });
  },
};

export const membershipJobHandlers: JobHandlers = {
  [MEMBERSHIP_CHECKOUT_JOB]: checkoutEvent,
  [MEMBERSHIP_EVENT_JOB]: billingEvent,
  [MEMBERSHIP_MAIL_JOB]: mail,
};
