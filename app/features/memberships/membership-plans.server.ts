import type Stripe from "stripe";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import {
  StripeUnavailableError,
  callStripe,
  paymentUnavailableMessage,
  requireStripeKeys,
  stripeClient,
} from "~/features/payments/index.server";
import { findServicesByIds } from "~/features/services/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, notFound } from "~/lib/http-error";
import { toPence, toPounds } from "~/lib/money";
import type { MembershipPlan, MembershipPlanInput } from "./memberships.schema";

/*
 * The owner's membership plans (issue 34): each is a Stripe Product with a monthly recurring Price in GBP. A new
 * price is a new Price (Stripe's prices cannot change), which only members joining from then on pay: a member's
 * subscription keeps the Price it started on. A retired plan takes no new members; its members go on.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

/** Runs Stripe calls for a plan; an outage answers 503 with the shop's phone and nothing is saved. */
async function withStripe<T>(ctx: Ctx, work: (stripe: Stripe) => Promise<T>) {
  const keys = await requireStripeKeys(ctx);
  const stripe = await stripeClient(ctx.config, keys);
  try {
    return await callStripe(() => work(stripe));
  } catch (error) {
    if (error instanceof StripeUnavailableError) {
      throw new HttpError(503, paymentUnavailableMessage((await ctx.settings()).phone));
    }
    throw error;
  }
}

const monthlyPrice = (stripe: Stripe, product: string, pence: number, key: string) =>
  stripe.prices.create(
    { product, currency: "gbp", unit_amount: pence, recurring: { interval: "month", interval_count: 1 } },
    { idempotencyKey: key },
  );

async function requireServices(db: Db, ids: readonly number[]) {
  const services = await findServicesByIds(db, [...ids]);
  if (services.length !== ids.length) throw badRequest("One of the services no longer exists", "serviceIds");
  return services;
}

async function planServices(db: Db, planIds: readonly number[]) {
  if (planIds.length === 0) return new Map<number, { id: number; title: string }[]>();
  const rows = await db
    .selectFrom("membership_plan_services")
    .innerJoin("services", "services.id", "membership_plan_services.service_id")
    .select(["membership_plan_services.plan_id", "services.id", "services.title"])
    .where("membership_plan_services.plan_id", "in", planIds)
    .orderBy("services.sort_order")
    .execute();
  const byPlan = new Map<number, { id: number; title: string }[]>();
  for (const row of rows) byPlan.set(row.plan_id, [...(byPlan.get(row.plan_id) ?? []), row]);
  return byPlan;
}

async function plansOf(db: Db, rows: Row<"membership_plans">[]): Promise<MembershipPlan[]> {
  const services = await planServices(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyPrice: toPounds(row.monthly_price_pence),
    visitsPerMonth: row.visits_per_month,
    serviceIds: (services.get(row.id) ?? []).map((service) => service.id),
    services: (services.get(row.id) ?? []).map((service) => service.title),
    active: row.active === 1,
  }));
}

/** GET /api/membership-plans: the plans open to new members (the owner sees retired ones too). */
export async function listPlans(db: Db, { withRetired = false } = {}) {
  const rows = await db
    .selectFrom("membership_plans")
    .selectAll()
    .$if(!withRetired, (query) => query.where("active", "=", 1))
    .orderBy("monthly_price_pence")
    .orderBy("id")
    .execute();
  return plansOf(db, rows);
}

export async function loadPlan(db: Db, id: number) {
  const row = await db.selectFrom("membership_plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Membership plan");
  return row;
}

export const planById = async (db: Db, id: number) => (await plansOf(db, [await loadPlan(db, id)]))[0]!;

async function writeServices(trx: Db, planId: number, serviceIds: readonly number[]) {
  await trx.deleteFrom("membership_plan_services").where("plan_id", "=", planId).execute();
  await trx
    .insertInto("membership_plan_services")
    .values(serviceIds.map((serviceId) => ({ plan_id: planId, service_id: serviceId })))
    .execute();
}

/** POST /api/membership-plans: the Product and its monthly Price at Stripe first, then the plan. */
export async function createPlan(ctx: Ctx, input: MembershipPlanInput, now: Date = clockNow()) {
  await requireServices(ctx.db, input.serviceIds);
  const pence = toPence(input.monthlyPrice);
  // One key for the whole request: the owner's double click makes one Product.
  const key = `membership-plan-${now.getTime()}-${input.name}`;
  const { product, price } = await withStripe(ctx, async (stripe) => {
    const product = await stripe.products.create(
      { name: input.name, ...(input.description ? { description: input.description } : {}) },
      { idempotencyKey: `${key}-product` },
    );
    return { product, price: await monthlyPrice(stripe, product.id, pence, `${key}-price-${pence}`) };
  });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("membership_plans")
      .values({
        name: input.name,
        description: input.description,
        monthly_price_pence: pence,
        visits_per_month: input.visitsPerMonth,
        stripe_product_id: product.id,
        stripe_price_id: price.id,
        active: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeServices(trx, id, input.serviceIds);
    return id;
  });
  return planById(ctx.db, id);
}

/**
 * PUT /api/membership-plans/{id}: a new monthly price makes a new Price (the old one is archived, so Stripe's
 * dashboard offers it no more) that new members pay; members already in keep the Price they joined on.
 */
export async function updatePlan(ctx: Ctx, id: number, input: MembershipPlanInput, now: Date = clockNow()) {
  const plan = await loadPlan(ctx.db, id);
  await requireServices(ctx.db, input.serviceIds);
  const pence = toPence(input.monthlyPrice);
  const priceId = await withStripe(ctx, async (stripe) => {
    await stripe.products.update(plan.stripe_product_id, {
      name: input.name,
      ...(input.description ? { description: input.description } : {}),
    });
    if (pence === plan.monthly_price_pence) return plan.stripe_price_id;
    const price = await monthlyPrice(
      stripe,
      plan.stripe_product_id,
      pence,
      `membership-plan-${id}-price-${pence}-${plan.stripe_price_id}`,
    );
    await stripe.prices.update(plan.stripe_price_id, { active: false });
    return price.id;
  });
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("membership_plans")
      .set({
        name: input.name,
        description: input.description,
        monthly_price_pence: pence,
        visits_per_month: input.visitsPerMonth,
        stripe_price_id: priceId,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    await writeServices(trx, id, input.serviceIds);
  });
  return planById(ctx.db, id);
}

/** DELETE /api/membership-plans/{id}: retired, not removed — its members go on, nobody new joins. */
export async function retirePlan(ctx: Ctx, id: number, now: Date = clockNow()) {
  const plan = await loadPlan(ctx.db, id);
  if (plan.active === 1) {
    await withStripe(ctx, (stripe) => stripe.products.update(plan.stripe_product_id, { active: false }));
  }
  await ctx.db
    .updateTable("membership_plans")
    .set({ active: 0, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}
