import { data, isRouteErrorResponse, redirect } from "react-router";
import { ErrorPage, GeneralErrorBoundary } from "~/components/layout/error-page";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import {
  cancelRequestSchema,
  reschedulePickerQuerySchema,
  rescheduleRequestSchema,
} from "~/features/booking/booking.schema";
import { ManagePanel } from "~/features/booking/components/manage-panel";
import { getManagePage } from "~/features/booking/manage.server";
import { cancelBooking, moveBooking } from "~/features/booking/write/booking-write.server";
import { formFailure } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import { seoMeta } from "~/features/seo/seo";
import { ShopPhoneLink } from "~/features/settings/components/shop-phone-link";
import type { Route } from "./+types/booking-manage";

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
      await cancelBooking(context, {
        actor: { kind: "customer", client: context.clientKey },
        booking: params.token,
        scope,
      });
      return redirect(afterChange(params.token, "cancelled"), 303);
    }
    const move = rescheduleRequestSchema.parse(form);
    await moveBooking(context, {
      actor: { kind: "customer", client: context.clientKey },
      booking: params.token,
      to: move,
    });
    return redirect(afterChange(params.token, "moved"), 303);
  } catch (error) {
    return formFailure(error, { intent });
  }
}

export default function BookingManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, token, moveOptions } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow={`Booking ${booking.reference}`} title="Your Booking">
        <p>Hello {booking.customerName}. Here are the details of your appointment.</p>
      </PageIntro>
      <PageSection aria-label="Booking details" className="max-w-3xl pt-8 sm:pt-10">
        <ManagePanel
          booking={booking}
          moveOptions={moveOptions}
          actionData={actionData}
          cancelUrl={`/api/bookings/manage/${token}/cancel`}
          calendarHref={`/api/bookings/manage/${token}/calendar.ics`}
          justMoved={loaderData.moved}
        />
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
