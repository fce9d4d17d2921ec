import { Form, Link, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { customerSessionTokenOf, redeemSignInLink } from "~/features/account/account.server";
import { seoMeta } from "~/features/seo/seo";
import { formFailure } from "~/lib/form-action.server";
import type { Route } from "./+types/account-sign-in";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Sign in", description: "Sign in to your bookings.", path: "/account", noindex: true });

/*
 * Opening the mailed link signs nobody in: mail scanners and link previews open links before the customer
 * does. Only the Continue button's post (the same call as POST /api/account/sign-in/{token}) uses it.
 */

export async function action({ params, request, context }: Route.ActionArgs) {
  try {
    const { cookie } = await redeemSignInLink(
      context,
      params.token,
      customerSessionTokenOf(request.headers.get("cookie")),
    );
    return redirect("/account", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function AccountSignInPage({ actionData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Your page" title="Sign in" />
      <PageSection aria-label="Sign in" className="max-w-xl pt-8 sm:pt-10">
        <Card>
          {actionData ? (
            <>
              <CardHeader>
                <h2 className="text-2xl font-semibold">This link no longer works</h2>
              </CardHeader>
              <CardContent className="grid gap-4">
                <p role="alert">{actionData.message}</p>
                <Button asChild className="h-11 justify-self-start">
                  <Link to="/account">Get a new link</Link>
                </Button>
              </CardContent>
            </>
          ) : (
            <>
              <CardHeader>
                <h2 className="text-2xl font-semibold">Continue to your bookings</h2>
                <p className="text-sm text-muted-foreground">
                  The link works once. You stay signed in on this device for 30 days, or until you sign out.
                </p>
              </CardHeader>
              <CardContent>
                <Form method="post">
                  <Button type="submit" variant="accent" className="h-11 w-full sm:w-auto">
                    Continue
                  </Button>
                </Form>
              </CardContent>
            </>
          )}
        </Card>
      </PageSection>
    </PageMain>
  );
}
