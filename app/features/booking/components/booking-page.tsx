import { useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/toast-store";
import { ClosureNotice, useBookingFeePence } from "~/features/settings";
import { ApiError, api } from "~/lib/api-client";
import { formatPence } from "~/lib/money";
import { useApiData } from "~/lib/use-api-data";
import { bookAgainPath } from "../book-again";
import type { BookingConfirmation as Confirmation } from "../booking-answers.schema";
import { SELECT_SLOT_MESSAGE, lostTimeNotice } from "../booking-messages.schema";
import type { BookingPageData } from "../booking-page.server";
import {
  newFormToken,
  type AppointmentRequestInput,
  type BookingFormValues,
  type BookingRequestInput,
} from "../booking.schema";
import { DETAIL_FIELDS, type BookAgainChoices, choicesFromSearch, useBookingFlow } from "../use-booking-flow";
import { useMemberPricing } from "../use-member-pricing";
import { BookingConfirmation } from "./booking-confirmation";
import { BookingDetailsForm, type PostedDetails } from "./booking-details-form";
import { BarberStep, CHOICES_FORM, DateStep, ShowDatesButton, TimeStep } from "./booking-steps";
import { BookingStickyBar } from "./booking-sticky-bar";
import { BookingSummary } from "./booking-summary";
import { postedRepeat, seriesPreviewUrl } from "./repeat-picker";
import { ServicePicker } from "./service-picker";

const BOOKING_FAILED_MESSAGE = "Failed to book your appointment. Please try again.";

/** The route action's refusal of the details form posted without JavaScript. */
export interface BookingRefusal {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  message: string;
  slotNotice: string | null;
}

/** The action's answer as the details form shows it: a refusal only where no field or the time step shows it. */
function postedDetails(answer: BookingRefusal): PostedDetails {
  const onField = DETAIL_FIELDS.some((name) => answer.fieldErrors[name]);
  return {
    values: answer.values,
    fieldErrors: answer.fieldErrors,
    refusal: answer.slotNotice || onField ? null : answer.message,
  };
}

/** The page's frame, which the route draws: the intro band, the section of the steps and the bar below it. */
export interface BookingFrameProps {
  intro: React.ReactNode;
  /** Room below the steps for the sticky bar, shown once a service is chosen. */
  withBar: boolean;
  children: React.ReactNode;
  bar: React.ReactNode;
}

interface BookingPageProps {
  page: BookingPageData;
  refused: BookingRefusal | null;
  Frame: React.ComponentType<BookingFrameProps>;
}

/** /bookings: services, barber, date, time and details, then the confirmation. */
export function BookingPage({ page, refused, Frame }: BookingPageProps) {
  const { services, team, slots, today, closures, availability } = page;
  const location = useLocation();
  // The booking the form posted without JavaScript made, shown after its redirect.
  const booked = page.confirmation;
  // The hydrated form's one-time token: kept across retries of one booking, new once it is made.
  const formToken = useRef(page.formToken);
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
        ? { ...page.choices, timeKey: "" }
        : page.choices,
    availability,
    details: refused?.values ?? page.customer,
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
  const [repeat, setRepeat] = useState(page.repeat);
  const repeatable = page.repeatOffered && choice?.kind === "time";
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
    page.seriesPreview,
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
    <Frame
      withBar={flow.chosenServices.length > 0}
      intro={
        <>
          <p>
            Choose your services, a barber, then a date and a time that suit you.
            {feePence > 0 && (
              <>
                {" "}
                A fixed appointment fee of <strong className="text-ink-foreground">{formatPence(feePence)}</strong> is
                added to every booking, once, however many services you choose: each service&apos;s all-in price
                includes it, and the summary shows your total.
              </>
            )}
          </p>
          {page.paymentPolicy && (
            <p data-testid="payment-policy" className="font-medium text-ink-foreground">
              {page.paymentPolicy}.
            </p>
          )}
        </>
      }
      bar={
        flow.chosenServices.length > 0 && (
          <BookingStickyBar
            totals={memberPricing.totals}
            count={flow.chosenServices.length}
            onContinue={nextStep ? () => flow.showStep(nextStep) : undefined}
          />
        )
      }
    >
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
                : page.bookAgain
                  ? { href: page.bookAgain }
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
          {team.length > 0 && <BarberStep flow={flow} />}
          <DateStep flow={flow} today={today} hasSlots={slots.length > 0} />
          <TimeStep
            flow={flow}
            slotNotice={slotNotice}
            onTimeChosen={() => setSlotNotice(null)}
            repeatOffered={page.repeatOffered}
            repeat={repeat}
            onRepeatChange={setRepeat}
            seriesPreview={seriesPreview}
          />

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
                    ...(page.formToken ? [["idempotencyKey", page.formToken] as [string, string]] : []),
                  ]}
                  posted={posted}
                  textsOffered={page.textsOffered}
                  // A member's included visit asks nothing online: no deposit to mention.
                  paymentPolicy={memberPricing.totals.totalPence === 0 ? null : page.paymentPolicy}
                />
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </Frame>
  );
}
