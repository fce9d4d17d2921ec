import { Trash2, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { closedLabel, closedReason, useShopSettings } from "~/features/settings";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";
import { MAIL_NOT_SET_UP, MAIL_STATUS_BADGES } from "~/lib/mail-status";
import type { AdminSlot } from "../booking-answers.schema";
import { formatPence, toPence } from "~/lib/money";
import { customerPath, NO_SHOW_FLAG } from "~/features/customers";
import { AdminPaymentActions } from "~/features/payments";

/** selectedServiceTitles is a JSON-encoded list of titles, falling back to plain text (spec section 3). */
export function serviceTitlesOf(slot: AdminSlot) {
  const raw = slot.selectedServiceTitles;
  if (!raw) return "";
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return parsed.map(String).join(", ");
  } catch {
    // Plain text, as older records hold it.
  }
  return raw;
}

/**
 * Slots made before the hours or closures changed stay; the admin sees which ones the shop is not open for,
 * to cancel or keep them knowingly.
 */
function ClosedBadge({ slot }: { slot: AdminSlot }) {
  const reason = closedReason(useShopSettings(), slot.date, slot.startTime, slot.endTime);
  return reason && <Badge variant="warning">{closedLabel(reason)}</Badge>;
}

export function BookedSlotList({
  date,
  slots,
  mailEnabled,
  onCancel,
}: {
  date: string;
  /** Whether a mail server is set up: the cancel dialog promises a mail only when one can be sent. */
  mailEnabled: boolean;
  slots: readonly AdminSlot[];
  onCancel: (slot: AdminSlot) => void;
}) {
  if (slots.length === 0)
    return <p className="text-sm text-muted-foreground">No booked slots on {formatShopDate(date)}.</p>;
  return (
    <ul className="grid gap-3" aria-label={`Booked slots on ${formatShopDate(date)}`}>
      {slots.map((slot) => {
        const mail = slot.mailStatus ? MAIL_STATUS_BADGES[slot.mailStatus] : undefined;
        return (
          <li key={slot.id} className="grid gap-2 rounded-md border border-border bg-background p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-display text-lg font-semibold tabular-nums">
                {formatTimeRange(slot.startTime, slot.endTime)}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <ClosedBadge slot={slot} />
                {slot.reference && <span className="font-mono text-xs font-semibold">{slot.reference}</span>}
                {mail && <Badge variant={mail.variant}>{mail.label}</Badge>}
                {slot.attendance && (
                  <Badge variant={slot.attendance === "no-show" ? "destructive" : "success"}>
                    {slot.attendance === "no-show" ? "No-show" : "Attended"}
                  </Badge>
                )}
              </div>
            </div>
            {(slot.customerNoShows ?? 0) >= NO_SHOW_FLAG && (
              <p className="flex items-center gap-2 text-sm font-semibold text-destructive">
                <TriangleAlert className="size-4" aria-hidden />
                Missed {slot.customerNoShows} appointments before
              </p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-semibold">Name:</dt>
              <dd>
                {slot.customerEmail ? (
                  <Link className="text-accent-text underline" to={customerPath(slot.customerEmail)}>
                    {slot.customerName}
                  </Link>
                ) : (
                  slot.customerName
                )}
              </dd>
              <dt className="font-semibold">Email:</dt>
              <dd className="break-all">
                <a className="text-accent-text underline" href={`mailto:${slot.customerEmail}`}>
                  {slot.customerEmail}
                </a>
              </dd>
              <dt className="font-semibold">Phone:</dt>
              <dd>
                <a className="text-accent-text underline" href={`tel:${slot.customerPhone}`}>
                  {slot.customerPhone}
                </a>
              </dd>
              <dt className="font-semibold">Services:</dt>
              <dd>{serviceTitlesOf(slot) || "—"}</dd>
              {slot.total !== undefined && (
                <>
                  <dt className="font-semibold">Total:</dt>
                  <dd className="tabular-nums">
                    {formatPence(toPence(slot.total))}
                    {slot.duration !== undefined && ` · ${slot.duration} mins`}
                  </dd>
                </>
              )}
              {slot.notes && (
                <>
                  <dt className="font-semibold">Notes:</dt>
                  <dd className="whitespace-pre-line">{slot.notes}</dd>
                </>
              )}
            </dl>
            {slot.bookingId !== undefined && (
              <AdminPaymentActions
                bookingId={slot.bookingId}
                // The list holds booked slots only: a fee here is a no-show's.
                payment={
                  slot.payment && { ...slot.payment, feeReason: slot.attendance === "no-show" ? "no-show" : null }
                }
                who={slot.customerName ?? formatTimeRange(slot.startTime, slot.endTime)}
              />
            )}
            {slot.mailStatus === "failed" && slot.mailError && (
              <p className="text-xs text-destructive">Mail error: {slot.mailError}</p>
            )}
            {/* Without JavaScript the button posts the cancel to the page's action; hydrated, it asks first. */}
            <form method="post" onSubmit={(event) => event.preventDefault()} className="justify-self-start">
              <input type="hidden" name="intent" value="cancel-booking" />
              <input type="hidden" name="slotId" value={slot.id} />
              <ConfirmDialog
                trigger={
                  <Button type="submit" variant="outline" size="sm">
                    Cancel booking<span className="sr-only"> at {formatTimeRange(slot.startTime, slot.endTime)}</span>
                  </Button>
                }
                title="Are you sure you want to cancel this booking?"
                description={`${slot.customerName}'s booking at ${formatTimeRange(slot.startTime, slot.endTime)} will be cancelled and the slot becomes available again. ${
                  mailEnabled
                    ? "The customer is emailed."
                    : `${MAIL_NOT_SET_UP}, so the customer is not emailed: please call them on ${slot.customerPhone}.`
                }`}
                confirmLabel="Cancel booking"
                cancelLabel="Keep booking"
                onConfirm={() => onCancel(slot)}
              />
            </form>
          </li>
        );
      })}
    </ul>
  );
}

export function AvailableSlotList({
  date,
  slots,
  onDelete,
}: {
  date: string;
  slots: readonly AdminSlot[];
  onDelete: (slot: AdminSlot) => void;
}) {
  if (slots.length === 0)
    return <p className="text-sm text-muted-foreground">No available slots on {formatShopDate(date)}.</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label={`Available slots on ${formatShopDate(date)}`}>
      {slots.map((slot) => {
        const range = formatTimeRange(slot.startTime, slot.endTime);
        return (
          <li
            key={slot.id}
            className="flex items-center justify-between gap-2 rounded-md border border-border bg-background py-1 pl-3 pr-1"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold tabular-nums">{range}</span>
              <ClosedBadge slot={slot} />
            </span>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="icon" aria-label={`Delete slot ${range} on ${formatShopDate(date)}`}>
                  <Trash2 aria-hidden className="text-destructive" />
                </Button>
              }
              title="Are you sure you want to delete this booking slot?"
              onConfirm={() => onDelete(slot)}
            />
          </li>
        );
      })}
    </ul>
  );
}
