import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { cn } from "~/lib/cn";
import { formatTimeRange, fromMinutes } from "~/lib/shop-time";
import { customerPath } from "~/features/customers";
import { paymentWords } from "~/features/payments";
import { fitsFullCard } from "../calendar-layout";
import type { CalendarBooking, CalendarData, CalendarStatus } from "../calendar.server";

const SNAP_MINUTES = 5;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 6;

/** Colour and words together (WCAG 1.4.1): the label is always written out. */
export const STATUS: Record<CalendarStatus, { label: string; className: string }> = {
  confirmed: { label: "Confirmed", className: "border-blue-700 bg-blue-50 text-blue-950" },
  "awaiting-payment": { label: "Awaiting payment", className: "border-amber-600 bg-amber-50 text-amber-950" },
  attended: { label: "Attended", className: "border-green-700 bg-green-50 text-green-950" },
  "no-show": { label: "No-show", className: "border-red-700 bg-red-50 text-red-950" },
  cancelled: { label: "Cancelled", className: "border-dashed border-gray-400 bg-gray-100/60 text-gray-800" },
};

export const BLOCK_CLASS =
  "border-gray-600 bg-[repeating-linear-gradient(135deg,#e7e5e4_0,#e7e5e4_6px,#fafaf9_6px,#fafaf9_12px)]";

export function StatusLegend() {
  return (
    <ul aria-label="Status colours" className="mb-3 flex flex-wrap gap-2 text-xs">
      {Object.values(STATUS).map((status) => (
        <li key={status.label} className={cn("rounded border-l-4 px-2 py-0.5", status.className)}>
          {status.label}
        </li>
      ))}
      <li className={cn("rounded border-l-4 px-2 py-0.5", BLOCK_CLASS)}>Blocked</li>
      <li className="rounded bg-muted px-2 py-0.5">Not working</li>
    </ul>
  );
}

export interface DropTarget {
  date: string;
  startTime: string;
  memberId: number | null;
}

/** Where a drop at the pointer lands: the column under it and the time at its height, snapped to five minutes. */
function dropTargetAt(x: number, y: number, date: string): DropTarget | null {
  const column = document
    .elementsFromPoint(x, y)
    .find((element): element is HTMLElement => element instanceof HTMLElement && !!element.dataset.calendarColumn);
  if (!column) return null;
  const first = Number(column.dataset.firstMinute);
  const minutes = first + (y - column.getBoundingClientRect().top) / Number(column.dataset.pxPerMinute);
  const snapped = Math.max(0, Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES);
  const member = column.dataset.calendarColumn!;
  return { date, startTime: fromMinutes(snapped), memberId: member === "none" ? null : Number(member) };
}

interface BookingCardProps {
  booking: CalendarBooking;
  barberName: string;
  top: number;
  height: number;
  moveLink: string;
  here: string;
  begun: boolean;
  onDrop: (booking: CalendarBooking, target: DropTarget) => Promise<void>;
}

/**
 * A booking on the day view. Tall enough, it shows everything and its actions; shorter, one line with the time,
 * name and status, and a button that opens the same details and actions in a popover (the browser's own, so it
 * works before JavaScript and is never clipped by the card).
 */
export function BookingCard({ booking, barberName, top, height, moveLink, here, begun, onDrop }: BookingCardProps) {
  const status = STATUS[booking.status];
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);
  const press = useRef<{ x: number; y: number; grabY: number } | null>(null);
  const active = booking.status !== "cancelled";
  const full = fitsFullCard(height, 2 + (booking.payment ? 1 : 0), active);
  const menuId = `booking-menu-${booking.id}`;
  const actions = active && <BookingActions booking={booking} moveLink={moveLink} here={here} begun={begun} />;

  return (
    <div
      role="listitem"
      data-booking-id={booking.id}
      data-compact={full ? undefined : ""}
      className={cn(
        "pointer-events-auto absolute inset-x-1 overflow-hidden rounded border-l-4 px-1.5 text-xs leading-tight shadow-sm",
        full ? "py-1" : "flex items-center gap-1",
        status.className,
        offset && "z-20 opacity-80 ring-2 ring-ring",
      )}
      style={{ top, height, transform: offset ? `translate(${offset.x}px, ${offset.y}px)` : undefined }}
    >
      {active && (
        <button
          type="button"
          aria-label={`Drag ${booking.customerName}'s booking to another time or barber`}
          className={cn(
            "grid min-h-6 min-w-6 shrink-0 cursor-grab touch-none place-items-center text-base leading-none",
            full && "float-right -mr-1",
          )}
          onPointerDown={(event) => {
            const card = event.currentTarget.parentElement!.getBoundingClientRect();
            press.current = { x: event.clientX, y: event.clientY, grabY: event.clientY - card.top };
            event.currentTarget.setPointerCapture(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (!press.current) return;
            const x = event.clientX - press.current.x;
            const y = event.clientY - press.current.y;
            if (offset || Math.hypot(x, y) > DRAG_THRESHOLD_PX) setOffset({ x, y });
          }}
          onPointerUp={async (event) => {
            const grabbed = press.current;
            press.current = null;
            setOffset(null);
            if (!grabbed || Math.hypot(event.clientX - grabbed.x, event.clientY - grabbed.y) <= DRAG_THRESHOLD_PX)
              return;
            // The card's top lands where it was dragged, not the point it was held by.
            const target = dropTargetAt(event.clientX, event.clientY - grabbed.grabY, booking.date);
            if (target) await onDrop(booking, target);
          }}
          onPointerCancel={() => {
            press.current = null;
            setOffset(null);
          }}
        >
          ⠿
        </button>
      )}
      {full ? (
        <>
          <span className="block truncate">
            <span className="font-semibold tabular-nums">{formatTimeRange(booking.startTime, booking.endTime)}</span>{" "}
            <CustomerName booking={booking} />
          </span>
          <span className="block truncate">
            {status.label}
            {booking.walkIn ? " · walk-in" : ""} · {booking.services.join(", ")}
          </span>
          <PaymentLine booking={booking} />
          {actions}
        </>
      ) : (
        <>
          {/* The name gives way before the status does: the status is always read on the card. */}
          <span className="min-w-0 flex-1 truncate">
            <span className="font-semibold tabular-nums">{booking.startTime}</span>{" "}
            <span className="font-semibold">{booking.customerName}</span>
          </span>
          <span className="shrink-0">{status.label}</span>
          <button
            type="button"
            popoverTarget={menuId}
            className="grid min-h-6 min-w-6 shrink-0 place-items-center rounded border border-current font-semibold leading-none"
          >
            <span aria-hidden>⋯</span>
            <span className="sr-only">Details and actions: {booking.customerName}'s booking</span>
          </button>
          <div
            id={menuId}
            popover="auto"
            role="dialog"
            aria-label={`${booking.customerName}'s booking`}
            className={cn(
              "m-auto w-[min(22rem,calc(100vw-2rem))] rounded-md border-l-4 p-4 text-sm shadow-lg backdrop:bg-black/30",
              status.className,
            )}
          >
            <p className="font-semibold tabular-nums">{formatTimeRange(booking.startTime, booking.endTime)}</p>
            <p className="text-base">
              <CustomerName booking={booking} />
            </p>
            <p>{booking.services.join(", ")}</p>
            <p>
              {status.label}
              {booking.walkIn ? " · walk-in" : ""} · {barberName}
            </p>
            <PaymentLine booking={booking} />
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
              {actions}
              <button type="button" popoverTarget={menuId} popoverTargetAction="hide" className="ml-auto underline">
                Close
              </button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

function CustomerName({ booking }: { booking: CalendarBooking }) {
  return booking.recordKey ? (
    <Link to={customerPath(booking.recordKey)} className="font-semibold underline">
      {booking.customerName}
    </Link>
  ) : (
    <span className="font-semibold">{booking.customerName}</span>
  );
}

function BookingActions({
  booking,
  moveLink,
  here,
  begun,
}: Omit<BookingCardProps, "top" | "height" | "onDrop" | "barberName">) {
  return (
    <span className="flex flex-wrap gap-x-2">
      <Link to={moveLink} className="inline-flex min-h-6 items-center underline" preventScrollReset>
        Move…<span className="sr-only"> {booking.customerName}'s booking</span>
      </Link>
      {(booking.status === "confirmed" || booking.status === "attended") && (
        <Link to={`/admin/till?booking=${booking.id}`} className="inline-flex min-h-6 items-center underline">
          Check out<span className="sr-only"> {booking.customerName}</span>
        </Link>
      )}
      {begun && (
        <>
          <AttendanceButton booking={booking} value="attended" label="Attended" here={here} />
          <AttendanceButton booking={booking} value="no-show" label="No-show" here={here} />
        </>
      )}
    </span>
  );
}

/** The card's money in words (WCAG 1.4.1: never the colour alone), where the booking has a payment. */
export function PaymentLine({ booking }: { booking: CalendarBooking }) {
  if (!booking.payment) return null;
  const { what, state } = paymentWords(booking.payment);
  return (
    <span className="block truncate" data-testid="block-payment">
      {`${what}: ${state}`}
    </span>
  );
}

function AttendanceButton({
  booking,
  value,
  label,
  here,
}: {
  booking: CalendarBooking;
  value: "attended" | "no-show";
  label: string;
  here: string;
}) {
  const current = booking.status === value;
  return (
    <Form method="post" className="inline" preventScrollReset>
      <input type="hidden" name="intent" value="attendance" />
      <input type="hidden" name="back" value={here} />
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name="attendance" value={current ? "" : value} />
      <button type="submit" className="inline-flex min-h-6 items-center underline" aria-pressed={current}>
        {label}
        <span className="sr-only"> ({booking.customerName})</span>
      </button>
    </Form>
  );
}

/** Time a barber set aside, with its Remove button: on one line, the note cut short before the button is. */
export function BlockCard({
  block,
  top,
  height,
  here,
}: {
  block: CalendarData["blocks"][number];
  top: number;
  height: number;
  here: string;
}) {
  return (
    <div
      role="listitem"
      className={cn(
        "pointer-events-auto absolute inset-x-1 flex items-start gap-2 overflow-hidden rounded border-l-4 px-1.5 text-xs",
        BLOCK_CLASS,
      )}
      style={{ top, height }}
    >
      <span className="min-w-0 flex-1 truncate leading-6">
        <span className="font-semibold tabular-nums">{formatTimeRange(block.start, block.end)}</span> Blocked
        {block.note ? `: ${block.note}` : ""}
      </span>
      <Form method="post" className="shrink-0">
        <input type="hidden" name="intent" value="unblock" />
        <input type="hidden" name="back" value={here} />
        <input type="hidden" name="memberId" value={block.memberId} />
        <input type="hidden" name="blockId" value={block.id} />
        <button type="submit" className="min-h-6 underline">
          Remove<span className="sr-only"> block {formatTimeRange(block.start, block.end)}</span>
        </button>
      </Form>
    </div>
  );
}
