import type Stripe from "stripe";
import type { RequestContext } from "~/context";
import type { MembershipStatus } from "~/db/database";
import { customerIdFor } from "~/features/customer-identity/index.server";
import { enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import {
  StripeUnavailableError,
  callStripe,
  paymentUnavailableMessage,
  recordMovement,
  requireStripeKeys,
  stripeClient,
  stripeKeys,
} from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { loadPlan } from "./membership-plans.server";
import { MEMBERSHIP_MAIL_JOB, type MembershipMailJob } from "./membership-mail.server";
import type { JoinMembership } from "./memberships.schema";

/*
 * Joining a plan and keeping the membership in step with Stripe (issue 34, decision 058). Joining writes a
 * pending membership for the customer's row and opens a Checkout session in mode=subscription on the plan's
 * current Price. Every event about it (checkout.session.completed, invoice.paid, invoice.payment_failed,
 * customer.subscription.*) comes once through payments' webhook and the job queue; the job asks Stripe for the
 * subscription (an event's body is not trusted, and events may arrive in any order) and writes its status and
 * current period. A paid invoice is a ledger row under its own key, in the same transaction.
 */

/** The purpose on the session's and the subscription's metadata: payments' webhook routes events here by it. */
export const MEMBERSHIP_PURPOSE = "membership";
export const MEMBERSHIP_CHECKOUT_JOB = "membership-checkout";
export const MEMBERSHIP_EVENT_JOB = "membership-event";
const JOIN_BUCKET = "membership-join";
const HOUR_MS = 60 * 60_000;
const CHECKOUT_MINUTES = 60;

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

/** Stripe's client for a job or request, or 503 with the shop's phone when Stripe is out of reach. */
export async function stripeFor(ctx: Ctx) {
  return stripeClient(ctx.config, await requireStripeKeys(ctx));
}

async function unavailable(ctx: Ctx, error: unknown): Promise<never> {
  if (error instanceof StripeUnavailableError) {
    throw new HttpError(503, paymentUnavailableMessage((await ctx.settings()).phone));
  }
  throw error;
}

/** POST /api/memberships and the /memberships form: a pending membership and its Checkout session. */
export async function joinPlan(ctx: Ctx, join: JoinMembership, client: string, now: Date = clockNow()) {
  const plan = await loadPlan(ctx.db, join.planId).catch(() => undefined);
  if (!plan || plan.active !== 1 || !(await stripeKeys(ctx))) {
    throw new HttpError(404, "This membership plan is not open to new members.");
  }
  const shop = await ctx.settings();
  const limits = [{ bucket: JOIN_BUCKET, subject: client, max: ctx.config.limits.bookingPerHour, windowMs: HOUR_MS }];
  if (!(await recordWithinLimits(ctx.db, limits, now)).allowed) {
    throw new HttpError(
      429,
      `You have tried to join several times recently. Please try again later or call us on ${shop.phone}.`,
    );
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    const customerId = await customerIdFor(
      trx,
      { customerName: join.name, customerEmail: join.email, customerPhone: join.phone ?? "" },
      "membership",
      now,
    );
    const { id } = await trx
      .insertInto("memberships")
      .values({
        plan_id: plan.id,
        customer_id: customerId!,
        status: "pending",
        stripe_price_id: plan.stripe_price_id,
        monthly_price_pence: plan.monthly_price_pence,
        visits_per_month: plan.visits_per_month,
        visits_used: 0,
        cancel_at_period_end: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  });
  const back = `${ctx.config.publicUrl}/memberships`;
  const metadata = { purpose: MEMBERSHIP_PURPOSE, membership: String(id) };
  let session: Stripe.Checkout.Session;
  try {
    const stripe = await stripeFor(ctx);
    session = await callStripe(() =>
      stripe.checkout.sessions.create(
        {
          mode: "subscription",
          client_reference_id: `membership-${id}`,
          customer_email: join.email,
          line_items: [{ price: plan.stripe_price_id, quantity: 1 }],
          success_url: `${back}?joined={CHECKOUT_SESSION_ID}`,
          cancel_url: `${back}?cancelled=1`,
          // Stripe's own expiry runs on real time, whatever the shop's clock says (decision 026).
          expires_at: Math.floor((Date.now() + CHECKOUT_MINUTES * 60_000) / 1000),
          metadata,
          subscription_data: { metadata },
        },
        { idempotencyKey: `membership-checkout-${id}` },
      ),
    );
  } catch (error) {
    return unavailable(ctx, error);
  }
  if (!session.url) throw new HttpError(503, paymentUnavailableMessage(shop.phone));
  await ctx.db.updateTable("memberships").set({ checkout_session_id: session.id }).where("id", "=", id).execute();
  return { checkoutUrl: session.url };
}

/** Stripe's subscription statuses as the shop reads them: paid up, a renewal failed, or over. */
function statusOf(subscription: Stripe.Subscription): MembershipStatus {
  switch (subscription.status) {
    case "active":
    case "trialing":
      return "active";
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    case "incomplete":
      return "pending";
    default:
      return "past_due";
  }
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/** A paid invoice to write in the ledger with the membership's new state. */
interface PaidInvoice {
  id: string;
  amountPence: number;
}

/**
 * Brings the membership a subscription is of up to date with Stripe: its status, its current period (a new
 * period starts the month's visits again), cancel_at_period_end; with a paid invoice, the ledger row too. A
 * cancelled membership stays cancelled. Answers the membership's id, or undefined for a subscription not ours.
 */
export async function syncSubscription(ctx: Ctx, subscriptionId: string, now: Date, paid?: PaidInvoice) {
  const stripe = await stripeFor(ctx);
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  const membershipId = Number(subscription.metadata?.membership);
  if (subscription.metadata?.purpose !== MEMBERSHIP_PURPOSE || !Number.isInteger(membershipId)) return undefined;
  const item = subscription.items.data[0];
  const periodStart = item ? isoOf(item.current_period_start) : null;
  const periodEnd = item ? isoOf(item.current_period_end) : null;
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("memberships")
      .set((eb) => ({
        status: statusOf(subscription),
        stripe_subscription_id: subscription.id,
        stripe_customer_id: idOf(subscription.customer) ?? null,
        period_start: periodStart,
        period_end: periodEnd,
        cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
        visits_used: eb.case().when("period_start", "=", periodStart).then(eb.ref("visits_used")).else(0).end(),
        updated_at: now.toISOString(),
      }))
      .where("id", "=", membershipId)
      .where("status", "!=", "cancelled")
      .returning(["id", "customer_id"])
      .executeTakeFirst();
    if (paid && paid.amountPence > 0) {
      const customer =
        updated?.customer_id ??
        (await trx.selectFrom("memberships").select("customer_id").where("id", "=", membershipId).executeTakeFirst())
          ?.customer_id;
      await recordMovement(
        trx,
        {
          kind: "membership_invoice",
          method: "online",
          amountPence: paid.amountPence,
          bookingId: null,
          customerId: customer ?? null,
          membershipId,
          idempotencyKey: `membership-invoice-${paid.id}`,
        },
        now,
      );
    }
  });
  return membershipId;
}

/** The subscription an invoice bills (Stripe's current API names it under `parent`). */
const subscriptionOfInvoice = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/** What payments' webhook queues for an event about one of our sessions, invoices or subscriptions. */
export interface MembershipEventJob {
  type: string;
  sessionId?: string;
  objectId?: string;
}

/** A membership's Checkout session completed: the subscription it started is read and written. */
export async function completeJoin(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const stripe = await stripeFor(ctx);
  const session = await callStripe(() => stripe.checkout.sessions.retrieve(sessionId));
  const subscription = idOf(session.subscription);
  if (session.status !== "complete" || !subscription) return;
  await syncSubscription(ctx, subscription, now);
}

/** invoice.* and customer.subscription.*: the state from Stripe; a paid invoice to the ledger; a failure mailed. */
export async function applyBillingEvent(ctx: Ctx, event: MembershipEventJob, now: Date = clockNow()) {
  if (!event.objectId) return;
  if (event.type.startsWith("customer.subscription.")) {
    await syncSubscription(ctx, event.objectId, now);
    return;
  }
  const stripe = await stripeFor(ctx);
  const invoice = await callStripe(() => stripe.invoices.retrieve(event.objectId!));
  const subscription = subscriptionOfInvoice(invoice);
  if (!subscription) return;
  if (event.type === "invoice.paid" && invoice.status === "paid") {
    await syncSubscription(ctx, subscription, now, { id: invoice.id!, amountPence: invoice.amount_paid });
    return;
  }
  const membershipId = await syncSubscription(ctx, subscription, now);
  if (event.type === "invoice.payment_failed" && membershipId !== undefined) {
    const mail: MembershipMailJob = { kind: "payment_failed", membershipId };
    await enqueueJob(
      ctx.db,
      { kind: MEMBERSHIP_MAIL_JOB, payload: mail, key: `membership-payment-failed-${invoice.id}` },
      now,
    );
    nudgeJobWorkers();
  }
}

/** The page's "thank you" after Checkout: the membership is written here too when the webhook is late. */
export async function joinOutcome(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const find = () =>
    ctx.db
      .selectFrom("memberships")
      .innerJoin("membership_plans", "membership_plans.id", "memberships.plan_id")
      .select(["memberships.status", "membership_plans.name", "memberships.period_end"])
      .where("memberships.checkout_session_id", "=", sessionId)
      .executeTakeFirst();
  const before = await find();
  if (before?.status !== "pending") return before;
  await completeJoin(ctx, sessionId, now).catch((error: unknown) => {
    if (!(error instanceof StripeUnavailableError)) throw error;
  });
  return find();
}
