import { redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Card, CardContent, CardTitle } from "~/components/ui/card";
import { MembershipJoinForm } from "~/features/memberships/components/membership-join-form";
import { listPlans } from "~/features/memberships/membership-plans.server";
import { joinOutcome, joinPlan } from "~/features/memberships/memberships.server";
import { joinMembershipSchema } from "~/features/memberships/memberships.schema";
import { seoMeta } from "~/features/seo/seo";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { formatShopInstant } from "~/lib/shop-time";
import type { Route } from "./+types/memberships";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Memberships",
    description: "A monthly membership: your regular cuts included, paid monthly, cancel any time.",
    path: "/memberships",
  });

/** The plans, and what became of a joining Stripe sent back (`?joined=` its session, `?cancelled=1`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const sessionId = search.get("joined");
  const outcome = sessionId ? await joinOutcome(context, sessionId).catch(() => undefined) : undefined;
  return {
    plans: await listPlans(context.db),
    shopName: (await context.settings()).shopName,
    cancelled: search.get("cancelled") === "1",
    joined: outcome
      ? {
          active: outcome.status === "active",
          planName: outcome.name,
          renews: outcome.period_end ? formatShopInstant(outcome.period_end, "medium") : null,
        }
      : null,
  };
}

/** Joining posts to Stripe's Checkout (the same function as POST /api/memberships). */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formTextValues(await request.formData());
  try {
    const join = joinMembershipSchema.parse(values);
    const { checkoutUrl } = await joinPlan(context, join, context.clientKey);
    return redirect(checkoutUrl, 303);
  } catch (error) {
    return formFailure(error, { values, planId: values.planId ?? "" });
  }
}

export default function MembershipsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, joined } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  return (
    <PageMain>
      <PageIntro eyebrow="Memberships" title={`${loaderData.shopName} memberships`} />
      <PageSection aria-label="Membership plans" className="grid max-w-xl gap-6 pt-8 sm:pt-10">
        {joined &&
          (joined.active ? (
            <p role="status">
              Welcome: your {joined.planName} membership is active
              {joined.renews ? ` and renews on ${joined.renews}` : ""}. Book with the same email address and your visits
              are included.
            </p>
          ) : (
            <p role="status">
              Thank you: your payment is being confirmed. It will show on your account page in a minute.
            </p>
          ))}
        {loaderData.cancelled && <p role="status">The payment was cancelled: nothing was charged.</p>}
        {plans.length === 0 && <p>No memberships are on offer at the moment. Please ask in the shop.</p>}
        {plans.map((plan) => {
          const mine = failure?.planId === String(plan.id) ? failure : undefined;
          return (
            <Card key={plan.id}>
              <CardContent className="grid gap-4 pt-5 sm:pt-6">
                <CardTitle level={2}>{plan.name}</CardTitle>
                {mine && <p role="alert">{mine.message}</p>}
                <MembershipJoinForm
                  key={mine ? "posted" : "fresh"}
                  plan={plan}
                  values={mine?.values ?? {}}
                  errors={mine?.fieldErrors ?? {}}
                />
              </CardContent>
            </Card>
          );
        })}
      </PageSection>
    </PageMain>
  );
}
