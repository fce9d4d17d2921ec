import { CalendarPlus } from "lucide-react";
import { Link, data } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { reschedulePickerQuerySchema } from "~/features/booking/booking.schema";
import { type ManagedBooking } from "~/features/booking/booking-answers.schema";
import { BookingFacts } from "~/features/booking/components/booking-confirmation";
import { getManagePage } from "~/features/booking/manage.server";
import { seoMeta } from "~/features/seo/seo";
import { manageTokenAfterCheckout } from "~/features/payments/checkout-return.server";
import { PaymentNote } from "~/features/payments/components/payment-note";
import { checkoutOutcome } from "~/features/booking/write/settle.server";
import { pendingByReference } from "~/features/payments/payments.server";
import { formatPounds } from "~/lib/money";
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
 * webhook has not arrived yet, through the same path, so the customer sees "confirmed" at once, with the
 * booking, what was paid, the calendar file and the manage link (for an hour: see `RECEIPT_MINUTES`); with the
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
  const token = sessionId && found.status === "confirmed" ? await manageTokenAfterCheckout(context, sessionId) : null;
  const booking: ManagedBooking | null = token
    ? (await getManagePage(context, token, reschedulePickerQuerySchema.parse({}))).booking
    : null;
  return {
    reference: found.reference,
    status: found.status,
    cardSaved: found.paymentStatus === "card_saved",
    booking,
    token,
    payAgain: found.status === "awaiting_payment" ? found.checkout_url : null,
    holdUntil:
      found.status === "awaiting_payment" ? formatShopInstant(found.expires_at, "short", { withTime: true }) : null,
  };
}

/** "Thank you": what arrived, in words that are true for the policy (a saved card has been charged nothing). */
function thanks(payment: ManagedBooking["payment"] | undefined, cardSaved: boolean) {
  if (cardSaved) {
    return "Thank you: your card has been saved and nothing has been charged. Your appointment is confirmed.";
  }
  const what =
    payment?.status === "paid"
      ? `your ${formatPounds(payment.amount)} ${payment.kind === "deposit" ? "deposit" : "payment"}`
      : "your payment";
  return `Thank you: ${what} has arrived and your appointment is confirmed.`;
}

export default function BookingPaidPage({ loaderData }: Route.ComponentProps) {
  const { reference, status, cardSaved, booking, token, payAgain, holdUntil } = loaderData;
  const title = status === "confirmed" ? "Your appointment is confirmed" : "Your payment is not complete";
  return (
    <PageMain>
      <PageIntro eyebrow="Online booking" title={title} />
      <PageSection>
        <Card className="max-w-xl">
          <CardContent className="grid gap-5 pt-5 sm:pt-6">
            {status === "confirmed" && (
              <p>
                {thanks(booking?.payment, cardSaved)} A confirmation mail is on its way
                {booking ? "." : ", with the link to view, move or cancel your booking."}
              </p>
            )}
            {booking && token ? (
              <>
                <BookingFacts booking={booking} />
                <PaymentNote payment={booking.payment} />
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  <Button asChild variant="accent">
                    <a href={`/api/bookings/manage/${token}/calendar.ics`} download>
                      <CalendarPlus aria-hidden />
                      Add to calendar
                    </a>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={`/bookings/manage/${token}`}>View, move or cancel your booking</Link>
                  </Button>
                </div>
              </>
            ) : (
              <p>
                Booking reference: <strong data-testid="booking-reference">{reference}</strong>
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
