import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { callStripe } from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, conflict, notFound } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import { shopInstant, shopToday } from "~/lib/shop-time";
import type { AdminMembership } from "./memberships.schema";
import { stripeFor } from "./memberships.server";

/*
 * A membership as its member and the owner see it: the customer's page (visits left, next payment, "Cancel
 * membership" at the period's end, "Change card" through Stripe's billing portal), the owner's list and the
 * customer's record, and the month's figures for the dashboard and the books.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

const membershipRows = (db: Db) =>
  db
    .selectFrom("memberships")
    .innerJoin("membership_plans", "membership_plans.id", "memberships.plan_id")
    .innerJoin("customers", "customers.id", "memberships.customer_id")
    .select([
      "memberships.id",
      "memberships.status",
      "memberships.plan_id",
      "membership_plans.name as plan_name",
      "memberships.customer_id",
      "customers.name as customer_name",
      "customers.email as customer_email",
      "memberships.monthly_price_pence",
      "memberships.period_start",
      "memberships.period_end",
      "memberships.cancel_at_period_end",
      "memberships.visits_per_month",
      "memberships.visits_used",
      "memberships.created_at",
    ])
    // A membership nobody paid for is not one: only the owner's list would show it, as noise.
    .where("memberships.status", "!=", "pending")
    .orderBy("memberships.id", "desc");

type MembershipRow = Awaited<ReturnType<ReturnType<typeof membershipRows>["execute"]>>[number];

const toAdmin = (row: MembershipRow): AdminMembership => ({
  id: row.id,
  status: row.status,
  plan: { id: row.plan_id, name: row.plan_name },
  member: { customerId: row.customer_id, name: row.customer_name, email: row.customer_email },
  monthlyPrice: toPounds(row.monthly_price_pence),
  periodStart: row.period_start,
  periodEnd: row.period_end,
  cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  visitsPerMonth: row.visits_per_month,
  visitsUsed: row.visits_used,
  joinedAt: row.created_at,
});

/** GET /api/memberships: every membership, newest first. */
export const listMemberships = async (db: Db) => (await membershipRows(db).execute()).map(toAdmin);

/** A customer's memberships (their own page, and their record for the owner). */
export const customerMemberships = async (db: Db, customerId: number) =>
  (await membershipRows(db).where("memberships.customer_id", "=", customerId).execute()).map(toAdmin);

async function ownMembership(db: Db, customerId: number, membershipId: number) {
  const row = await db
    .selectFrom("memberships")
    .selectAll()
    .where("id", "=", membershipId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  if (!row?.stripe_subscription_id) throw notFound("Membership");
  return row;
}

/**
 * "Cancel membership": Stripe is told to end the subscription at the period's end (cancel_at_period_end), so
 * the member keeps what they paid for; the deletion event then marks it cancelled.
 */
export async function cancelMembership(ctx: Ctx, customerId: number, membershipId: number, now: Date = clockNow()) {
  const membership = await ownMembership(ctx.db, customerId, membershipId);
  if (membership.status === "cancelled") throw conflict("This membership has already ended.");
  if (membership.cancel_at_period_end === 1) return;
  const stripe = await stripeFor(ctx);
  await callStripe(() =>
    stripe.subscriptions.update(
      membership.stripe_subscription_id!,
      { cancel_at_period_end: true },
      { idempotencyKey: `membership-cancel-${membership.id}` },
    ),
  );
  await ctx.db
    .updateTable("memberships")
    .set({ cancel_at_period_end: 1, updated_at: now.toISOString() })
    .where("id", "=", membership.id)
    .execute();
}

/** "Change card": a Stripe billing portal session for the member's Stripe customer; its address to go to. */
export async function changeCardUrl(ctx: Ctx, customerId: number, membershipId: number) {
  const membership = await ownMembership(ctx.db, customerId, membershipId);
  if (!membership.stripe_customer_id) throw new HttpError(409, "This membership has no card on file yet.");
  const stripe = await stripeFor(ctx);
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer: membership.stripe_customer_id!,
      return_url: `${ctx.config.publicUrl}/account`,
    }),
  );
  return session.url;
}

/**
 * The dashboard's and the books' membership figures: members paid up now, and the invoices paid from `since`
 * (until `until`), by default this month's so far.
 */
export async function membershipFigures(
  db: Db,
  now: Date = clockNow(),
  since = shopInstant(`${shopToday(now).slice(0, 7)}-01`, "00:00").toISOString(),
  until?: string,
) {
  const [active, income] = await Promise.all([
    db
      .selectFrom("memberships")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("status", "=", "active")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("money_movements")
      .select((eb) => eb.fn.sum<number | string | null>("amount_pence").as("total"))
      .where("kind", "=", "membership_invoice")
      .where("created_at", ">=", since)
      .$if(until !== undefined, (query) => query.where("created_at", "<", until!))
      .executeTakeFirstOrThrow(),
  ]);
  return { activeMembers: Number(active.count), income: toPounds(Number(income.total ?? 0)) };
}

/**
 * An erasure request ends the customer's memberships at once at Stripe (nothing more is taken from someone the
 * shop no longer knows); their rows stay, as the bookings do, for the books, with the customer row blanked.
 */
export async function endMembershipsForErasure(ctx: Ctx, customerId: number, now: Date = clockNow()) {
  const live = await ctx.db
    .selectFrom("memberships")
    .select(["id", "stripe_subscription_id"])
    .where("customer_id", "=", customerId)
    .where("status", "in", ["active", "past_due", "pending"])
    .execute();
  for (const membership of live) {
    if (membership.stripe_subscription_id) {
      const stripe = await stripeFor(ctx);
      await callStripe(() =>
        stripe.subscriptions.cancel(
          membership.stripe_subscription_id!,
          {},
          { idempotencyKey: `membership-erase-${membership.id}` },
        ),
      );
    }
    await ctx.db
      .updateTable("memberships")
      .set({ status: "cancelled", updated_at: now.toISOString() })
      .where("id", "=", membership.id)
      .execute();
  }
}
