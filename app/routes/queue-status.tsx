import { Form, data, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { waitWords } from "~/features/queue/components/queue-waits";
import { usePolling } from "~/features/queue/components/use-polling";
import { queueStatusPath, type QueueEntryStatus } from "~/features/queue/queue.schema";
import { entryStatus, leaveQueue } from "~/features/queue/queue.server";
import { seoMeta } from "~/features/seo/seo";
import { formFailure } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import type { Route } from "./+types/queue-status";

/** Often enough to see the queue move while standing outside (the issue asks no slower than 15 s). */
const POLL_MS = 10_000;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Your place in the queue", description: "", path: "/queue", noindex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return data({ status: await entryStatus(context, params.token), token: params.token });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data("Not found", { status: 404 });
    throw error;
  }
}

/** "Leave the queue": the same feature function as DELETE /api/queue/{token}. */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    await leaveQueue(context, params.token);
    return redirect(queueStatusPath(params.token), 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

function headline(status: QueueEntryStatus) {
  switch (status.status) {
    case "waiting":
      return status.position === 1 ? "You're next" : `You're number ${status.position} in the queue`;
    case "called":
      return "It's your turn: please come in to the chair";
    case "serving":
      return "You're in the chair";
    case "done":
      return "Thanks for coming in";
    case "left":
      return "You've left the queue";
    case "removed":
      return "You're no longer in the queue";
  }
}

export default function QueueStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, token } = loaderData;
  const live = status.status === "waiting" || status.status === "called";
  usePolling(live, POLL_MS);
  return (
    <PageMain>
      {live && (
        <noscript>
          <meta httpEquiv="refresh" content="30" />
        </noscript>
      )}
      <PageIntro eyebrow="Walk-in queue" title={`Hi ${status.name}`} />
      <PageSection aria-label="Your place" className="max-w-xl pt-8 sm:pt-10">
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            <p role="status" aria-live="polite" className="text-2xl font-semibold" data-testid="queue-headline">
              {headline(status)}
            </p>
            {status.status === "waiting" && (
              <p data-testid="queue-estimate">
                {status.estimatedStart
                  ? `Estimated start ${status.estimatedStart} (${waitWords(status.waitMinutes)}).`
                  : "We can't fit you in before closing today, sorry. Please ask at the desk."}
              </p>
            )}
            {actionData && "message" in actionData && <p role="alert">{actionData.message}</p>}
            {live && (
              <>
                <p className="text-sm text-muted-foreground">This page keeps itself up to date.</p>
                <Form method="post">
                  <Button type="submit" variant="outline" className="h-11">
                    Leave the queue
                  </Button>
                </Form>
              </>
            )}
            <p className="flex gap-4 text-sm">
              {live && (
                <a href={queueStatusPath(token)} className="underline underline-offset-4">
                  Refresh
                </a>
              )}
              <a href="/queue" className="underline underline-offset-4">
                The queue now
              </a>
            </p>
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
