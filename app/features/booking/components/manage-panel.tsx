import { CalendarPlus, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast-store";
import { PaymentNote } from "~/features/payments";
import { ShopPhoneLink, useShopSettings } from "~/features/settings";
import { ApiError, api } from "~/lib/api-client";
import { type CancelScope } from "../booking.schema";
import { type ManagedBooking, type MoveOptions } from "../booking-answers.schema";
import { movedTooOftenMessage } from "../booking-messages.schema";
import { BookingFacts } from "./booking-confirmation";
import { CANCEL_FOLLOWING_LABEL, cancelQuestion } from "./repeat-picker";
import { ReschedulePicker, type MoveResult } from "./reschedule-picker";

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

const CANCEL_CONSEQUENCE = "Your time slot will be released for other customers. This cannot be undone.";

/** What a manage page's action answers its forms: a cancel to ask about once more, a move, or a refusal. */
export type ManageActionData =
  | { intent: "cancel"; confirmCancel: boolean; scope: CancelScope }
  | { intent: "cancel" | "reschedule"; message: string; fieldErrors?: Record<string, string> }
  | { intent: "reschedule"; moved: ManagedBooking };

interface ManagePanelProps {
  booking: ManagedBooking;
  moveOptions: MoveOptions | null | undefined;
  actionData: ManageActionData | undefined;
  /** The API call a hydrated cancel posts `{ scope }` to: the private link's or the signed-in customer's. */
  cancelUrl: string;
  /** The booking's calendar file, where the page has one. */
  calendarHref?: string;
  /** Just moved by the page's form (a redirect that says so): the picker says where to. */
  justMoved?: boolean;
}

/**
 * The customer's booking and what they can do with it — add it to a calendar, cancel (this one or the rest of
 * its series), move — with the money on it and, inside the notice, what a cancellation now costs, said before
 * they press the button. One panel for the private link's page and the signed-in customer's own page, so the
 * two say the same things; each page brings its own loader and action (the same feature rules behind both).
 */
export function ManagePanel({
  booking,
  moveOptions,
  actionData,
  cancelUrl,
  calendarHref,
  justMoved = false,
}: ManagePanelProps) {
  const shop = useShopSettings();
  const { revalidate } = useRevalidator();
  const [cancelling, setCancelling] = useState(false);
  const confirmed = booking.status === "confirmed";
  const cancelWords = booking.cancelWarning ?? CANCEL_CONSEQUENCE;

  async function cancelBooking(scope: CancelScope) {
    setCancelling(true);
    try {
      await api<ManagedBooking>("POST", cancelUrl, { scope });
      toast({
        title: scope === "following" ? "Your bookings have been cancelled" : "Your booking has been cancelled",
        description: "The time is free again for someone else.",
      });
    } catch (error) {
      toast({
        title: "Could not cancel the booking",
        description: error instanceof ApiError ? error.message : "Please try again, or call us.",
        variant: "destructive",
      });
    } finally {
      // Cancelled, or cancelled meanwhile (by the shop, say): show the booking as it is now.
      await revalidate();
      setCancelling(false);
    }
  }

  const moveResult: MoveResult | undefined =
    actionData?.intent === "reschedule" ? actionData : justMoved ? { moved: booking } : undefined;

  return (
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
            {booking.canCancel && booking.cancelWarning && (
              <p
                data-testid="late-cancellation-warning"
                className="flex gap-2 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {booking.cancelWarning}
              </p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {calendarHref && (
                <Button asChild variant="accent">
                  <a href={calendarHref} download>
                    <CalendarPlus aria-hidden />
                    Add to calendar
                  </a>
                </Button>
              )}
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
                          <Button type="submit" variant="destructive" disabled={cancelling} className="w-full">
                            {cancelling ? "Cancelling..." : scope === "one" ? "Cancel booking" : CANCEL_FOLLOWING_LABEL}
                          </Button>
                        }
                        title={cancelQuestion(scope, booking.laterInSeries)}
                        description={cancelWords}
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
                <p className="text-sm text-muted-foreground">{cancelWords}</p>
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
            {moveOptions && <ReschedulePicker options={moveOptions} postedResult={moveResult} />}
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
  );
}
