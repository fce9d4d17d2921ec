import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type DefaultValues } from "react-hook-form";
import { useRevalidator } from "react-router";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/toast-store";
import { BookingConfirmation } from "~/features/booking/components/booking-confirmation";
import { BookingDetailsForm } from "~/features/booking/components/booking-details-form";
import { BookingSummary } from "~/features/booking/components/booking-summary";
import { MonthCalendar, monthOf } from "~/features/booking/components/month-calendar";
import { ServicePicker } from "~/features/booking/components/service-picker";
import { SlotGrid } from "~/features/booking/components/slot-grid";
import {
  BOOKING_FEE_PENCE,
  SELECT_SERVICE_MESSAGE,
  SELECT_SLOT_MESSAGE,
  bookingFormSchema,
  formatPence,
  type BookingConfirmation as Confirmation,
  type BookingFormInput,
  type BookingFormValues,
  type BookingRequestInput,
  type PublicSlot,
} from "~/features/booking/booking.schema";
import { listAvailableSlots } from "~/features/booking/booking.server";
import { listServices } from "~/features/services/services.server";
import { ApiError, api } from "~/lib/api-client";
import { seoMeta } from "~/lib/seo";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/bookings";

const BOOKING_FAILED_MESSAGE = "Failed to book your appointment. Please try again.";
const DETAIL_FIELDS = ["customerName", "customerEmail", "customerPhone", "notes"] as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Book an Appointment",
    description:
      "Book your haircut, beard trim or grooming appointment in Oldham online: choose your services, a date and a time that suit you.",
    path: "/bookings",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [services, slots] = await Promise.all([listServices(context.db), listAvailableSlots(context.db)]);
  return { services, slots, today: shopToday() };
}

const emptyForm: DefaultValues<BookingFormInput> = {
  services: [],
  customerName: "",
  customerEmail: "",
  customerPhone: "",
  notes: "",
};

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  const { services, slots, today } = loaderData;
  const { revalidate } = useRevalidator();
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: emptyForm,
  });
  const chosenIds = (useWatch({ control: form.control, name: "services" }) ?? []).map(String);
  const slotId = useWatch({ control: form.control, name: "slotId" });

  const slotsByDate = new Map<string, PublicSlot[]>();
  for (const slot of slots) slotsByDate.set(slot.date, [...(slotsByDate.get(slot.date) ?? []), slot]);
  const firstDate = slots[0]?.date;

  const [month, setMonth] = useState(monthOf(firstDate ?? today));
  const [date, setDate] = useState<string | null>(null);
  const [detailsShown, setDetailsShown] = useState(false);
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const chosenServices = services.filter((service) => chosenIds.includes(String(service.id)));
  const dateSlots = date ? (slotsByDate.get(date) ?? []) : [];
  // A slot someone else booked disappears with the next load; it is then no longer chosen.
  const chosenSlot = slots.find((slot) => slot.id === slotId);
  const missing = [
    ...(chosenServices.length === 0 ? [SELECT_SERVICE_MESSAGE] : []),
    ...(chosenSlot ? [] : [SELECT_SLOT_MESSAGE]),
  ];
  // The form appears once both are chosen and then stays, so typed details survive a lost slot.
  if (missing.length === 0 && !detailsShown) setDetailsShown(true);

  function toggleService(id: string, checked: boolean) {
    const next = checked ? [...chosenIds, id] : chosenIds.filter((chosen) => chosen !== id);
    form.setValue("services", next, { shouldValidate: form.formState.isSubmitted });
  }

  function chooseDate(next: string) {
    setDate(next);
    if (chosenSlot && chosenSlot.date !== next) form.resetField("slotId");
  }

  function chooseSlot(slot: PublicSlot) {
    setSlotNotice(null);
    form.setValue("slotId", slot.id, { shouldValidate: form.formState.isSubmitted });
  }

  async function submit(values: BookingFormValues) {
    if (!chosenSlot) {
      toast({ title: SELECT_SLOT_MESSAGE, variant: "destructive" });
      return;
    }
    const body: BookingRequestInput = {
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      customerPhone: values.customerPhone,
      notes: values.notes,
      services: values.services.map(String),
      serviceTitles: chosenServices.map((service) => service.title),
    };
    try {
      const booked = await api<Confirmation>("PATCH", `/api/booking-slots/${values.slotId}`, body);
      toast({ title: "Your appointment has been booked successfully!" });
      form.reset(emptyForm);
      setDate(null);
      setDetailsShown(false);
      setSlotNotice(null);
      setConfirmation(booked);
      await revalidate();
    } catch (error) {
      // 409: taken a moment earlier; 404: the shop removed it. Either way: fresh slots, choices kept.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        const message =
          error.status === 409
            ? error.message
            : "Sorry, that time slot is no longer available. Please choose another time.";
        form.resetField("slotId");
        setSlotNotice(message);
        toast({ title: "Please choose another time", description: message, variant: "destructive" });
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

  return (
    <PageMain>
      <PageIntro eyebrow="Online booking" title="Book an Appointment">
        <p>
          Choose your services, then a date and a time that suit you. A fixed appointment fee of{" "}
          <strong className="text-ink-foreground">{formatPence(BOOKING_FEE_PENCE)}</strong> is added to every booking.
        </p>
      </PageIntro>
      <PageSection aria-label="Booking" className="pt-8 sm:pt-10">
        {confirmation && (
          <div className="mb-8">
            <BookingConfirmation confirmation={confirmation} onDone={() => setConfirmation(null)} />
          </div>
        )}

        <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          {/* On wide screens the column stays in view: its cards scroll inside it, the summary stays under them. */}
          <section
            aria-labelledby="choose-services"
            className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start"
          >
            <h2 id="choose-services" className="text-2xl font-semibold">
              Choose Your Services
            </h2>
            <div className="lg:-mx-2 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-2 lg:pb-2">
              <ServicePicker services={services} selected={chosenIds} onToggle={toggleService} />
            </div>
            {chosenServices.length > 0 && <BookingSummary services={chosenServices} />}
          </section>

          <div className="grid content-start gap-6">
            <Card>
              <CardHeader>
                <h2 id="choose-date" className="text-2xl font-semibold leading-tight">
                  Choose a Date
                </h2>
                {slots.length === 0 && (
                  <p className="text-sm text-muted-foreground">
                    There are no free appointments at the moment. Please check back soon or call us.
                  </p>
                )}
              </CardHeader>
              <CardContent>
                <MonthCalendar
                  month={month}
                  onMonthChange={setMonth}
                  today={today}
                  minMonth={monthOf(today)}
                  label="Choose a date"
                  isDisabled={(day) => day < today || !slotsByDate.has(day)}
                  isSelected={(day) => day === date}
                  onSelect={chooseDate}
                  describe={(day) => {
                    const count = slotsByDate.get(day)?.length ?? 0;
                    if (day < today) return undefined;
                    return count === 0 ? "no slots available" : `${count} ${count === 1 ? "slot" : "slots"} available`;
                  }}
                  tone={(day) => (slotsByDate.has(day) ? "available" : undefined)}
                  className="mx-auto max-w-md"
                />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <h2 id="choose-time" className="text-2xl font-semibold leading-tight">
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
                      slots={dateSlots}
                      selectedId={chosenSlot?.id}
                      onSelect={chooseSlot}
                      label={`Times on ${formatShopDate(date)}`}
                    />
                  )}
                </CardContent>
              )}
            </Card>

            {detailsShown && (
              <Card>
                <CardContent className="pt-5 sm:pt-6">
                  <BookingDetailsForm form={form} onSubmit={submit} missing={missing} />
                </CardContent>
              </Card>
            )}
          </div>
        </div>
      </PageSection>
    </PageMain>
  );
}
