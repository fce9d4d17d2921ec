import { useRef, useState } from "react";
import { Link, createCookie, data, redirect, useLocation, useRevalidator } from "react-router";
import type { z } from "zod";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/toast-store";
import { BarberPicker } from "~/features/booking/components/barber-picker";
import { BookingConfirmation } from "~/features/booking/components/booking-confirmation";
import { BookingDetailsForm, type PostedDetails } from "~/features/booking/components/booking-details-form";
import { BookingStickyBar } from "~/features/booking/components/booking-sticky-bar";
import { BookingSummary } from "~/features/booking/components/booking-summary";
import { useMemberPricing } from "~/features/booking/use-member-pricing";
import { MonthCalendar, monthOf } from "~/features/booking/components/month-calendar";
import { ServicePicker } from "~/features/booking/components/service-picker";
import { SlotGrid } from "~/features/booking/components/slot-grid";
import { getAvailability, getAvailableDates } from "~/features/booking/availability.server";
import {
  SELECT_SLOT_MESSAGE,
  appointmentRequestSchema,
  availabilityDatesQuerySchema,
  availabilityQuerySchema,
  bookingRequestSchema,
  lostTimeNotice,
  newFormToken,
  paidSeriesMessage,
  seriesPreviewQuerySchema,
  type AppointmentRequestInput,
  type BookingConfirmation as Confirmation,
  type BookingFormValues,
  type BookingRequestInput,
} from "~/features/booking/booking.schema";
import { previewSeries } from "~/features/booking/booking-series.server";
import { createBooking, createSlotBooking } from "~/features/booking/write/booking-write.server";
import { confirmationByManageToken } from "~/features/booking/write/place.server";
import {
  RepeatPicker,
  postedRepeat,
  repeatFromSearch,
  seriesPreviewUrl,
} from "~/features/booking/components/repeat-picker";
import { useApiData } from "~/lib/use-api-data";
import { listAvailableSlots } from "~/features/booking/slots.server";
import {
  DETAIL_FIELDS,
  type BookAgainChoices,
  availabilityUrls,
  choicesFromSearch,
  chosenMember,
  useBookingFlow,
} from "~/features/booking/use-booking-flow";
import { listServices } from "~/features/services/services.server";
import { bookAgainPath } from "~/features/booking/book-again";
import { customerDetails, customerOfSession, customerSessionTokenOf } from "~/features/account/account.server";
import { BOOKING_CONFIRMATION_COOKIE } from "~/lib/session-cookie";
import { listPublicTeam } from "~/features/team/team.server";
import { useBookingFeePence } from "~/features/settings/components/booking-fee-note";
import { ClosureNotice } from "~/features/settings/components/closure-notice";
import { closureAnnouncements } from "~/features/settings/settings.server";
import { ApiError, api } from "~/lib/api-client";
import { parseId } from "~/lib/api.server";
import { formFailure } from "~/lib/form-action.server";
import { HttpError } from "~/lib/http-error";
import { seoMeta } from "~/features/seo/seo";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/bookings";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { policySentence } from "~/features/payments/payment-policy";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { waitlistJoinPath } from "~/features/waitlist/waitlist.schema";
import { publicPaymentSettings } from "~/features/payments/payment-settings.server";

const BOOKING_FAILED_MESSAGE = "Failed to book your appointment. Please try again.";
/** The GET form that the service, barber and calendar controls belong to when the page runs without JavaScript. */
const CHOICES_FORM = "booking-choices";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Book an Appointment",
    description:
      "Book your haircut, beard trim or grooming appointment in Oldham online: choose your services, a barber, a date and a time that suit you.",
    path: "/bookings",
  });

/** What `GET url` of the availability API answers, worked out with the API's own query schema and function. */
async function availabilityAnswer<S extends z.ZodType, T>(
  url: string | null,
  schema: S,
  read: (query: z.output<S>) => Promise<T>,
) {
  if (!url) return undefined;
  const query = schema.safeParse(Object.fromEntries(new URL(url, "http://localhost").searchParams));
  return query.success ? { url, data: await read(query.data) } : undefined;
}

/**
 * Where a booking made by the form is shown: a page of its own, so a reload shows it again instead of booking
 * again. The address names only the reference; the manage token travels in a short-lived cookie of this page's
 * path, so it is never in an address (decision 019).
 */
const confirmationPath = (reference: string) => `/bookings?booked=${reference}#booking-confirmed-title`;
const confirmationCookie = (secure: boolean) =>
  createCookie(BOOKING_CONFIRMATION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/bookings",
    maxAge: 900,
  });

/** The booking the visitor's form just made, when the address and the cookie name the same one. */
async function justBooked(context: Route.LoaderArgs["context"], request: Request, reference: string) {
  const cookie = confirmationCookie(context.config.publicUrl.startsWith("https://"));
  const token: unknown = await cookie.parse(request.headers.get("Cookie"));
  const booked = typeof token === "string" ? await confirmationByManageToken(context, token) : null;
  return booked?.confirmation.reference === reference ? booked : null;
}

/** A page with a one-time form token or a fresh booking is this visitor's alone: never from a shared cache. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const customerEmail = await customerOfSession(context.db, customerSessionTokenOf(request.headers.get("cookie")));
  const [services, team, slots, shop, customer] = await Promise.all([
    listServices(context.db),
    listPublicTeam(context.db),
    listAvailableSlots(context.db),
    context.settings(),
    // A signed-in customer's details fill the form: "Book again" is then only the day and the time.
    customerEmail ? customerDetails(context.db, customerEmail) : undefined,
  ]);
  const today = shopToday();
  const search = new URL(request.url).searchParams;
  const choices = choicesFromSearch(search, services, today);
  const bookedReference = search.get("booked");
  // The dates and times the chosen services offer, as the page would fetch them: in the HTML, so the page works
  // without JavaScript and shows them at once.
  const member = chosenMember(team, choices.serviceIds, choices.memberChoice);
  const urls = availabilityUrls(choices.serviceIds, member?.id, choices.month, choices.date);
  const payments = await publicPaymentSettings(context);
  // Repeat appointments pay nothing up front: offered only while the shop asks no payment (decision 032).
  const repeatOffered = payments.policy === "none";
  const repeat = repeatFromSearch(search);
  const startTime = choices.timeKey.startsWith("time:") ? choices.timeKey.slice("time:".length) : undefined;
  const previewUrl = repeatOffered
    ? seriesPreviewUrl(repeat, { serviceIds: choices.serviceIds, memberId: member?.id, date: choices.date, startTime })
    : null;
  const [dates, times, booked, seriesPreview] = await Promise.all([
    availabilityAnswer(urls.dates, availabilityDatesQuerySchema, (query) => getAvailableDates(context, query)),
    availabilityAnswer(urls.times, availabilityQuerySchema, (query) => getAvailability(context, query)),
    bookedReference ? justBooked(context, request, bookedReference) : null,
    availabilityAnswer(previewUrl, seriesPreviewQuerySchema, (query) => previewSeries(context, query)),
  ]);
  // The details form is in the HTML once a time is chosen: it carries the token that makes it book once.
  const formToken = choices.timeKey ? newFormToken() : null;
  return data(
    {
      services,
      team,
      slots,
      today,
      choices,
      availability: { dates, times },
      closures: closureAnnouncements(shop),
      confirmation: booked?.confirmation ?? null,
      bookAgain: booked?.bookAgain ?? null,
      customer,
      formToken,
      paymentPolicy: policySentence(payments, shop.cancellationNoticeHours),
      repeatOffered,
      repeat,
      seriesPreview,
      textsOffered: context.config.twilio !== undefined,
    },
    formToken || booked ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
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
    // Post, redirect, get: a reload or the back button shows the booking instead of sending the form again.
    const cookie = confirmationCookie(context.config.publicUrl.startsWith("https://"));
    return redirect(confirmationPath(confirmation.reference), {
      status: 303,
      headers: { "Set-Cookie": await cookie.serialize(confirmation.manageToken) },
    });
  } catch (error) {
    const slotNotice = error instanceof HttpError ? lostTimeNotice(error.status, error.message) : null;
    return formFailure(error, { values, slotNotice });
  }
}

/** A step's heading: focus lands here when the page brings the step into view. */
const stepHeading = "text-2xl font-semibold leading-tight outline-none";

/** The action's answer as the details form shows it: a refusal only where no field or the time step shows it. */
function postedDetails(answer: {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  message: string;
  slotNotice: string | null;
}): PostedDetails {
  const onField = DETAIL_FIELDS.some((name) => answer.fieldErrors[name]);
  return {
    values: answer.values,
    fieldErrors: answer.fieldErrors,
    refusal: answer.slotNotice || onField ? null : answer.message,
  };
}

export default function BookingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { services, team, slots, today, closures, availability } = loaderData;
  const location = useLocation();
  // The booking the form posted without JavaScript made, shown after its redirect.
  const booked = loaderData.confirmation;
  const refused = actionData ?? null;
  // The hydrated form's one-time token: kept across retries of one booking, new once it is made.
  const formToken = useRef(loaderData.formToken);
  const feePence = useBookingFeePence();
  const { revalidate } = useRevalidator();
  const flow = useBookingFlow({
    services,
    team,
    slots,
    // After a booking the page starts afresh; after a lost time the other choices stay, as when hydrated.
    initial: booked
      ? choicesFromSearch(new URLSearchParams(), services, today)
      : refused?.slotNotice
        ? { ...loaderData.choices, timeKey: "" }
        : loaderData.choices,
    availability,
    details: refused?.values ?? loaderData.customer,
  });
  const { form, date, choice } = flow;
  const memberPricing = useMemberPricing(
    form.watch("customerEmail") ?? "",
    flow.chosenServices,
    date,
    choice?.kind === "time" ? choice.startTime : undefined,
  );
  const [slotNotice, setSlotNotice] = useState(refused?.slotNotice ?? null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(booked);
  const [again, setAgain] = useState<(BookAgainChoices & { href: string }) | null>(null);
  const [posted, setPosted] = useState(refused ? postedDetails(refused) : undefined);
  const [detailsShown, setDetailsShown] = useState(refused !== null);
  const [repeat, setRepeat] = useState(loaderData.repeat);
  const repeatable = loaderData.repeatOffered && choice?.kind === "time";
  const shop = useShopSettings();
  const seriesPreview = useApiData(
    repeatable
      ? seriesPreviewUrl(repeat, {
          serviceIds: flow.chosenIds,
          memberId: flow.member?.id,
          date,
          startTime: choice.startTime,
        })
      : null,
    0,
    loaderData.seriesPreview,
  );
  // The form appears once a time is chosen and then stays, so typed details survive a lost time.
  if (flow.missing.length === 0 && !detailsShown) setDetailsShown(true);

  async function submit(values: BookingFormValues) {
    // Sent through the API now: an earlier answer to a plain post no longer applies.
    setPosted(undefined);
    if (!choice) {
      toast({ title: SELECT_SLOT_MESSAGE, variant: "destructive" });
      return;
    }
    const details = {
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      customerPhone: values.customerPhone,
      notes: values.notes,
      services: values.services.map(String),
      idempotencyKey: (formToken.current ??= newFormToken()),
      smsConsent: values.smsConsent,
    };
    try {
      const booked =
        choice.kind === "slot"
          ? await api<Confirmation>("PATCH", `/api/booking-slots/${choice.slotId}`, {
              ...details,
              serviceTitles: flow.chosenServices.map((service) => service.title),
            } satisfies BookingRequestInput)
          : await api<Confirmation>("POST", "/api/bookings", {
              ...details,
              date: date!,
              startTime: choice.startTime,
              memberId: choice.memberId,
              giftCardCode: values.giftCardCode,
              ...(repeatable && repeat.on ? { repeat: { everyWeeks: repeat.everyWeeks, times: repeat.times } } : {}),
            } satisfies AppointmentRequestInput);
      if (booked.payment?.checkoutUrl) {
        window.location.assign(booked.payment.checkoutUrl);
        return;
      }
      toast({
        title: booked.series
          ? "Your repeat appointments have been booked!"
          : "Your appointment has been booked successfully!",
      });
      setRepeat({ ...repeat, on: false });
      formToken.current = newFormToken();
      setAgain({
        href: bookAgainPath(flow.chosenIds, flow.member?.id),
        serviceIds: flow.chosenIds,
        memberChoice: flow.memberChoice,
        details: {
          customerName: values.customerName,
          customerEmail: values.customerEmail,
          customerPhone: values.customerPhone,
        },
      });
      flow.reset();
      setDetailsShown(false);
      setSlotNotice(null);
      setConfirmation(booked);
      flow.refresh();
      await revalidate();
    } catch (error) {
      // The time is gone: fresh times, choices kept.
      const message = error instanceof ApiError ? lostTimeNotice(error.status, error.message) : null;
      if (message) {
        form.setValue("choice", "");
        setSlotNotice(message);
        toast({ title: "Please choose another time", description: message, variant: "destructive" });
        flow.refresh();
        await revalidate();
        return;
      }
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = DETAIL_FIELDS.find((name) => name === issue.path);
          if (field) form.setError(field, { type: "server", message: issue.message });
        }
      }
      toast({
        title: "Booking failed",
        description: error instanceof ApiError && error.message ? error.message : BOOKING_FAILED_MESSAGE,
        variant: "destructive",
      });
    }
  }

  const nextStep = flow.nextStep;
  return (
    <PageMain className={flow.chosenServices.length > 0 ? "pb-24 lg:pb-0" : undefined}>
      <PageIntro eyebrow="Online booking" title="Book an Appointment">
        <p>
          Choose your services, a barber, then a date and a time that suit you.
          {feePence > 0 && (
            <>
              {" "}
              A fixed appointment fee of <strong className="text-ink-foreground">{formatPence(feePence)}</strong> is
              added to every booking, once, however many services you choose: each service&apos;s all-in price includes
              it, and the summary shows your total.
            </>
          )}
        </p>
        {loaderData.paymentPolicy && (
          <p data-testid="payment-policy" className="font-medium text-ink-foreground">
            {loaderData.paymentPolicy}.
          </p>
        )}
      </PageIntro>
      <PageSection aria-label="Booking" className="pt-8 sm:pt-10">
        {/* Without JavaScript the services, the barber and the calendar's buttons send this form (their `form`
            attribute), and the page comes back with what they offer; hydrated, the page handles them itself. */}
        <form id={CHOICES_FORM} method="get" action="/bookings#choose-date" />
        <ClosureNotice closures={closures} className="mb-8" />
        {confirmation && (
          <div className="mb-8">
            <BookingConfirmation
              confirmation={confirmation}
              onDone={() => setConfirmation(null)}
              bookAgain={
                again
                  ? {
                      href: again.href,
                      onBookAgain: () => {
                        setConfirmation(null);
                        flow.bookAgain(again);
                      },
                    }
                  : loaderData.bookAgain
                    ? { href: loaderData.bookAgain }
                    : undefined
              }
            />
          </div>
        )}

        <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <section aria-labelledby="choose-services" className="flex min-w-0 flex-col gap-4">
            <h2 id="choose-services" className="text-2xl font-semibold">
              Choose Your Services
            </h2>
            <ServicePicker
              services={services}
              selected={flow.chosenIds}
              onToggle={flow.toggleService}
              form={CHOICES_FORM}
            />
            <ShowDatesButton />
            {flow.chosenServices.length > 0 && (
              <div className="lg:sticky lg:bottom-4">
                <BookingSummary pricing={memberPricing} memberName={flow.member?.name} />
              </div>
            )}
          </section>

          <div className="grid content-start gap-6">
            {team.length > 0 && (
              <Card ref={flow.stepRef("barber")} className="scroll-mt-20">
                <CardHeader>
                  <h2 id="choose-barber" tabIndex={-1} data-step-heading className={stepHeading}>
                    Choose a Barber
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    {flow.chosenServices.length === 0
                      ? "Choose your services first: only barbers who do all of them are offered."
                      : "Only barbers who do every chosen service are offered."}
                  </p>
                </CardHeader>
                <CardContent>
                  <BarberPicker
                    members={flow.ableMembers}
                    value={flow.memberChoice}
                    onChange={flow.chooseMember}
                    form={CHOICES_FORM}
                  />
                  <ShowDatesButton className="mt-4" />
                </CardContent>
              </Card>
            )}

            <Card ref={flow.stepRef("date")} className="scroll-mt-20">
              <CardHeader>
                <h2 id="choose-date" tabIndex={-1} data-step-heading className={stepHeading}>
                  Choose a Date
                </h2>
                {flow.chosenServices.length === 0 && slots.length === 0 && (
                  <p className="text-sm text-muted-foreground">
                    Choose your services to see the dates with free times.
                  </p>
                )}
              </CardHeader>
              <CardContent>
                <MonthCalendar
                  month={flow.month}
                  onMonthChange={flow.setMonth}
                  today={today}
                  minMonth={monthOf(today)}
                  label="Choose a date"
                  isDisabled={(day) => day < today || !flow.hasTimes(day)}
                  isSelected={(day) => day === date}
                  onSelect={flow.chooseDate}
                  describe={(day) => {
                    if (day < today) return undefined;
                    if (flow.hasComputedTimes(day)) return "times available";
                    const count = flow.manualSlotCount(day);
                    return count === 0 ? "no slots available" : `${count} ${count === 1 ? "slot" : "slots"} available`;
                  }}
                  tone={(day) => (flow.hasTimes(day) ? "available" : undefined)}
                  form={CHOICES_FORM}
                  className="mx-auto max-w-md"
                />
              </CardContent>
            </Card>

            <Card ref={flow.stepRef("time")} className="scroll-mt-20">
              <CardHeader>
                <h2 id="choose-time" tabIndex={-1} data-step-heading className={stepHeading}>
                  Choose a Time
                </h2>
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {date ? formatShopDate(date) : "Choose a date to see its free times."}
                </p>
                <p className="text-sm">
                  <Link
                    to={waitlistJoinPath({ date, serviceIds: flow.chosenIds, barber: flow.memberChoice })}
                    className="font-medium underline underline-offset-4"
                  >
                    Full? Join the waitlist
                  </Link>
                </p>
              </CardHeader>
              {(date || slotNotice) && (
                <CardContent className="grid gap-3">
                  {slotNotice && (
                    <p
                      role="alert"
                      className="rounded-md border border-destructive/40 bg-red-50 p-3 text-sm font-medium text-destructive"
                    >
                      {slotNotice}
                    </p>
                  )}
                  {date && (
                    // Without JavaScript a time comes back as `time`, with the choices it was offered for.
                    <form method="get" action="/bookings#choose-time">
                      {flow.chosenIds.map((id) => (
                        <input key={id} type="hidden" name="service" value={id} />
                      ))}
                      <input type="hidden" name="barber" value={flow.memberChoice} />
                      <input type="hidden" name="date" value={date} />
                      <SlotGrid
                        slots={flow.choices}
                        selectedKey={choice?.key}
                        onSelect={(next) => {
                          setSlotNotice(null);
                          flow.chooseTime(next);
                        }}
                        label={`Times on ${formatShopDate(date)}`}
                      />
                    </form>
                  )}
                  {!loaderData.repeatOffered && choice?.kind === "time" && (
                    <p className="rounded-md bg-muted p-3 text-sm" data-testid="repeat-unavailable">
                      {paidSeriesMessage(shop.phone)}
                    </p>
                  )}
                  {repeatable && (
                    <RepeatPicker
                      value={repeat}
                      onChange={setRepeat}
                      carried={[
                        ...flow.chosenIds.map((id): [string, string] => ["service", id]),
                        ["barber", flow.memberChoice],
                        ["date", date ?? ""],
                        ["time", choice.key],
                      ]}
                      preview={seriesPreview}
                    />
                  )}
                </CardContent>
              )}
            </Card>

            {detailsShown && (
              <Card ref={flow.stepRef("details")} className="scroll-mt-20">
                <CardContent className="pt-5 sm:pt-6">
                  <BookingDetailsForm
                    form={form}
                    onSubmit={submit}
                    missing={flow.missing}
                    action={`${location.pathname}${location.search}#your-details-title`}
                    hiddenFields={[
                      ...flow.postedChoice,
                      ...(repeatable ? postedRepeat(repeat) : []),
                      ...(loaderData.formToken ? [["idempotencyKey", loaderData.formToken] as [string, string]] : []),
                    ]}
                    posted={posted}
                    textsOffered={loaderData.textsOffered}
                    // A member's included visit asks nothing online: no deposit to mention.
                    paymentPolicy={memberPricing.totals.totalPence === 0 ? null : loaderData.paymentPolicy}
                  />
                </CardContent>
              </Card>
            )}
          </div>
        </div>
      </PageSection>
      {flow.chosenServices.length > 0 && (
        <BookingStickyBar
          totals={memberPricing.totals}
          count={flow.chosenServices.length}
          onContinue={nextStep ? () => flow.showStep(nextStep) : undefined}
        />
      )}
    </PageMain>
  );
}

/**
 * Only browsers without JavaScript need it: the choices of services and barber go to the server, which answers
 * with the dates they offer. Inside <noscript>, so nothing moves when the page hydrates.
 */
function ShowDatesButton({ className }: { className?: string }) {
  return (
    <noscript>
      <Button type="submit" form={CHOICES_FORM} variant="outline" className={cn("self-start", className)}>
        Show free dates
      </Button>
    </noscript>
  );
}
