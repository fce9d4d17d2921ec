import { Download, LogOut } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { cancelOwnMembership, ownCardChangeUrl } from "~/features/account/account-memberships.server";
import { AccountBookingCard } from "~/features/account/components/account-booking-card";
import { MembershipCard } from "~/features/memberships/components/membership-card";
import { SIGN_IN_SENT_MESSAGE, accountSections, signInRequestSchema } from "~/features/account/account.schema";
import {
  customerOfSession,
  customerSessionTokenOf,
  eraseOwnData,
  getAccount,
  requestSignInLink,
  signOutCustomer,
} from "~/features/account/account.server";
import { seoMeta } from "~/features/seo/seo";
import { formFailure } from "~/lib/form-action.server";
import { badRequest } from "~/lib/http-error";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Bookings",
    description: "See your bookings, book again, change an appointment or download your data.",
    path: "/account",
    noindex: true,
  });

const sessionOf = (request: Request) => customerSessionTokenOf(request.headers.get("cookie"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const email = await customerOfSession(context.db, sessionOf(request));
  const search = new URL(request.url).searchParams;
  return {
    account: email ? await getAccount(context, email) : null,
    sent: search.has("sent"),
    erased: search.has("erased"),
  };
}

/**
 * The page's forms, with and without JavaScript: the same feature calls as POST /api/account/sign-in,
 * POST /api/account/sign-out and DELETE /api/account. Each write answers with a redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const session = sessionOf(request);
  try {
    if (form.intent === "sign-in") {
      const { email } = signInRequestSchema.parse(form);
      await requestSignInLink(context, email, context.clientKey);
      return redirect("/account?sent");
    }
    if (form.intent === "sign-out") {
      return redirect("/account", { headers: { "Set-Cookie": await signOutCustomer(context, session) } });
    }
    if (form.intent === "erase") {
      const email = await customerOfSession(context.db, session);
      if (!email) return redirect("/account");
      if (form.confirmed !== "yes") return { intent: "erase" as const, confirmErase: true };
      await eraseOwnData(context, email);
      return redirect("/account?erased", { headers: { "Set-Cookie": await signOutCustomer(context, session) } });
    }
    if (form.intent === "membership-cancel" || form.intent === "membership-card") {
      const email = await customerOfSession(context.db, session);
      if (!email) return redirect("/account");
      const id = Number(form.membershipId);
      if (form.intent === "membership-card") return redirect(await ownCardChangeUrl(context, email, id), 303);
      await cancelOwnMembership(context, email, id);
      return redirect("/account", 303);
    }
    throw badRequest("Unknown action");
  } catch (error) {
    return formFailure(error, { intent: String(form.intent ?? "") });
  }
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  if (!account)
    return (
      <SignInRequest
        sent={loaderData.sent}
        erased={loaderData.erased}
        failure={actionData && "message" in actionData ? actionData : undefined}
      />
    );
  const { upcoming, cancelled, past } = accountSections(account.bookings);
  const confirmErase = actionData && "confirmErase" in actionData;
  return (
    <PageMain>
      <PageIntro eyebrow="Your page" title="Your Bookings">
        <p>
          {account.name ? `Hello ${account.name}. ` : ""}Signed in as {account.email}.
        </p>
      </PageIntro>
      <PageSection aria-label="Your bookings" className="grid max-w-3xl gap-8 pt-8 sm:pt-10">
        {account.memberships.length > 0 && (
          <section aria-labelledby="membership-heading" className="grid gap-3">
            <h2 id="membership-heading" className="text-2xl font-semibold">
              Your membership
            </h2>
            {account.memberships.map((membership) => (
              <MembershipCard key={membership.id} membership={membership} />
            ))}
          </section>
        )}
        <section aria-labelledby="upcoming-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="upcoming-heading" className="text-2xl font-semibold">
              Upcoming
            </h2>
            <Button asChild variant="accent">
              <Link to="/bookings">Book an appointment</Link>
            </Button>
          </div>
          {upcoming.length === 0 ? (
            <p className="text-muted-foreground">No appointments to come.</p>
          ) : (
            <ul className="grid gap-3">
              {upcoming.map((booking) => (
                <AccountBookingCard key={booking.reference} booking={booking} />
              ))}
            </ul>
          )}
        </section>
        {cancelled.length > 0 && (
          <section aria-labelledby="cancelled-heading" className="grid gap-3">
            <h2 id="cancelled-heading" className="text-2xl font-semibold">
              Cancelled
            </h2>
            <ul className="grid gap-3">
              {cancelled.map((booking) => (
                <AccountBookingCard key={booking.reference} booking={booking} />
              ))}
            </ul>
          </section>
        )}
        {past.length > 0 && (
          <section aria-labelledby="past-heading" className="grid gap-3">
            <h2 id="past-heading" className="text-2xl font-semibold">
              Past visits
            </h2>
            <ul className="grid gap-3">
              {past.map((booking) => (
                <AccountBookingCard key={booking.reference} booking={booking} />
              ))}
            </ul>
          </section>
        )}
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">Your data</h2>
            <p className="text-sm text-muted-foreground">
              Download everything we hold under your address, or erase it: your upcoming appointments are cancelled
              first, and your past visits keep only their dates and prices.
            </p>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <Button asChild variant="outline">
                <a href="/api/account/export" download>
                  <Download aria-hidden />
                  Download my data
                </a>
              </Button>
              <Form method="post">
                <input type="hidden" name="intent" value="erase" />
                <Button type="submit" variant="destructive" className="w-full sm:w-auto">
                  Erase my data
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out" />
                <Button type="submit" variant="ghost" className="w-full sm:w-auto">
                  <LogOut aria-hidden />
                  Sign out
                </Button>
              </Form>
            </div>
            {confirmErase && (
              <Form
                method="post"
                role="group"
                aria-labelledby="confirm-erase"
                className="grid gap-3 rounded-md border border-destructive/40 p-4"
              >
                <p id="confirm-erase" className="font-semibold">
                  Erase everything we hold about you?
                </p>
                <p className="text-sm text-muted-foreground">
                  {upcoming.some((booking) => booking.status === "confirmed")
                    ? "Your upcoming appointments will be cancelled. "
                    : ""}
                  This cannot be undone.
                </p>
                <input type="hidden" name="intent" value="erase" />
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button type="submit" name="confirmed" value="yes" variant="destructive">
                    Yes, erase my data
                  </Button>
                  <Button asChild variant="outline">
                    <Link to=".">Keep my data</Link>
                  </Button>
                </div>
              </Form>
            )}
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}

function SignInRequest({
  sent,
  erased,
  failure,
}: {
  sent: boolean;
  erased: boolean;
  failure: { message?: string; fieldErrors?: Record<string, string> } | undefined;
}) {
  return (
    <PageMain>
      <PageIntro eyebrow="Your page" title="Your Bookings">
        <p>See your bookings, book again in two taps, or change an appointment. No password: we email you a link.</p>
      </PageIntro>
      <PageSection aria-label="Sign in" className="max-w-xl pt-8 sm:pt-10">
        <Card>
          <CardHeader>
            <h2 className="text-2xl font-semibold">Sign in with your email</h2>
            <p className="text-sm text-muted-foreground">Use the address you booked with.</p>
          </CardHeader>
          <CardContent className="grid gap-4">
            {erased && (
              <p role="status" className="rounded-md bg-muted p-3 text-sm">
                Your data has been erased and you are signed out.
              </p>
            )}
            {sent && (
              <p role="status" className="rounded-md border border-green-700/40 bg-green-50 p-3 text-sm text-green-900">
                {SIGN_IN_SENT_MESSAGE}
              </p>
            )}
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="sign-in" />
              <FormField label="Email" error={failure?.fieldErrors?.email ?? failure?.message}>
                {(field) => (
                  <Input {...field} name="email" type="email" autoComplete="email" spellCheck={false} required />
                )}
              </FormField>
              <Button type="submit" className="h-11 sm:justify-self-start">
                Email me a link
              </Button>
            </Form>
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
