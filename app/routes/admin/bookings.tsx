import { useState } from "react";
import { Link, redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/toast-store";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { AddSlotsDialog } from "~/features/booking/components/add-slots-dialog";
import { AvailableSlotList, BookedSlotList } from "~/features/booking/components/admin-slot-lists";
import { MonthCalendar, monthOf, type DayTone } from "~/features/booking/components/month-calendar";
import type { AdminSlot } from "~/features/booking/booking-answers.schema";
import { cancelBooking } from "~/features/booking/write/booking-write.server";
import type { AdminCancellation } from "~/features/booking/write/cancel.server";
import { listAdminSlots } from "~/features/booking/slots.server";
import { paymentFormRedirect } from "~/features/payments/owner-payments.server";
import { PaymentDoneNotice } from "~/features/payments/components/admin-payment-actions";
import { api } from "~/lib/api-client";
import { formFailure } from "~/lib/form-action.server";
import { parseId } from "~/lib/api.server";
import { MAIL_NOT_SET_UP } from "~/lib/mail-status";
import { formatShopDate, isCalendarDate, shopToday } from "~/lib/shop-time";
import { useAdminAction } from "~/lib/use-admin-action";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => adminMeta("Manage Booking Slots");

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const today = shopToday();
  // ?date=yyyy-MM-dd (the dashboard's links) opens that day's bookings; past days cannot be chosen.
  const requested = new URL(request.url).searchParams.get("date") ?? "";
  const openDate = isCalendarDate(requested) && requested >= today ? requested : null;
  // Past dates cannot be chosen, so the calendars need this month onwards only.
  const slots = await listAdminSlots(context.db, { from: `${monthOf(today)}-01` });
  const cancelled = new URL(request.url).searchParams.get("cancelled");
  return {
    slots,
    today,
    openDate,
    mailEnabled: context.mailer.enabled,
    // The reference of a booking just cancelled without JavaScript, to say so (only a reference's shape is shown).
    cancelled: cancelled && /^OB-[A-Z0-9]{8}$/.test(cancelled) ? cancelled : null,
  };
}

/**
 * A payment form (charge, refund, keep deposit, payment link) or "Cancel booking" posted without JavaScript: the same feature function as POST
 * /api/booking-slots/{id}/cancel, then back to that day (303), which says what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  try {
    const paid = await paymentFormRedirect(context, form, "/admin/bookings");
    if (paid) return paid;
    const result = await cancelBooking(context, {
      actor: { kind: "owner" },
      slotId: parseId(String(form.get("slotId") ?? ""), "Booking slot"),
    });
    return redirect(`/admin/bookings?date=${result.slot.date}&cancelled=${result.reference}`, 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function AdminBookingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slots, today, openDate, mailEnabled, cancelled } = loaderData;
  const { run } = useAdminAction();
  const [bookedMonth, setBookedMonth] = useState(monthOf(openDate ?? today));
  const [availableMonth, setAvailableMonth] = useState(monthOf(today));
  const [bookedDate, setBookedDate] = useState<string | null>(openDate);
  const [selectedDates, setSelectedDates] = useState<string[]>([]);

  const byDate = new Map<string, AdminSlot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const ofStatus = (date: string, status: AdminSlot["status"]) =>
    (byDate.get(date) ?? []).filter((slot) => slot.status === status);

  const tone = (date: string): DayTone | undefined => {
    if (ofStatus(date, "booked").length > 0) return "booked";
    if (ofStatus(date, "available").length > 0) return "available";
    return undefined;
  };
  const describe = (date: string) => {
    const booked = ofStatus(date, "booked").length;
    const available = ofStatus(date, "available").length;
    if (booked + available === 0) return undefined;
    return `${booked} booked, ${available} available`;
  };
  const isPast = (date: string) => date < today;
  const firstSelected = selectedDates[0];

  function toggleDate(date: string) {
    setSelectedDates((current) =>
      current.includes(date) ? current.filter((day) => day !== date) : [...current, date],
    );
  }

  async function deleteSlot(slot: AdminSlot) {
    await run(() => api("DELETE", `/api/booking-slots/${slot.id}?ifAvailable=true`), {
      success: { title: "Booking slot deleted successfully" },
    });
  }

  async function cancelBooking(slot: AdminSlot) {
    const result = await run(() => api<AdminCancellation>("POST", `/api/booking-slots/${slot.id}/cancel`));
    if (!result) return;
    const { status } = result.customerMail;
    const told =
      status === "sent" || status === "pending"
        ? "the customer is being emailed."
        : status === "not-configured"
          ? `${MAIL_NOT_SET_UP}, so please call the customer on ${slot.customerPhone}.`
          : `the customer could not be emailed, so please call them on ${slot.customerPhone}.`;
    toast({
      title: "Booking cancelled",
      description: `${result.reference}: the slot is available again; ${told}`,
    });
  }

  return (
    <AdminPage title="Manage Booking Slots">
      <PaymentDoneNotice />
      {cancelled && !actionData && (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {`Booking cancelled: ${cancelled}: the slot is available again; ${
            mailEnabled ? "the customer is being emailed." : `${MAIL_NOT_SET_UP}, so please call the customer.`
          }`}
        </p>
      )}
      {actionData && (
        <p role="alert" className="mb-6 rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
          {actionData.message}
        </p>
      )}
      <p className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-4 rounded bg-green-300" /> Days with booked slots
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-4 rounded bg-green-100 ring-1 ring-green-300" /> Days with available slots
        </span>
      </p>
      <p className="mb-6 rounded-md border border-border bg-card p-4 text-sm">
        Online booking runs on each barber's hours under{" "}
        <Link to="/admin/team" className="font-semibold underline">
          Team
        </Link>
        ; Available Slots are extra times opened by hand, and Booked Slots lists a day's bookings, to cancel one. The
        day's bookings per barber, with booking for a caller, walk-ins, blocks, moves and attendance, are on the{" "}
        <Link to={`/admin/calendar?date=${bookedDate ?? today}`} className="font-semibold underline">
          Calendar
        </Link>
        .
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight">Booked Slots</h2>
            <CardDescription>Choose a date to see its bookings.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <MonthCalendar
              month={bookedMonth}
              onMonthChange={setBookedMonth}
              today={today}
              minMonth={monthOf(today)}
              label="Booked slots calendar"
              isDisabled={isPast}
              isSelected={(date) => date === bookedDate}
              onSelect={setBookedDate}
              describe={describe}
              tone={tone}
              className="mx-auto max-w-md"
            />
            {bookedDate && (
              <section aria-labelledby="booked-day" className="grid gap-3">
                <h3 id="booked-day" className="text-lg font-semibold">
                  {formatShopDate(bookedDate)}
                </h3>
                <BookedSlotList
                  date={bookedDate}
                  slots={ofStatus(bookedDate, "booked")}
                  mailEnabled={mailEnabled}
                  onCancel={cancelBooking}
                />
              </section>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1.5">
              <h2 className="text-xl font-semibold leading-tight">Available Slots</h2>
              <CardDescription>Choose one or more dates, then add slots to them.</CardDescription>
            </div>
            <div className="flex flex-wrap gap-2">
              {selectedDates.length > 0 && (
                <Button variant="outline" onClick={() => setSelectedDates([])}>
                  Clear selection
                </Button>
              )}
              <AddSlotsDialog dates={selectedDates} />
            </div>
          </CardHeader>
          <CardContent className="grid gap-5">
            <MonthCalendar
              month={availableMonth}
              onMonthChange={setAvailableMonth}
              today={today}
              minMonth={monthOf(today)}
              label="Available slots calendar"
              multiple
              isDisabled={isPast}
              isSelected={(date) => selectedDates.includes(date)}
              onSelect={toggleDate}
              describe={describe}
              tone={tone}
              className="mx-auto max-w-md"
            />
            <p className="text-sm" aria-live="polite">
              Selected dates: {selectedDates.length}
            </p>
            {firstSelected && (
              <section aria-labelledby="available-day" className="grid gap-3">
                <h3 id="available-day" className="text-lg font-semibold">
                  {formatShopDate(firstSelected)}
                </h3>
                <AvailableSlotList
                  date={firstSelected}
                  slots={ofStatus(firstSelected, "available")}
                  onDelete={deleteSlot}
                />
              </section>
            )}
          </CardContent>
        </Card>
      </div>
    </AdminPage>
  );
}
