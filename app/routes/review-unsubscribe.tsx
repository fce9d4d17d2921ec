import { Form, Link } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { unsubscribeFromReviews } from "~/features/reviews/review-requests.server";
import { seoMeta } from "~/features/seo/seo";
import { formFailure } from "~/lib/form-action.server";
import type { Route } from "./+types/review-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Review requests",
    description: "Stop review requests.",
    path: "/reviews/unsubscribe",
    noindex: true,
  });

/*
 * The mail's link opens this page and its one button unsubscribes: a link scanner opening every link
 * must not unsubscribe anyone. Mail clients use the one-click POST of the List-Unsubscribe header instead.
 */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    return await unsubscribeFromReviews(context.db, params.token);
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function ReviewUnsubscribePage({ actionData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Review requests" title="No more review requests" />
      <PageSection aria-label="Unsubscribe" className="max-w-xl pt-8 sm:pt-10">
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            {actionData && "unsubscribed" in actionData ? (
              <p role="status">Done: we will not ask you for a review again. Your bookings are not affected.</p>
            ) : (
              <>
                {actionData && "message" in actionData && <p role="alert">{actionData.message}</p>}
                <p>After a visit we sometimes ask for a review. One tap and we will not ask again.</p>
                <Form method="post">
                  <Button type="submit" className="h-11 w-full sm:w-auto">
                    Unsubscribe
                  </Button>
                </Form>
              </>
            )}
            <Link to="/" className="text-sm underline underline-offset-4">
              Back to the home page
            </Link>
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
