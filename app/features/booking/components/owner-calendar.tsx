import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useRevalidator, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { ApiError, api } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { addDays, formatShopDate, formatTimeRange, fromMinutes, toMinutes } from "~/lib/shop-time";
import { customerPath } from "~/features/customers/customers.schema";
import { CalendarFeedForm, type ShownFeedAddress } from "./calendar-feed-form";
import { WalkInForm, type WalkInFailure } from "./walk-in-form";
import { paymentWords } from "~/features/payments/components/payment-note";
import { formatPence } from "~/lib/money";
import type { AdminMoveResult } from "../booking.schema";
import { calendarUrl, weekStart, type CalendarQuery } from "../calendar-query";
import type { CalendarBooking, CalendarData, CalendarDay, CalendarStatus } from "../calendar.server";

const PX_PER_MINUTE = 1.6;
const HOUR = 60;
const SNAP_MINUTES = 5;
const REFRESH_MS = 60_000;
const UNDO_MS = 10_000;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 6;

/** Colour and words together (WCAG 1.4.1): the label is always written out. */
const STATUS: Record<CalendarStatus, { label: string; className: string }> = {
  confirmed: { label: "Confirmed", className: "border-blue-700 bg-blue-50 text-blue-950" },
  "awaiting-payment": { label: "Awaiting payment", className: "border-amber-600 bg-amber-50 text-amber-950" },
  attended: { label: "Attended", className: "border-green-700 bg-green-50 text-green-950" },
  "no-show": { label: "No-show", className: "border-red-700 bg-red-50 text-red-950" },
  cancelled: { label: "Cancelled", className: "border-dashed border-gray-400 bg-gray-100/60 text-gray-800" },
};

interface Column {
  key: string;
  memberId: number | null;
  name: string;
}

interface OwnerCalendarProps {
  calendar: CalendarData;
  query: CalendarQuery & { date: string };
  today: string;
  /** The shop's date and clock time when the page was rendered: attendance can be marked once a booking has begun. */
  now: { date: string; time: string };
  /** The refusal of a form posted without JavaScript, and which form (`intent`) posted it. */
  failure?: (WalkInFailure & { intent: string }) | undefined;
  /** A calendar-feed address just made: shown once. */
  feed?: ShownFeedAddress | undefined;
  /** The day's bookings with money on them and the owner's payment actions (the payments feature's). */
  paymentPanel?: React.ReactNode;
}

/** The owner's calendar: barbers side by side on a day's time line, or a week; moves, walk-ins and blocks. */
export function OwnerCalendar({ calendar, query, today, now, failure, feed, paymentPanel }: OwnerCalendarProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const link = (change: Parameters<typeof calendarUrl>[1]) => calendarUrl(here, change);
  const step = query.view === "week" ? 7 : 1;
  const columns: Column[] = [
    ...calendar.members.map((member) => ({ key: String(member.id), memberId: member.id, name: member.name })),
    ...(calendar.bookings.some((booking) => booking.memberId === null)
      ? [{ key: "none", memberId: null, name: "No barber" }]
      : []),
  ];
  const shownOnPhone = query.barber ?? columns[0]?.memberId ?? null;
  const moving = calendar.bookings.find((booking) => booking.id === query.move);
  useAutoRefresh();

  return (
    <main id="main" className="mx-auto w-full max-w-[100rem] px-3 pb-16 pt-24 noscript:max-xl:pt-8 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Calendar</h1>
        <Button variant="outline" asChild>
          <Link to="/admin">Back to Dashboard</Link>
        </Button>
      </div>
      <nav aria-label="Days" className="mb-4 flex flex-wrap items-end gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to={link({ date: addDays(query.date, -step), move: undefined })}>
            Previous {query.view === "week" ? "week" : "day"}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={link({ date: today, move: undefined })}>Today</Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={link({ date: addDays(query.date, step), move: undefined })}>
            Next {query.view === "week" ? "week" : "day"}
          </Link>
        </Button>
        <Form method="get" className="flex items-end gap-2">
          <input type="hidden" name="view" value={query.view} />
          {query.cancelled && <input type="hidden" name="cancelled" value="1" />}
          <Label className="grid gap-1">
            Go to date
            <Input type="date" name="date" defaultValue={query.date} className="w-auto" />
          </Label>
          <Button type="submit" size="sm" variant="outline">
            Show
          </Button>
        </Form>
        <span className="mx-2 flex gap-1" role="group" aria-label="View">
          <Button size="sm" variant={query.view === "day" ? "default" : "outline"} asChild>
            <Link to={link({ view: "day" })} aria-current={query.view === "day" ? "page" : undefined}>
              Day
            </Link>
          </Button>
          <Button size="sm" variant={query.view === "week" ? "default" : "outline"} asChild>
            <Link to={link({ view: "week" })} aria-current={query.view === "week" ? "page" : undefined}>
              Week
            </Link>
          </Button>
        </span>
        <Button size="sm" variant="ghost" asChild>
          <Link to={link({ cancelled: !query.cancelled })}>
            {query.cancelled ? "Hide cancelled" : "Show cancelled"}
          </Link>
        </Button>
      </nav>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 className="text-xl font-semibold">
          {query.view === "week" ? `Week of ${formatShopDate(weekStart(query.date))}` : formatShopDate(query.date)}
        </h2>
        <p className="text-sm tabular-nums" data-testid="takings">
          Takings: <strong>{formatPence(calendar.days.reduce((sum, day) => sum + day.takingsPence, 0))}</strong>{" "}
          <span className="text-muted-foreground">(booked and attended, walk-ins included, no-shows left out)</span>
        </p>
      </div>
      {failure && (
        <p role="alert" className="mb-4 rounded-md border border-destructive bg-red-50 p-3 text-sm text-red-950">
          {failure.message}
          {/* Without JavaScript the answer opens at the top: the walk-in form says it again beside its field. */}
          {failure.intent === "walk-in" && (
            <>
              {" "}
              <a href="#walk-in" className="font-semibold underline">
                Go to the walk-in form
              </a>
            </>
          )}
        </p>
      )}
      {moving && <MoveForm booking={moving} members={calendar.members} back={link({ move: undefined })} />}
      <StatusLegend />
      {query.view === "week" ? (
        <WeekView calendar={calendar} columns={columns} link={link} />
      ) : (
        <DayView
          day={calendar.days[0]!}
          calendar={calendar}
          columns={columns}
          shownOnPhone={shownOnPhone}
          link={link}
          here={here}
          now={now}
        />
      )}
      {paymentPanel}
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <WalkInForm
          calendar={calendar}
          date={query.date}
          back={here}
          failure={failure?.intent === "walk-in" ? failure : undefined}
        />
        <BlockForm calendar={calendar} date={query.date} back={here} />
      </div>
      <CalendarFeeds members={calendar.members} feed={feed} back={here} />
    </main>
  );
}

/** The view reloads its data every minute and when the tab comes back, so the day on screen is the day in the shop. */
function useAutoRefresh() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => void revalidate(), REFRESH_MS);
    const onFocus = () => void revalidate();
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [revalidate]);
}

function StatusLegend() {
  return (
    <ul aria-label="Status colours" className="mb-3 flex flex-wrap gap-2 text-xs">
      {Object.values(STATUS).map((status) => (
        <li key={status.label} className={cn("rounded border-l-4 px-2 py-0.5", status.className)}>
          {status.label}
        </li>
      ))}
      <li className="rounded border-l-4 border-gray-600 bg-[repeating-linear-gradient(135deg,#e7e5e4_0,#e7e5e4_6px,#fafaf9_6px,#fafaf9_12px)] px-2 py-0.5">
        Blocked
      </li>
      <li className="rounded bg-muted px-2 py-0.5">Not working</li>
    </ul>
  );
}

/** The hours the time line covers: the shop's opening hours that day, stretched to whatever is booked outside them. */
function timeLine(day: CalendarDay, bookings: readonly CalendarBooking[]) {
  const starts = [
    ...day.opening.map((range) => toMinutes(range.start)),
    ...bookings.map((b) => toMinutes(b.startTime)),
  ];
  const ends = [...day.opening.map((range) => toMinutes(range.end)), ...bookings.map((b) => toMinutes(b.endTime))];
  const first = Math.floor(Math.min(9 * HOUR, ...starts) / HOUR) * HOUR;
  const last = Math.ceil(Math.max(first + 8 * HOUR, ...ends) / HOUR) * HOUR;
  return { first, last };
}

interface DayViewProps {
  day: CalendarDay;
  calendar: CalendarData;
  columns: Column[];
  shownOnPhone: number | null;
  link: (change: Parameters<typeof calendarUrl>[1]) => string;
  here: string;
  now: { date: string; time: string };
}

function DayView({ day, calendar, columns, shownOnPhone, link, here, now }: DayViewProps) {
  const submit = useSubmit();
  const bookings = calendar.bookings.filter((booking) => booking.date === day.date);
  const { first, last } = timeLine(day, bookings);
  const height = (last - first) * PX_PER_MINUTE;
  const hours = Array.from({ length: (last - first) / HOUR }, (_, index) => first + index * HOUR);
  const top = (time: string) => (toMinutes(time) - first) * PX_PER_MINUTE;
  const [undo, setUndo] = useState<AdminMoveResult | null>(null);
  const { revalidate } = useRevalidator();
  const [dragError, setDragError] = useState<string | null>(null);

  async function moveTo(
    bookingId: number,
    body: { date: string; startTime: string; memberId: number | null; override?: boolean },
  ) {
    try {
      const moved = await api<AdminMoveResult>("POST", `/api/bookings/${bookingId}/move`, body);
      setDragError(null);
      await revalidate();
      return moved;
    } catch (error) {
      setDragError(error instanceof ApiError || error instanceof Error ? error.message : String(error));
      await revalidate();
      return undefined;
    }
  }

  if (columns.length === 0) return <p className="text-muted-foreground">No barbers yet: add them under Team.</p>;
  return (
    <section aria-label={`Day view of ${formatShopDate(day.date)}`}>
      {day.closure !== null && (
        <p className="mb-2 rounded bg-muted p-2 text-sm">The shop is closed{day.closure ? `: ${day.closure}` : ""}.</p>
      )}
      <Form method="get" className="mb-3 flex items-end gap-2 md:hidden">
        <input type="hidden" name="date" value={day.date} />
        <Label className="grid gap-1">
          Barber shown
          <NativeSelect
            name="barber"
            defaultValue={shownOnPhone === null ? "" : String(shownOnPhone)}
            onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
          >
            {columns.map((column) => (
              <option key={column.key} value={column.memberId ?? ""}>
                {column.name}
              </option>
            ))}
          </NativeSelect>
        </Label>
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            Show
          </Button>
        </noscript>
      </Form>
      {dragError && (
        <p role="alert" className="mb-2 rounded-md border border-destructive bg-red-50 p-2 text-sm text-red-950">
          {dragError}
        </p>
      )}
      {undo && <UndoBar moved={undo} onUndo={moveTo} onDone={() => setUndo(null)} />}
      <div className="overflow-x-auto rounded-md border border-border">
        <div
          // On a phone one barber is shown (the others are hidden), so the grid has one column for them.
          className="grid min-w-full grid-cols-[3.5rem_1fr] md:min-w-max md:grid-cols-(--calendar-columns)"
          style={
            { "--calendar-columns": `3.5rem repeat(${columns.length}, minmax(11rem, 1fr))` } as React.CSSProperties
          }
        >
          <div className="sticky left-0 z-10 bg-card" />
          {columns.map((column) => (
            <h3
              key={column.key}
              className={cn(
                "border-b border-l border-border px-2 py-2 text-sm font-semibold",
                column.memberId !== shownOnPhone && "max-md:hidden",
              )}
            >
              {column.name}
              {column.memberId !== null && day.members[column.memberId]?.timeOff && (
                <span className="ml-1 font-normal text-muted-foreground">(time off)</span>
              )}
            </h3>
          ))}
          <div className="relative sticky left-0 z-10 bg-card" style={{ height }}>
            {hours.map((minute) => (
              <span
                key={minute}
                className="absolute right-2 text-xs tabular-nums text-muted-foreground"
                style={{ top: (minute - first) * PX_PER_MINUTE }}
              >
                {fromMinutes(minute)}
              </span>
            ))}
          </div>
          {columns.map((column) => (
            <DayColumn
              key={column.key}
              column={column}
              day={day}
              bookings={bookings.filter((booking) => booking.memberId === column.memberId)}
              blocks={calendar.blocks.filter((block) => block.memberId === column.memberId && block.date === day.date)}
              height={height}
              first={first}
              top={top}
              hiddenOnPhone={column.memberId !== shownOnPhone}
              link={link}
              here={here}
              now={now}
              onDrop={async (booking, target) => {
                const moved = await moveTo(booking.id, target);
                if (moved) setUndo(moved);
              }}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

interface DropTarget {
  date: string;
  startTime: string;
  memberId: number | null;
}

interface DayColumnProps {
  column: Column;
  day: CalendarDay;
  bookings: CalendarBooking[];
  blocks: CalendarData["blocks"];
  height: number;
  first: number;
  top: (time: string) => number;
  hiddenOnPhone: boolean;
  link: (change: Parameters<typeof calendarUrl>[1]) => string;
  here: string;
  now: { date: string; time: string };
  onDrop: (booking: CalendarBooking, target: DropTarget) => Promise<void>;
}

function DayColumn({
  column,
  day,
  bookings,
  blocks,
  height,
  first,
  top,
  hiddenOnPhone,
  link,
  here,
  now,
  onDrop,
}: DayColumnProps) {
  const working = column.memberId === null ? day.opening : (day.members[column.memberId]?.working ?? []);
  return (
    <div
      data-calendar-column={column.memberId ?? "none"}
      data-first-minute={first}
      aria-label={`${column.name}'s bookings`}
      role="list"
      className={cn("relative border-l border-border bg-muted", hiddenOnPhone && "max-md:hidden")}
      style={{ height }}
    >
      {working.map((span) => (
        <div
          key={span.start}
          aria-hidden
          className="absolute inset-x-0 bg-card bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_95px,var(--color-border)_95px,var(--color-border)_96px)]"
          style={{ top: top(span.start), height: top(span.end) - top(span.start) }}
        />
      ))}
      {blocks.map((block) => (
        <div
          role="listitem"
          key={`block-${block.id}`}
          className="absolute inset-x-1 overflow-hidden rounded border-l-4 border-gray-600 bg-[repeating-linear-gradient(135deg,#e7e5e4_0,#e7e5e4_6px,#fafaf9_6px,#fafaf9_12px)] px-2 py-1 text-xs"
          style={{ top: top(block.start), height: Math.max(top(block.end) - top(block.start), 22) }}
        >
          <span className="font-semibold tabular-nums">{formatTimeRange(block.start, block.end)}</span> Blocked
          {block.note ? `: ${block.note}` : ""}
          <Form method="post" className="inline">
            <input type="hidden" name="intent" value="unblock" />
            <input type="hidden" name="back" value={here} />
            <input type="hidden" name="memberId" value={block.memberId} />
            <input type="hidden" name="blockId" value={block.id} />
            <button type="submit" className="ml-2 underline">
              Remove<span className="sr-only"> block {formatTimeRange(block.start, block.end)}</span>
            </button>
          </Form>
        </div>
      ))}
      {bookings.map((booking) => (
        <BookingBlock
          key={booking.id}
          booking={booking}
          column={column}
          top={top(booking.startTime)}
          height={Math.max(top(booking.endTime) - top(booking.startTime), 44)}
          moveLink={link({ move: booking.id })}
          here={here}
          begun={booking.date < now.date || (booking.date === now.date && booking.startTime <= now.time)}
          onDrop={onDrop}
        />
      ))}
    </div>
  );
}

interface BookingBlockProps {
  booking: CalendarBooking;
  column: Column;
  top: number;
  height: number;
  moveLink: string;
  here: string;
  begun: boolean;
  onDrop: (booking: CalendarBooking, target: DropTarget) => Promise<void>;
}

/** Where a drop at the pointer lands: the column under it and the time at its height, snapped to five minutes. */
function dropTargetAt(x: number, y: number, date: string): DropTarget | null {
  const column = document
    .elementsFromPoint(x, y)
    .find((element): element is HTMLElement => element instanceof HTMLElement && !!element.dataset.calendarColumn);
  if (!column) return null;
  const first = Number(column.dataset.firstMinute);
  const minutes = first + (y - column.getBoundingClientRect().top) / PX_PER_MINUTE;
  const snapped = Math.max(0, Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES);
  const member = column.dataset.calendarColumn!;
  return { date, startTime: fromMinutes(snapped), memberId: member === "none" ? null : Number(member) };
}

function BookingBlock({ booking, column, top, height, moveLink, here, begun, onDrop }: BookingBlockProps) {
  const status = STATUS[booking.status];
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);
  const press = useRef<{ x: number; y: number; grabY: number } | null>(null);

  return (
    <div
      role="listitem"
      data-booking-id={booking.id}
      className={cn(
        "absolute inset-x-1 overflow-hidden rounded border-l-4 px-2 py-1 text-xs leading-tight shadow-sm",
        status.className,
        offset && "z-20 opacity-80 ring-2 ring-ring",
      )}
      style={{
        top,
        height,
        transform: offset ? `translate(${offset.x}px, ${offset.y}px)` : undefined,
      }}
    >
      {booking.status !== "cancelled" && (
        <button
          type="button"
          aria-label={`Drag ${booking.customerName}'s booking to another time or barber`}
          className="float-right -mr-1 cursor-grab touch-none px-1 text-base leading-none"
          onPointerDown={(event) => {
            const block = event.currentTarget.parentElement!.getBoundingClientRect();
            press.current = { x: event.clientX, y: event.clientY, grabY: event.clientY - block.top };
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
            // The block's top lands where it was dragged, not the point it was held by.
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
      <span className="font-semibold tabular-nums">{formatTimeRange(booking.startTime, booking.endTime)}</span>{" "}
      {booking.recordKey ? (
        <Link to={customerPath(booking.recordKey)} className="font-semibold underline">
          {booking.customerName}
        </Link>
      ) : (
        <span className="font-semibold">{booking.customerName}</span>
      )}
      <span className="block">{booking.services.join(", ")}</span>
      <span className="block">
        {status.label}
        {booking.walkIn ? " · walk-in" : ""} · {column.name}
      </span>
      <PaymentLine booking={booking} />
      {booking.status !== "cancelled" && (
        <span className="mt-1 flex flex-wrap gap-x-2">
          <Link to={moveLink} className="underline" preventScrollReset>
            Move…<span className="sr-only"> {booking.customerName}'s booking</span>
          </Link>
          {begun && (
            <>
              <AttendanceButton booking={booking} value="attended" label="Attended" here={here} />
              <AttendanceButton booking={booking} value="no-show" label="No-show" here={here} />
            </>
          )}
        </span>
      )}
    </div>
  );
}

/** The block's money in words (WCAG 1.4.1: never the colour alone), where the booking has a payment. */
function PaymentLine({ booking }: { booking: CalendarBooking }) {
  if (!booking.payment) return null;
  const { what, state } = paymentWords(booking.payment);
  return (
    <span className="block" data-testid="block-payment">
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
      <button type="submit" className="underline" aria-pressed={current}>
        {label}
        <span className="sr-only"> ({booking.customerName})</span>
      </button>
    </Form>
  );
}

/** After a drag: says where the booking went and offers to put it back, for ten seconds. */
function UndoBar({
  moved,
  onUndo,
  onDone,
}: {
  moved: AdminMoveResult;
  onUndo: (bookingId: number, body: DropTarget & { override: boolean }) => Promise<unknown>;
  onDone: () => void;
}) {
  useEffect(() => {
    const timer = setTimeout(onDone, UNDO_MS);
    return () => clearTimeout(timer);
  }, [moved, onDone]);
  return (
    <p role="status" className="mb-2 flex items-center gap-3 rounded-md border border-border bg-card p-2 text-sm">
      Moved {moved.customerName} to {moved.startTime}
      {moved.memberName ? ` with ${moved.memberName}` : ""}.
      <Button
        size="sm"
        variant="outline"
        onClick={async () => {
          onDone();
          // Back where it was, even if that was outside the hours on the owner's word.
          await onUndo(moved.id, { ...moved.previous, override: true });
        }}
      >
        Undo
      </Button>
    </p>
  );
}

function MoveForm({
  booking,
  members,
  back,
}: {
  booking: CalendarBooking;
  members: CalendarData["members"];
  back: string;
}) {
  return (
    <section aria-labelledby="move-heading" className="mb-4 rounded-md border border-border bg-card p-4">
      <h2 id="move-heading" className="mb-2 text-lg font-semibold">
        Move {booking.customerName}'s booking ({formatTimeRange(booking.startTime, booking.endTime)},{" "}
        {booking.services.join(", ")})
      </h2>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="bookingId" value={booking.id} />
        <Label className="grid gap-1">
          Day
          <Input type="date" name="date" defaultValue={booking.date} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          Time
          <Input type="time" name="startTime" defaultValue={booking.startTime} step={300} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          Barber
          <NativeSelect name="memberId" defaultValue={booking.memberId ?? ""} className="w-auto">
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        </Label>
        <Label className="flex items-center gap-2 pb-2">
          <input type="checkbox" name="override" className="size-4" /> Outside hours
        </Label>
        <Button type="submit">Move booking</Button>
        <Button variant="ghost" asChild>
          <Link to={back}>Cancel</Link>
        </Button>
      </Form>
    </section>
  );
}

function BlockForm({ calendar, date, back }: { calendar: CalendarData; date: string; back: string }) {
  return (
    <details className="rounded-md border border-border bg-card p-4" open>
      <summary className="cursor-pointer text-lg font-semibold">Block time</summary>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="block" />
        <input type="hidden" name="back" value={back} />
        <Label className="grid gap-1">
          Barber
          <NativeSelect name="memberId" required className="w-auto">
            {calendar.members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        </Label>
        <Label className="grid gap-1">
          Day
          <Input type="date" name="date" defaultValue={date} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          From
          <Input type="time" name="start" step={300} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          To
          <Input type="time" name="end" step={300} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          Note
          <Input name="note" maxLength={200} placeholder="Lunch" className="w-36" />
        </Label>
        <Button type="submit">Block time</Button>
      </Form>
    </details>
  );
}

function WeekView({
  calendar,
  columns,
  link,
}: {
  calendar: CalendarData;
  columns: Column[];
  link: (change: Parameters<typeof calendarUrl>[1]) => string;
}) {
  const nameOf = (memberId: number | null) => columns.find((column) => column.memberId === memberId)?.name ?? "";
  return (
    <div className="grid gap-2 md:grid-cols-7">
      {calendar.days.map((day) => {
        const bookings = calendar.bookings.filter((booking) => booking.date === day.date);
        // Bookings and blocks in one time order, as the day runs.
        const entries = [
          ...bookings.map((booking) => ({ kind: "booking" as const, start: booking.startTime, booking })),
          ...calendar.blocks
            .filter((block) => block.date === day.date)
            .map((block) => ({ kind: "block" as const, start: block.start, block })),
        ].sort((a, b) => a.start.localeCompare(b.start));
        const booked = bookings.filter((booking) => booking.status !== "cancelled").length;
        return (
          <section
            key={day.date}
            aria-label={formatShopDate(day.date)}
            className="rounded-md border border-border bg-card p-2"
          >
            <h3 className="mb-2 text-sm font-semibold">
              <Link to={link({ view: "day", date: day.date })} className="underline">
                {formatShopDate(day.date, "weekday")}
              </Link>
            </h3>
            {day.closure !== null && <p className="mb-1 rounded bg-muted px-1 text-xs">Closed</p>}
            <p className="mb-1 text-xs text-muted-foreground">
              {booked} {booked === 1 ? "booking" : "bookings"} ·{" "}
              <span className="tabular-nums">{formatPence(day.takingsPence)}</span>
            </p>
            <ul className="grid gap-1">
              {entries.map((entry) =>
                entry.kind === "booking" ? (
                  <li
                    key={entry.booking.id}
                    className={cn("rounded border-l-4 px-1.5 py-0.5 text-xs", STATUS[entry.booking.status].className)}
                  >
                    <span className="font-semibold tabular-nums">{entry.booking.startTime}</span>{" "}
                    {entry.booking.customerName}
                    <span className="block">
                      {nameOf(entry.booking.memberId)} · {STATUS[entry.booking.status].label}
                    </span>
                    <PaymentLine booking={entry.booking} />
                  </li>
                ) : (
                  <li
                    key={`block-${entry.block.id}`}
                    className="rounded border-l-4 border-gray-600 bg-[repeating-linear-gradient(135deg,#e7e5e4_0,#e7e5e4_6px,#fafaf9_6px,#fafaf9_12px)] px-1.5 py-0.5 text-xs"
                  >
                    <span className="font-semibold tabular-nums">{entry.block.start}</span> Blocked ·{" "}
                    {nameOf(entry.block.memberId)}
                  </li>
                ),
              )}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Each barber's bookings on their own phone, and the whole shop's: private subscription addresses. */
function CalendarFeeds({
  members,
  feed,
  back,
}: {
  members: CalendarData["members"];
  feed: OwnerCalendarProps["feed"];
  back: string;
}) {
  const scopes = [
    ...members.map((member) => ({ key: String(member.id), name: member.name })),
    { key: "shop", name: "Whole shop" },
  ];
  return (
    <details className="mt-4 rounded-md border border-border bg-card p-4" open={feed !== undefined}>
      <summary className="cursor-pointer text-lg font-semibold">Calendar feeds</summary>
      <p className="mt-2 text-sm text-muted-foreground">
        A private address to subscribe to in Apple Calendar, Google Calendar or Outlook. A new address stops the
        previous one at once; anyone with the address can read the bookings in it. Each barber's is also on the Team
        page.
      </p>
      <ul className="mt-3 grid gap-3">
        {scopes.map((scope) => (
          <li key={scope.key}>
            <CalendarFeedForm
              feedFor={scope.key}
              label={`Calendar feed: ${scope.name}`}
              name={scope.name}
              shown={feed}
              back={back}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
