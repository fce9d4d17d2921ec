import { Link, data } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { seoMeta } from "~/features/seo/seo";
import { checkoutOutcome, pendingByReference } from "~/features/payments/payments.server";
import { formatShopInstant } from "~/lib/shop-time";
import type { Route } from "./+types/booking-paid";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Payment",
    description: "Your booking's payment.",
    path: "/bookings/paid",
    noindex: true,
  });

/**
 * Where Stripe's Checkout sends the customer back: with the session (paid) it asks Stripe itself when the
 * webhook has not arrived yet, through the same path, so the customer sees "confirmed" at once; with the
 * reference (they left Checkout) it says how long the time stays held and offers to pay again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const sessionId = query.get("session_id");
  const reference = query.get("reference");
  const found = sessionId
    ? await checkoutOutcome(context, sessionId).catch(() => undefined)
    : reference && /^OB-[A-Z0-9]{8}$/.test(reference)
      ? await pendingByReference(context.db, reference)
      : undefined;
  if (!found) throw data({ message: "Booking not found" }, { status: 404 });
  return {
    reference: found.reference,
    status: found.status,
    payAgain: found.status === "awaiting_payment" ? found.checkout_url : null,
    holdUntil:
      found.status === "awaiting_payment" ? formatShopInstant(found.expires_at, "short", { withTime: true }) : null,
  };
}

export default function BookingPaidPage({ loaderData }: Route.ComponentProps) {
  const { reference, status, payAgain, holdUntil } = loaderData;
  const title = status === "confirmed" ? "Your appointment is confirmed" : "Your payment is not complete";
  return (
    <PageMain>
      <PageIntro eyebrow="Online booking" title={title} />
      <PageSection>
        <Card className="max-w-xl">
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            <p>
              Booking reference: <strong data-testid="booking-reference">{reference}</strong>
            </p>
            {status === "confirmed" && (
              <p>
                Thank you: your payment has arrived and your appointment is confirmed. A confirmation mail is on its
                way.
              </p>
            )}
            {status === "awaiting_payment" && (
              <>
                <p>Your time is held until {holdUntil}. It is confirmed once paid.</p>
                {payAgain && (
                  <Button asChild className="justify-self-start">
                    <a href={payAgain}>Pay now</a>
                  </Button>
                )}
              </>
            )}
            {status === "expired" && <p>The payment did not arrive in time, so the time has been released.</p>}
            <Link to="/bookings" className="underline">
              Book another appointment
            </Link>
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
