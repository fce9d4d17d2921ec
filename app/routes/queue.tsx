import { data, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Card, CardContent } from "~/components/ui/card";
import { QueueJoinForm, type QueueFormValues } from "~/features/queue/components/queue-join-form";
import { QueueWaits } from "~/features/queue/components/queue-waits";
import { queueJoinSchema, queueStatusPath } from "~/features/queue/queue.schema";
import { getQueue, joinQueue } from "~/features/queue/queue.server";
import { seoMeta } from "~/features/seo/seo";
import { listServices } from "~/features/services/services.server";
import { listPublicTeam } from "~/features/team/team.server";
import { formFailure } from "~/lib/form-action.server";
import type { Route } from "./+types/queue";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Walk-in queue",
    description: "Join the walk-in queue from your phone and see your wait, worked out from the day's bookings.",
    path: "/queue",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [state, services, team] = await Promise.all([
    getQueue(context),
    listServices(context.db),
    listPublicTeam(context.db),
  ]);
  return data({ state, services, team, textsOffered: context.config.twilio !== undefined });
}

/** The same schema and feature function as POST /api/queue; then the customer's own page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const body = { ...Object.fromEntries(form), serviceIds: form.getAll("serviceIds") };
  try {
    const joined = await joinQueue(context, queueJoinSchema.parse(body), context.clientKey);
    return redirect(queueStatusPath(joined.token), 303);
  } catch (error) {
    const values = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
    return formFailure(error, { values, serviceIds: form.getAll("serviceIds").map(String) });
  }
}

export default function QueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  const posted = actionData && "values" in actionData ? actionData : undefined;
  const values: QueueFormValues = {
    name: posted?.values.name ?? "",
    phone: posted?.values.phone ?? "",
    memberId: posted?.values.memberId ?? "any",
    serviceIds: posted?.serviceIds ?? [],
  };
  return (
    <PageMain>
      <PageIntro eyebrow="Walk-ins welcome" title="Join the queue" />
      <PageSection aria-label="The queue now" className="grid max-w-xl gap-6 pt-8 sm:pt-10">
        <Card>
          <CardContent className="grid gap-3 pt-5 sm:pt-6">
            <p>
              {state.waiting === 1 ? "1 person is" : `${state.waiting} people are`} waiting. Your wait, worked out from
              the day's bookings:
            </p>
            <QueueWaits state={state} />
            <a href="/queue" className="text-sm underline underline-offset-4">
              Refresh the waits
            </a>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            {posted && <p role="alert">{posted.message}</p>}
            {state.open ? (
              <QueueJoinForm
                key={posted ? "posted" : "fresh"}
                services={loaderData.services}
                team={loaderData.team}
                values={values}
                fieldErrors={posted?.fieldErrors ?? {}}
                textsOffered={loaderData.textsOffered}
              />
            ) : (
              <p role="status">{state.reason}</p>
            )}
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
