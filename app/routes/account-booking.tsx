import { Form, Link, data, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import {
  cancelOwnBooking,
  customerOfSession,
  customerSessionTokenOf,
  moveOwnBooking,
  ownBooking,
} from "~/features/account/account.server";
import { BookingFacts } from "~/features/booking/components/booking-confirmation";
import { ReschedulePicker } from "~/features/booking/components/reschedule-picker";
import {
  cancelRequestSchema,
  reschedulePickerQuerySchema,
  rescheduleRequestSchema,
} from "~/features/booking/booking.schema";
import { CANCEL_FOLLOWING_LABEL, cancelQuestion } from "~/features/booking/components/repeat-picker";
import { getManagePage } from "~/features/booking/manage.server";
import { seoMeta } from "~/features/seo/seo";
import { ShopPhoneLink } from "~/features/settings/components/shop-phone-link";
import { formFailure } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import type { Route } from "./+types/account-booking";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Booking",
    description: "Change or cancel your appointment.",
    path: "/account",
    noindex: true,
  });

async function signedInCustomer(request: Request, db: Route.LoaderArgs["context"]["db"]) {
  const email = await customerOfSession(db, customerSessionTokenOf(request.headers.get("cookie")));
  if (!email) throw redirect("/account");
  return email;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const email = await signedInCustomer(request, context.db);
  try {
    const picker = reschedulePickerQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return await getManagePage(context, ownBooking(email, params.reference), picker);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/**
 * The same forms as the private link's page, with the same feature calls (and so the same rules) as
 * POST /api/account/bookings/{reference}/cancel and …/reschedule. A cancel asks once more on the page.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const email = await signedInCustomer(request, context.db);
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent === "cancel" ? ("cancel" as const) : ("reschedule" as const);
  try {
    if (intent === "cancel") {
      const { scope } = cancelRequestSchema.parse(form);
      if (form.confirmed !== "yes") return { intent, confirmCancel: true, scope };
      await cancelOwnBooking(context, email, params.reference, scope);
      return redirect("/account");
    }
    const move = rescheduleRequestSchema.parse(form);
    return { intent, moved: await moveOwnBooking(context, email, params.reference, move, context.clientKey) };
  } catch (error) {
    return formFailure(error, { intent });
  }
}

export default function AccountBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, moveOptions } = loaderData;
  const confirmed = booking.status === "confirmed";
  return (
    <PageMain>
      <PageIntro eyebrow={`Booking ${booking.reference}`} title="Your Booking">
        <p>
          <Link to="/account" className="underline underline-offset-4">
            Back to your bookings
          </Link>
        </p>
      </PageIntro>
      <PageSection aria-label="Booking details" className="max-w-3xl pt-8 sm:pt-10">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
            <h2 className="text-2xl font-semibold">Appointment</h2>
            <Badge variant={confirmed ? "success" : "destructive"} className="text-sm">
              {confirmed ? "Confirmed" : "Cancelled"}
            </Badge>
          </CardHeader>
          <CardContent className="grid gap-6">
            <BookingFacts booking={booking} />
            {confirmed && (
              <div className="grid gap-4 border-t border-border pt-5">
                {booking.canCancel ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    {actionData && "confirmCancel" in actionData ? (
                      <div
                        role="group"
                        aria-labelledby="confirm-cancel"
                        className="grid gap-3 rounded-md border border-destructive/40 p-4"
                      >
                        <p id="confirm-cancel" className="font-semibold">
                          {cancelQuestion(actionData.scope ?? "one", booking.laterInSeries)}
                        </p>
                        <input type="hidden" name="scope" value={actionData.scope ?? "one"} />
                        <p className="text-sm text-muted-foreground">
                          Your time slot will be released for other customers. This cannot be undone.
                        </p>
                        <div className="flex flex-col gap-2 sm:flex-row">
                          <Button type="submit" name="confirmed" value="yes" variant="destructive">
                            {actionData.scope === "following" ? CANCEL_FOLLOWING_LABEL : "Cancel booking"}
                          </Button>
                          <Button asChild variant="outline">
                            <Link to=".">Keep booking</Link>
                          </Button>
                        </div>
                      </div>
                    ) : (
                      <div className="flex flex-col gap-2 sm:flex-row">
                        <Button type="submit" name="scope" value="one" variant="destructive">
                          Cancel booking
                        </Button>
                        {booking.laterInSeries > 0 && (
                          <Button type="submit" name="scope" value="following" variant="destructive">
                            {CANCEL_FOLLOWING_LABEL}
                          </Button>
                        )}
                      </div>
                    )}
                  </Form>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    Bookings can only be changed or cancelled online up to {booking.cancelNoticeHours} hours before the
                    appointment. Please call us on{" "}
                    <ShopPhoneLink className="font-semibold text-accent-text underline" />.
                  </p>
                )}
                {actionData && "message" in actionData && actionData.intent === "cancel" && (
                  <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive">
                    {actionData.message}
                  </p>
                )}
                {moveOptions && (
                  <ReschedulePicker
                    options={moveOptions}
                    postedResult={actionData?.intent === "reschedule" ? actionData : undefined}
                  />
                )}
              </div>
            )}
          </CardContent>
        </Card>
      </PageSection>
    </PageMain>
  );
}
