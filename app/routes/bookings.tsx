import { data, redirect } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { customerDetails, customerOfSession, customerSessionTokenOf } from "~/features/account/account.server";
import { appointmentRequestSchema, bookingRequestSchema } from "~/features/booking/booking.schema";
import { lostTimeNotice } from "~/features/booking/booking-messages.schema";
import { bookingPage, confirmationRedirect } from "~/features/booking/booking-page.server";
import { BookingPage, type BookingFrameProps } from "~/features/booking/components/booking-page";
import { DETAIL_FIELDS } from "~/features/booking/use-booking-flow";
import { createBooking, createSlotBooking } from "~/features/booking/write/booking-write.server";
import { seoMeta } from "~/features/seo/seo";
import { parseId } from "~/lib/api.server";
import { formFailure } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Book an Appointment",
    description:
      "Book your haircut, beard trim or grooming appointment in Oldham online: choose your services, a barber, a date and a time that suit you.",
    path: "/bookings",
  });

/** A page with a one-time form token or a fresh booking is this visitor's alone: never from a shared cache. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const customerEmail = await customerOfSession(context.db, customerSessionTokenOf(request.headers.get("cookie")));
  const page = await bookingPage(
    context,
    request,
    // A signed-in customer's details fill the form: "Book again" is then only the day and the time.
    customerEmail ? customerDetails(context.db, customerEmail) : Promise.resolve(undefined),
  );
  return data(
    page,
    page.formToken || page.confirmation ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

/**
 * The details form posted without JavaScript (or before the page hydrated): the same schemas and feature
 * functions as PATCH /api/booking-slots/{id} (a manual slot) and POST /api/bookings (a computed time), under
 * the same per-client limit. The chosen services and time come as the API bodies' fields.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const everyWeeks = form.get("repeatEveryWeeks");
  const body = {
    ...Object.fromEntries(form),
    services: form.getAll("services"),
    ...(everyWeeks === null ? {} : { repeat: { everyWeeks, times: form.get("repeatTimes") } }),
  };
  const values: Record<string, string> = {};
  for (const name of DETAIL_FIELDS) values[name] = String(form.get(name) ?? "");
  const slotId = form.get("slotId");
  const customer = { kind: "customer", client: context.clientKey } as const;
  try {
    const confirmation =
      slotId === null
        ? await createBooking(context, {
            actor: context.user?.isAdmin === true ? { kind: "owner" } : customer,
            appointment: appointmentRequestSchema.parse(body),
          })
        : await createSlotBooking(context, {
            actor: customer,
            slotId: parseId(String(slotId), "Booking slot"),
            booking: bookingRequestSchema.parse(body),
          });
    // A booking that pays first goes to Stripe's Checkout page, with or without JavaScript.
    if (confirmation.payment?.checkoutUrl) return redirect(confirmation.payment.checkoutUrl);
    return await confirmationRedirect(context, confirmation);
  } catch (error) {
    const slotNotice = error instanceof HttpError ? lostTimeNotice(error.status, error.message) : null;
    return formFailure(error, { values, slotNotice });
  }
}

function BookingFrame({ intro, withBar, children, bar }: BookingFrameProps) {
  return (
    <PageMain className={withBar ? "pb-24 lg:pb-0" : undefined}>
      <PageIntro eyebrow="Online booking" title="Book an Appointment">
        {intro}
      </PageIntro>
      <PageSection aria-label="Booking" className="pt-8 sm:pt-10">
        {children}
      </PageSection>
      {bar}
    </PageMain>
  );
}

export default function BookingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage page={loaderData} refused={actionData ?? null} Frame={BookingFrame} />;
}
