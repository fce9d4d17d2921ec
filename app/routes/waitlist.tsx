import { Link, data, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Card, CardContent } from "~/components/ui/card";
import { seoMeta } from "~/features/seo/seo";
import { listServices } from "~/features/services/services.server";
import { listPublicTeam } from "~/features/team/team.server";
import { WaitlistJoinForm, type JoinFormDefaults } from "~/features/waitlist/components/waitlist-join-form";
import { JOINED_MESSAGE, waitlistJoinSchema } from "~/features/waitlist/waitlist.schema";
import { joinWaitlist } from "~/features/waitlist/waitlist.server";
import { formFailure } from "~/lib/form-action.server";
import { shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Join the waitlist",
    description: "When a time that suits you frees up, we offer it to you first.",
    path: "/waitlist",
    noindex: true,
  });

/** The booking page's choices (date, service, barber) fill the form in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const [services, team] = await Promise.all([listServices(context.db), listPublicTeam(context.db)]);
  return data({
    services,
    team,
    today: shopToday(),
    joined: search.get("joined") === "1",
    textsOffered: context.config.twilio !== undefined,
    defaults: {
      date: search.get("date") ?? "",
      serviceIds: search.getAll("service"),
      barber: search.get("barber") ?? "any",
      earliest: "",
      latest: "",
      customerName: "",
      customerEmail: "",
      customerPhone: "",
    } satisfies JoinFormDefaults,
  });
}

/** The same schema and feature function as POST /api/waitlist, under the same limits. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const body = { ...Object.fromEntries(form), services: form.getAll("services") };
  try {
    await joinWaitlist(context, waitlistJoinSchema.parse(body), context.clientKey);
    return redirect("/waitlist?joined=1", 303);
  } catch (error) {
    const values = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
    return formFailure(error, { values, serviceIds: form.getAll("services").map(String) });
  }
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData && "values" in actionData ? actionData : undefined;
  const defaults: JoinFormDefaults = posted
    ? {
        ...loaderData.defaults,
        ...posted.values,
        barber: posted.values.memberId ?? "any",
        serviceIds: posted.serviceIds,
      }
    : loaderData.defaults;
  return (
    <PageMain>
      <PageIntro eyebrow="Waitlist" title="Join the waitlist" />
      <PageSection aria-label="Join the waitlist" className="max-w-xl pt-8 sm:pt-10">
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            {loaderData.joined ? (
              <p role="status">{JOINED_MESSAGE}</p>
            ) : (
              <p>
                Fully booked on the day you want? Tell us when and what: when a time that fits frees up, we e-mail you a
                link and hold the time for you first, in the order people joined.
              </p>
            )}
            {posted && <p role="alert">{posted.message}</p>}
            <WaitlistJoinForm
              key={posted ? "posted" : "fresh"}
              services={loaderData.services}
              team={loaderData.team}
              today={loaderData.today}
              defaults={defaults}
              fieldErrors={posted?.fieldErrors ?? {}}
              textsOffered={loaderData.textsOffered}
            />
            <Link to="/bookings" className="text-sm underline underline-offset-4">
              Back to booking
            </Link>
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
