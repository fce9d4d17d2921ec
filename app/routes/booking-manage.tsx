import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { Form, Link, data, isRouteErrorResponse, redirect, useRevalidator } from "react-router";
import { ErrorPage, GeneralErrorBoundary } from "~/components/layout/error-page";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast-store";
import { BookingFacts } from "~/features/booking/components/booking-confirmation";
import { ReschedulePicker } from "~/features/booking/components/reschedule-picker";
import { CANCEL_FOLLOWING_LABEL, cancelQuestion } from "~/features/booking/components/repeat-picker";
import {
  cancelRequestSchema,
  movedTooOftenMessage,
  reschedulePickerQuerySchema,
  rescheduleRequestSchema,
  type CancelScope,
  type ManagedBooking,
} from "~/features/booking/booking.schema";
import { cancelBookingByToken, getManagePage, rescheduleBookingByToken } from "~/features/booking/manage.server";
import { ApiError, api } from "~/lib/api-client";
import { formFailure } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import { seoMeta } from "~/features/seo/seo";
import { ShopPhoneLink } from "~/features/settings/components/shop-phone-link";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import type { Route } from "./+types/booking-manage";
import { PaymentNote } from "~/features/payments/components/payment-note";

const STATUS_LABELS: Record<ManagedBooking["status"], string> = {
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  awaiting_payment: "Awaiting payment",
  expired: "Expired",
};

const CLOSED_TEXTS: Record<ManagedBooking["status"], string> = {
  confirmed: "",
  cancelled: "This booking has been cancelled and the time is free again.",
  awaiting_payment: "This booking is confirmed once paid.",
  expired: "This booking was not paid in time, so the time has been released.",
};

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Booking",
    description: "View, move or cancel your appointment.",
    path: "/bookings/manage",
    // The address is the customer's private key: never in search results.
    noindex: true,
  });

/** Where a change posted by the page's forms is shown: the page itself, so a reload does not send it again. */
const afterChange = (token: string, change: "cancelled" | "moved") =>
  change === "moved" ? `/bookings/manage/${token}?moved=1#reschedule-heading` : `/bookings/manage/${token}`;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  try {
    const search = new URL(request.url).searchParams;
    const picker = reschedulePickerQuerySchema.parse(Object.fromEntries(search));
    const page = await getManagePage(context, params.token, picker);
    // Just moved by the page's form: the page says where to, as it does after a move made in place.
    const moved = search.get("moved") === "1" && page.booking.status === "confirmed";
    return { ...page, token: params.token, moved };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/**
 * The page's forms posted without JavaScript (and the hydrated move): the same schema and the same
 * feature calls as POST /api/bookings/manage/{token}/reschedule and …/cancel. A cancel posted without
 * JavaScript asks once more on the page, as the dialog does when hydrated.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent === "cancel" ? ("cancel" as const) : ("reschedule" as const);
  try {
    if (intent === "cancel") {
      const { scope } = cancelRequestSchema.parse(form);
      if (form.confirmed !== "yes") return { intent, confirmCancel: true, scope };
      await cancelBookingByToken(context, params.token, undefined, scope);
      return redirect(afterChange(params.token, "cancelled"), 303);
    }
    const move = rescheduleRequestSchema.parse(form);
    await rescheduleBookingByToken(context, params.token, move, { client: context.clientKey });
    return redirect(afterChange(params.token, "moved"), 303);
  } catch (error) {
    return formFailure(error, { intent });
  }
}

const CANCEL_CONSEQUENCE = "Your time slot will be released for other customers. This cannot be undone.";

export default function BookingManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, token, moveOptions } = loaderData;
  const shop = useShopSettings();
  const { revalidate } = useRevalidator();
  const [cancelling, setCancelling] = useState(false);

  async function cancelBooking(scope: CancelScope) {
    setCancelling(true);
    try {
      await api<ManagedBooking>("POST", `/api/bookings/manage/${token}/cancel`, { scope });
      toast({
        title: scope === "following" ? "Your bookings have been cancelled" : "Your booking has been cancelled",
        description: "The time is free again for someone else.",
      });
      await revalidate();
    } catch (error) {
      toast({
        title: "Could not cancel the booking",
        description: error instanceof ApiError ? error.message : "Please try again, or call us.",
        variant: "destructive",
      });
      // Cancelled meanwhile (by the shop, say): show the booking as it is now.
      await revalidate();
    } finally {
      setCancelling(false);
    }
  }

  const confirmed = booking.status === "confirmed";
  return (
    <PageMain>
      <PageIntro eyebrow={`Booking ${booking.reference}`} title="Your Booking">
        <p>Hello {booking.customerName}. Here are the details of your appointment.</p>
      </PageIntro>
      <PageSection aria-label="Booking details" className="max-w-3xl pt-8 sm:pt-10">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
            <h2 className="text-2xl font-semibold">Appointment</h2>
            <Badge variant={confirmed ? "success" : "destructive"} className="text-sm">
              {STATUS_LABELS[booking.status]}
            </Badge>
          </CardHeader>
          <CardContent className="grid gap-6">
            <BookingFacts booking={booking} />
            <PaymentNote payment={booking.payment} />
            {confirmed ? (
              <div className="grid gap-4 border-t border-border pt-5">
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  <Button asChild variant="accent">
                    <a href={`/api/bookings/manage/${token}/calendar.ics`} download>
                      <CalendarPlus aria-hidden />
                      Add to calendar
                    </a>
                  </Button>
                  {booking.canCancel &&
                    (["one", "following"] as const)
                      .filter((scope) => scope === "one" || booking.laterInSeries > 0)
                      .map((scope) => (
                        // Before JavaScript the button posts the form and the page asks once more; once
                        // hydrated the post is held back and the dialog asks instead.
                        <Form key={scope} method="post" onSubmit={(event) => event.preventDefault()}>
                          <input type="hidden" name="intent" value="cancel" />
                          <input type="hidden" name="scope" value={scope} />
                          <ConfirmDialog
                            trigger={
                              <Button type="submit" variant="destructive" disabled={cancelling}>
                                {cancelling
                                  ? "Cancelling..."
                                  : scope === "one"
                                    ? "Cancel booking"
                                    : CANCEL_FOLLOWING_LABEL}
                              </Button>
                            }
                            title={cancelQuestion(scope, booking.laterInSeries)}
                            description={booking.cancelWarning ?? CANCEL_CONSEQUENCE}
                            confirmLabel={scope === "one" ? "Cancel booking" : CANCEL_FOLLOWING_LABEL}
                            cancelLabel="Keep booking"
                            onConfirm={() => cancelBooking(scope)}
                          />
                        </Form>
                      ))}
                </div>
                {actionData && "confirmCancel" in actionData && booking.canCancel && (
                  <Form
                    method="post"
                    role="group"
                    aria-labelledby="confirm-cancel"
                    className="grid gap-3 rounded-md border border-destructive/40 p-4"
                  >
                    <p id="confirm-cancel" className="font-semibold">
                      {cancelQuestion(actionData.scope, booking.laterInSeries)}
                    </p>
                    <p className="text-sm text-muted-foreground">{booking.cancelWarning ?? CANCEL_CONSEQUENCE}</p>
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="scope" value={actionData.scope} />
                    <div className="flex flex-col gap-2 sm:flex-row">
                      <Button type="submit" name="confirmed" value="yes" variant="destructive">
                        {actionData.scope === "following" ? CANCEL_FOLLOWING_LABEL : "Cancel booking"}
                      </Button>
                      <Button asChild variant="outline">
                        <Link to=".">Keep booking</Link>
                      </Button>
                    </div>
                  </Form>
                )}
                <p className="text-sm text-muted-foreground">
                  {booking.canCancel
                    ? `You can change or cancel online up to ${booking.cancelNoticeHours} hours before your appointment.`
                    : `Bookings can only be changed or cancelled online up to ${booking.cancelNoticeHours} hours before the appointment. To change or cancel it now, please call us on `}
                  {!booking.canCancel && (
                    <>
                      <ShopPhoneLink className="font-semibold text-accent-text underline" />.
                    </>
                  )}
                </p>
                {booking.canCancel && !booking.canReschedule && (
                  <p className="text-sm text-muted-foreground">{movedTooOftenMessage(shop.phone)}</p>
                )}
                {actionData && "message" in actionData && actionData.intent === "cancel" && (
                  <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive">
                    {actionData.message}
                  </p>
                )}
                {moveOptions && (
                  <ReschedulePicker
                    options={moveOptions}
                    postedResult={
                      actionData?.intent === "reschedule" && "message" in actionData
                        ? actionData
                        : loaderData.moved
                          ? { moved: booking }
                          : undefined
                    }
                  />
                )}
              </div>
            ) : (
              <div role="status" className="grid gap-3 border-t border-border pt-5">
                <p>{CLOSED_TEXTS[booking.status]}</p>
                <Button asChild className="justify-self-start">
                  <Link to="/bookings">Book another appointment</Link>
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{
        title: "Booking not found",
        message: (
          <p>
            This booking link is not valid. Please check the link in your confirmation, or call us on <ShopPhoneLink />{" "}
            and we will find your booking.
          </p>
        ),
      }}
      unexpectedError={(unexpected) => (
        <ErrorPage
          code={isRouteErrorResponse(unexpected) ? unexpected.status : 500}
          title="Something went wrong"
          message={
            <p>
              Sorry, we couldn&apos;t load your booking. Please try again in a moment, or call us on <ShopPhoneLink />.
            </p>
          }
        />
      )}
    />
  );
}
