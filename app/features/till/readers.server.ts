import type { RequestContext } from "~/context";
import { StripeUnavailableError, requireStripeKeys, stripeClient } from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { notFound } from "~/lib/http-error";
import { createLocation, deleteReader, listReaders, registerReader } from "./terminal-stripe.server";
import type { Reader } from "./till.schema";

/*
 * The shop's card readers (Settings → Payments): registered with Stripe Terminal in the one location made from
 * the shop's address, and kept here by id, so a payment names a reader the shop owns. Their status (online or
 * offline) is Stripe's, read when they are listed.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

async function shopLocation(ctx: Ctx, now: Date) {
  const stored = await ctx.db
    .selectFrom("terminal_locations")
    .select("stripe_location_id")
    .where("id", "=", 1)
    .executeTakeFirst();
  if (stored) return stored.stripe_location_id;
  const client = await stripeClient(ctx.config, await requireStripeKeys(ctx));
  const location = await createLocation(client, await ctx.settings());
  await ctx.db
    .insertInto("terminal_locations")
    .values({ id: 1, stripe_location_id: location.id, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom("terminal_locations")
    .select("stripe_location_id")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return row.stripe_location_id;
}

/** POST /api/terminal/readers: registers a reader by the code it shows (`simulated-wpe` in test mode). */
export async function addReader(
  ctx: Ctx,
  input: { registrationCode: string; label: string },
  now = clockNow(),
): Promise<Reader> {
  const location = await shopLocation(ctx, now);
  const client = await stripeClient(ctx.config, await requireStripeKeys(ctx));
  const reader = await registerReader(client, { ...input, location });
  await ctx.db
    .insertInto("terminal_readers")
    .values({
      id: reader.id,
      label: reader.label ?? input.label,
      device_type: reader.device_type,
      location_id: location,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ label: reader.label ?? input.label }))
    .execute();
  return {
    id: reader.id,
    label: reader.label ?? input.label,
    status: reader.status ?? "offline",
    deviceType: reader.device_type,
    location,
  };
}

/** GET /api/terminal/readers: the shop's readers, each with Stripe's status ("unknown" while Stripe is away). */
export async function readers(ctx: Ctx): Promise<Reader[]> {
  const rows = await ctx.db.selectFrom("terminal_readers").selectAll().orderBy("created_at").execute();
  if (rows.length === 0) return [];
  let statuses = new Map<string, string>();
  try {
    const client = await stripeClient(ctx.config, await requireStripeKeys(ctx));
    const locations = [...new Set(rows.map((row) => row.location_id))];
    for (const location of locations) {
      for (const reader of await listReaders(client, location)) statuses.set(reader.id, reader.status ?? "offline");
    }
  } catch (error) {
    if (!(error instanceof StripeUnavailableError)) throw error;
    statuses = new Map();
  }
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    status: statuses.get(row.id) ?? "unknown",
    deviceType: row.device_type,
    location: row.location_id,
  }));
}

/** DELETE /api/terminal/readers/{id}: forgotten at Stripe and here. */
export async function removeReader(ctx: Ctx, id: string) {
  const row = await ctx.db.selectFrom("terminal_readers").select("id").where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Reader");
  await deleteReader(await stripeClient(ctx.config, await requireStripeKeys(ctx)), id);
  await ctx.db.deleteFrom("terminal_readers").where("id", "=", id).execute();
}
