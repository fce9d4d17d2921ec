import { Form, Link, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { PaymentNote } from "~/features/payments/components/payment-note";
import { seoMeta } from "~/features/seo/seo";
import type { WaitlistOffer } from "~/features/waitlist/waitlist.schema";
import { claimWaitlistOffer } from "~/features/booking/write/booking-write.server";
import { declineOffer, getOffer, offerPaymentAsk } from "~/features/waitlist/waitlist-offers.server";
import { formatPence } from "~/lib/money";
import { formFailure } from "~/lib/form-action.server";
import { pageData } from "~/lib/page-errors";
import { formatShopDate, formatTime, formatTimeRange, shopMoment } from "~/lib/shop-time";
import type { Route } from "./+types/waitlist-offer";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "A time for you",
    description: "A time you were waiting for.",
    path: "/waitlist",
    noindex: true,
  });

/*
 * The offer's mailed link opens this page, which only shows the offer: mail scanners open links before the
 * customer does. Only the Claim button's post (the same call as POST /api/waitlist/{token}/claim) books;
 * "No thanks" (POST …/decline) passes the time to the next person waiting.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const offer = await pageData(getOffer(context.db, params.token));
  return { offer, asked: offer.status === "offered" ? await offerPaymentAsk(context, params.token) : null };
}

type Asked = NonNullable<Route.ComponentProps["loaderData"]["asked"]>;

/** What Claim will ask, said beside the button before the customer is sent to Stripe's Checkout. */
function askedWords(asked: Asked) {
  const amount = formatPence(asked.amountPence);
  switch (asked.kind) {
    case "deposit":
      return `To keep this time we ask a ${amount} deposit, paid online when you claim (Stripe's secure checkout). It is refunded if you cancel ${asked.noticeHours} hours ahead.`;
    case "prepayment":
      return `This time is paid in advance: ${amount}, paid online when you claim (Stripe's secure checkout). It is refunded if you cancel ${asked.noticeHours} hours ahead.`;
    case "card":
      return `To keep this time we ask you to save a card when you claim (Stripe's secure checkout). Nothing is charged now; a fee of ${amount} may be charged for a no-show or a cancellation inside ${asked.noticeHours} hours.`;
  }
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const intent = (await request.formData()).get("intent");
  try {
    if (intent === "decline") await declineOffer(context, params.token);
    else {
      const claimed = await claimWaitlistOffer(context, {
        actor: { kind: "customer", client: context.clientKey },
        token: params.token,
      });
      // The shop asks a deposit or card: on to Stripe's Checkout, as from the booking page.
      if (claimed.payment?.checkoutUrl) return redirect(claimed.payment.checkoutUrl, 303);
    }
    // Post, redirect, get: a reload shows the booked or declined offer instead of posting again.
    return redirect(`/waitlist/${params.token}`, 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function WaitlistOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, asked } = loaderData;
  const payment = asked ? askedWords(asked) : null;
  // Claimed: yours while the booking stands (a claim from before its booking was recorded counts as standing).
  const standing = offer.status === "booked" && (offer.bookingStatus ?? "confirmed") === "confirmed";
  const when =
    offer.startTime && offer.endTime
      ? `${formatShopDate(offer.date, "weekdayDate")}, ${formatTimeRange(offer.startTime, offer.endTime)}`
      : formatShopDate(offer.date, "weekdayDate");
  return (
    <PageMain>
      <PageIntro eyebrow="Waitlist" title={standing ? "It's yours" : "A time for you"} />
      <PageSection aria-label="The offered time" className="max-w-xl pt-8 sm:pt-10">
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            <dl className="grid gap-1">
              <dt className="text-sm text-muted-foreground">When</dt>
              <dd className="text-lg font-semibold">{when}</dd>
              {offer.memberName && (
                <>
                  <dt className="text-sm text-muted-foreground">With</dt>
                  <dd>{offer.memberName}</dd>
                </>
              )}
              <dt className="text-sm text-muted-foreground">Services</dt>
              <dd>{offer.services.join(", ")}</dd>
            </dl>
            {offer.status === "booked" ? (
              <>
                <ClaimedBooking status={offer.bookingStatus} />
                <PaymentNote payment={offer.payment} />
              </>
            ) : offer.message ? (
              <p role="alert">{offer.message}</p>
            ) : (
              <>
                {actionData && "message" in actionData && <p role="alert">{actionData.message}</p>}
                <p>
                  We are holding this time for you until {formatTime(shopMoment(new Date(offer.expiresAt!)).time)}.
                  After that it goes to the next person waiting.
                </p>
                {payment && (
                  <p className="rounded-md border border-border bg-muted p-3 text-sm" data-testid="claim-payment">
                    {payment}
                  </p>
                )}
                <Form method="post" className="flex flex-col gap-3 sm:flex-row">
                  <Button
                    type="submit"
                    name="intent"
                    value="claim"
                    className="h-auto min-h-11 w-full whitespace-normal sm:w-auto"
                  >
                    Claim this time
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="decline"
                    variant="outline"
                    className="h-11 w-full sm:w-auto"
                  >
                    No thanks, offer it to someone else
                  </Button>
                </Form>
              </>
            )}
            <Link to="/bookings" className="text-sm underline underline-offset-4">
              Book another time
            </Link>
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}

/** What became of the booking a claim made. */
function ClaimedBooking({ status }: { status: WaitlistOffer["bookingStatus"] }) {
  switch (status) {
    case "awaiting_payment":
      return (
        <p role="status">Claimed: pay below to keep this time. Your confirmation comes by e-mail once it is paid.</p>
      );
    case "expired":
      return <p role="alert">This time was not paid for in time, so it went to the next person waiting.</p>;
    case "cancelled":
      return <p role="alert">This booking has been cancelled. We sent the details by e-mail.</p>;
    default:
      return (
        <p role="status">
          Booked: this time is yours. Your confirmation, with the link to change or cancel it, is on its way by e-mail.
        </p>
      );
  }
}
