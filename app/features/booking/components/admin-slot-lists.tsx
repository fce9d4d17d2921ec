import { Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toPence } from "~/lib/schema-fields";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";
import { formatPence, type AdminSlot, type MailStatus } from "../booking.schema";

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

const MAIL_BADGES: Record<MailStatus, { label: string; variant: "success" | "destructive" | "warning" | "default" }> = {
  sent: { label: "Mail sent", variant: "success" },
  failed: { label: "Mail failed", variant: "destructive" },
  pending: { label: "Mail pending", variant: "warning" },
  "not-configured": { label: "Mail not set up", variant: "default" },
};

export function BookedSlotList({
  date,
  slots,
  onCancel,
}: {
  date: string;
  slots: readonly AdminSlot[];
  onCancel: (slot: AdminSlot) => void;
}) {
  if (slots.length === 0)
    return <p className="text-sm text-muted-foreground">No booked slots on {formatShopDate(date)}.</p>;
  return (
    <ul className="grid gap-3" aria-label={`Booked slots on ${formatShopDate(date)}`}>
      {slots.map((slot) => {
        const mail = slot.mailStatus ? MAIL_BADGES[slot.mailStatus] : undefined;
        return (
          <li key={slot.id} className="grid gap-2 rounded-md border border-border bg-background p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-display text-lg font-semibold tabular-nums">
                {formatTimeRange(slot.startTime, slot.endTime)}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                {slot.reference && <span className="font-mono text-xs font-semibold">{slot.reference}</span>}
                {mail && <Badge variant={mail.variant}>{mail.label}</Badge>}
              </div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-semibold">Name:</dt>
              <dd>{slot.customerName}</dd>
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
            {slot.mailStatus === "failed" && slot.mailError && (
              <p className="text-xs text-destructive">Mail error: {slot.mailError}</p>
            )}
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" className="justify-self-start">
                  Cancel booking
                </Button>
              }
              title="Are you sure you want to cancel this booking?"
              description={`${slot.customerName}'s booking at ${formatTimeRange(slot.startTime, slot.endTime)} will be cancelled, the slot becomes available again and the customer is emailed.`}
              confirmLabel="Cancel booking"
              cancelLabel="Keep booking"
              onConfirm={() => onCancel(slot)}
            />
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
            <span className="text-sm font-semibold tabular-nums">{range}</span>
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
