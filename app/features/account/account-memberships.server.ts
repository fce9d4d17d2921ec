import type { RequestContext } from "~/context";
import { cancelMembership, changeCardUrl, customerMemberships } from "~/features/memberships/index.server";
import { notFound } from "~/lib/http-error";
import { customerSignedIn } from "./account.server";

/* The customer's own memberships on their page: "Cancel membership" and "Change card" (decision 058). */

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

async function signedInCustomerId(ctx: Ctx, email: string) {
  const customer = await customerSignedIn(ctx.db, email);
  if (!customer) throw notFound("Membership");
  return customer.id;
}

/** Ends the membership at its paid period's end; answers the customer's memberships as they now stand. */
export async function cancelOwnMembership(ctx: Ctx, email: string, membershipId: number) {
  const customerId = await signedInCustomerId(ctx, email);
  await cancelMembership(ctx, customerId, membershipId);
  return customerMemberships(ctx.db, customerId);
}

/** Where the customer changes the card the membership is paid with: Stripe's billing portal. */
export async function ownCardChangeUrl(ctx: Ctx, email: string, membershipId: number) {
  return changeCardUrl(ctx, await signedInCustomerId(ctx, email), membershipId);
}
