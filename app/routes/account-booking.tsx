import { Link, data, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import {
  cancelOwnBooking,
  customerOfSession,
  customerSessionTokenOf,
  moveOwnBooking,
  ownBooking,
} from "~/features/account/account.server";
import {
  cancelRequestSchema,
  reschedulePickerQuerySchema,
  rescheduleRequestSchema,
} from "~/features/booking/booking.schema";
import { ManagePanel } from "~/features/booking/components/manage-panel";
import { getManagePage } from "~/features/booking/manage.server";
import { seoMeta } from "~/features/seo/seo";
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
      await cancelOwnBooking(context, email, params.reference, context.clientKey, scope);
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
        <ManagePanel
          booking={booking}
          moveOptions={moveOptions}
          actionData={actionData}
          cancelUrl={`/api/account/bookings/${encodeURIComponent(booking.reference)}/cancel`}
        />
      </PageSection>
    </PageMain>
  );
}
