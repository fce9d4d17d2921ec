import { useState } from "react";
import { useRevalidator } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/toast-store";
import { BarberPicker } from "~/features/booking/components/barber-picker";
import { BookingConfirmation } from "~/features/booking/components/booking-confirmation";
import { BookingDetailsForm } from "~/features/booking/components/booking-details-form";
import { BookingStickyBar } from "~/features/booking/components/booking-sticky-bar";
import { BookingSummary } from "~/features/booking/components/booking-summary";
import { MonthCalendar, monthOf } from "~/features/booking/components/month-calendar";
import { ServicePicker } from "~/features/booking/components/service-picker";
import { SlotGrid } from "~/features/booking/components/slot-grid";
import {
  SELECT_SLOT_MESSAGE,
  type AppointmentRequestInput,
  type BookingConfirmation as Confirmation,
  type BookingFormValues,
  type BookingRequestInput,
} from "~/features/booking/booking.schema";
import { listAvailableSlots } from "~/features/booking/slots.server";
import { useBookingFlow } from "~/features/booking/use-booking-flow";
import { listServices } from "~/features/services/services.server";
import { listPublicTeam } from "~/features/team/team.server";
import { useBookingFeePence } from "~/features/settings/components/booking-fee-note";
import { ClosureNotice } from "~/features/settings/components/closure-notice";
import { closureAnnouncements } from "~/features/settings/settings.server";
import { ApiError, api } from "~/lib/api-client";
import { seoMeta } from "~/features/seo/seo";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/bookings";
import { formatPence } from "~/lib/money";

const BOOKING_FAILED_MESSAGE = "Failed to book your appointment. Please try again.";
const DETAIL_FIELDS = ["customerName", "customerEmail", "customerPhone", "notes"] as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Book an Appointment",
    description:
      "Book your haircut, beard trim or grooming appointment in Oldham online: choose your services, a barber, a date and a time that suit you.",
    path: "/bookings",
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const [services, team, slots, shop] = await Promise.all([
    listServices(context.db),
    listPublicTeam(context.db),
    listAvailableSlots(context.db),
    context.settings(),
  ]);
  // "Book this" on a price card arrives with ?service=ID: that service starts chosen.
  const wanted = new URL(request.url).searchParams.getAll("service");
  const initialServiceIds = services.map((service) => String(service.id)).filter((id) => wanted.includes(id));
  const today = shopToday();
  return { services, team, slots, today, initialServiceIds, closures: closureAnnouncements(shop) };
}

/** A step's heading: focus lands here when the page brings the step into view. */
const stepHeading = "text-2xl font-semibold leading-tight outline-none";

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  const { services, team, slots, today, initialServiceIds, closures } = loaderData;
  const feePence = useBookingFeePence();
  const { revalidate } = useRevalidator();
  const flow = useBookingFlow({ services, team, slots, today, initialServiceIds });
  const { form, date, choice } = flow;
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [detailsShown, setDetailsShown] = useState(false);
  // The form appears once a time is chosen and then stays, so typed details survive a lost time.
  if (flow.missing.length === 0 && !detailsShown) setDetailsShown(true);

  async function submit(values: BookingFormValues) {
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
            } satisfies AppointmentRequestInput);
      toast({ title: "Your appointment has been booked successfully!" });
      flow.reset();
      setDetailsShown(false);
      setSlotNotice(null);
      setConfirmation(booked);
      flow.refresh();
      await revalidate();
    } catch (error) {
      // 409: taken a moment earlier or no longer fits; 404: the shop removed it. Fresh times, choices kept.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        const message =
          error.status === 409
            ? error.message
            : "Sorry, that time slot is no longer available. Please choose another time.";
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
              added to every booking.
            </>
          )}
        </p>
      </PageIntro>
      <PageSection aria-label="Booking" className="pt-8 sm:pt-10">
        <ClosureNotice closures={closures} className="mb-8" />
        {confirmation && (
          <div className="mb-8">
            <BookingConfirmation confirmation={confirmation} onDone={() => setConfirmation(null)} />
          </div>
        )}

        <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <section aria-labelledby="choose-services" className="flex min-w-0 flex-col gap-4">
            <h2 id="choose-services" className="text-2xl font-semibold">
              Choose Your Services
            </h2>
            <ServicePicker services={services} selected={flow.chosenIds} onToggle={flow.toggleService} />
            {flow.chosenServices.length > 0 && (
              <div className="lg:sticky lg:bottom-4">
                <BookingSummary services={flow.chosenServices} memberName={flow.member?.name} />
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
                  <BarberPicker members={flow.ableMembers} value={flow.memberChoice} onChange={flow.chooseMember} />
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
                    <SlotGrid
                      slots={flow.choices}
                      selectedKey={choice?.key}
                      onSelect={(next) => {
                        setSlotNotice(null);
                        flow.chooseTime(next);
                      }}
                      label={`Times on ${formatShopDate(date)}`}
                    />
                  )}
                </CardContent>
              )}
            </Card>

            {detailsShown && (
              <Card ref={flow.stepRef("details")} className="scroll-mt-20">
                <CardContent className="pt-5 sm:pt-6">
                  <BookingDetailsForm form={form} onSubmit={submit} missing={flow.missing} />
                </CardContent>
              </Card>
            )}
          </div>
        </div>
      </PageSection>
      {flow.chosenServices.length > 0 && (
        <BookingStickyBar
          totals={flow.totals}
          count={flow.chosenServices.length}
          onContinue={nextStep ? () => flow.showStep(nextStep) : undefined}
        />
      )}
    </PageMain>
  );
}
