import { useEffect, useState } from "react";
import { Form, useRevalidator, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/input";
import { ApiError, api } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { formatShopDate, fromMinutes, shopInstant, shopMoment, toMinutes } from "~/lib/shop-time";
import type { AdminMoveResult } from "../booking-answers.schema";
import type { calendarUrl } from "../calendar-query";
import { cardBox, dayScale, freeStretches, timeLine } from "../calendar-layout";
import type { CalendarBooking, CalendarData, CalendarDay } from "../calendar.server";
import { BlockCard, BookingCard, type DropTarget } from "./calendar-booking-card";
import { NEW_SNAP_MINUTES, NewAppointmentArea } from "./calendar-new-appointment";

const HOUR = 60;
const UNDO_MS = 10_000;
/** How often the line at the current time moves. */
const NOW_TICK_MS = 30_000;

export interface Column {
  key: string;
  memberId: number | null;
  name: string;
}

export type ShopNow = { date: string; time: string };

interface DayViewProps {
  day: CalendarDay;
  calendar: CalendarData;
  columns: Column[];
  shownOnPhone: number | null;
  link: (change: Parameters<typeof calendarUrl>[1]) => string;
  here: string;
  now: ShopNow;
  /** An empty time clicked: the owner wants a new appointment there. */
  onNewAppointment: (memberId: number, startTime: string) => void;
}

/**
 * The shop's time now, moving: the server's reading first (so the line is drawn before JavaScript), then the
 * browser's clock kept at the server's offset, so a shop clock set for tests moves the line the same way.
 */
function useShopNow(serverNow: ShopNow): ShopNow {
  const [ticked, setTicked] = useState<{ from: ShopNow; now: ShopNow } | null>(null);
  useEffect(() => {
    // The server's reading is to the minute; ticking from it keeps the line within a minute of the shop's time.
    const offset = shopInstant(serverNow.date, serverNow.time).getTime() - Date.now();
    const timer = setInterval(
      () => setTicked({ from: serverNow, now: shopMoment(new Date(Date.now() + offset)) }),
      NOW_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [serverNow]);
  return ticked?.from === serverNow ? ticked.now : serverNow;
}

export function DayView({
  day,
  calendar,
  columns,
  shownOnPhone,
  link,
  here,
  now: serverNow,
  onNewAppointment,
}: DayViewProps) {
  const submit = useSubmit();
  const now = useShopNow(serverNow);
  const bookings = calendar.bookings.filter((booking) => booking.date === day.date);
  const blocks = calendar.blocks.filter((block) => block.date === day.date);
  const entries = [...bookings, ...blocks.map((block) => ({ startTime: block.start, endTime: block.end }))];
  const { first, last } = timeLine(day.opening, entries);
  const pxPerMinute = dayScale(entries);
  const height = (last - first) * pxPerMinute;
  const hours = Array.from({ length: (last - first) / HOUR }, (_, index) => first + index * HOUR);
  const nowMinute = toMinutes(now.time);
  const nowTop =
    now.date === day.date && nowMinute >= first && nowMinute <= last ? (nowMinute - first) * pxPerMinute : null;
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
                style={{ top: (minute - first) * pxPerMinute }}
              >
                {fromMinutes(minute)}
              </span>
            ))}
            {nowTop !== null && (
              <span
                data-testid="now-label"
                className="absolute right-1 z-10 rounded bg-red-700 px-1 text-xs font-semibold tabular-nums text-white"
                style={{ top: nowTop }}
              >
                {now.time}
              </span>
            )}
          </div>
          {columns.map((column) => (
            <DayColumn
              key={column.key}
              column={column}
              day={day}
              bookings={bookings.filter((booking) => booking.memberId === column.memberId)}
              blocks={blocks.filter((block) => block.memberId === column.memberId)}
              height={height}
              first={first}
              pxPerMinute={pxPerMinute}
              nowTop={nowTop}
              now={now}
              hiddenOnPhone={column.memberId !== shownOnPhone}
              link={link}
              here={here}
              onNewAppointment={onNewAppointment}
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

interface DayColumnProps {
  column: Column;
  day: CalendarDay;
  bookings: CalendarBooking[];
  blocks: CalendarData["blocks"];
  height: number;
  first: number;
  pxPerMinute: number;
  nowTop: number | null;
  now: ShopNow;
  hiddenOnPhone: boolean;
  link: (change: Parameters<typeof calendarUrl>[1]) => string;
  here: string;
  onNewAppointment: (memberId: number, startTime: string) => void;
  onDrop: (booking: CalendarBooking, target: DropTarget) => Promise<void>;
}

function DayColumn({
  column,
  day,
  bookings,
  blocks,
  height,
  first,
  pxPerMinute,
  nowTop,
  now,
  hiddenOnPhone,
  link,
  here,
  onNewAppointment,
  onDrop,
}: DayColumnProps) {
  const working = column.memberId === null ? day.opening : (day.members[column.memberId]?.working ?? []);
  const top = (time: string) => (toMinutes(time) - first) * pxPerMinute;
  const hourLine = HOUR * pxPerMinute;
  const taken = [
    ...bookings.filter((booking) => booking.status !== "cancelled"),
    ...blocks.map((block) => ({ startTime: block.start, endTime: block.end })),
  ];
  // A new appointment is offered on free working time not yet past.
  const past = now.date > day.date ? Infinity : now.date === day.date ? toMinutes(now.time) : -Infinity;
  const free =
    column.memberId === null
      ? []
      : freeStretches(working, taken)
          .map((stretch) => ({ ...stretch, start: Math.max(stretch.start, Math.ceil(past / 5) * 5) }))
          .filter((stretch) => stretch.end - stretch.start >= NEW_SNAP_MINUTES);
  return (
    <div
      data-calendar-column={column.memberId ?? "none"}
      data-first-minute={first}
      data-px-per-minute={pxPerMinute}
      className={cn("relative border-l border-border bg-muted", hiddenOnPhone && "max-md:hidden")}
      style={{ height }}
    >
      {working.map((span) => (
        <div
          key={span.start}
          aria-hidden
          className="absolute inset-x-0 bg-card bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_var(--hour-gap),var(--color-border)_var(--hour-gap),var(--color-border)_var(--hour))]"
          style={
            {
              top: top(span.start),
              height: top(span.end) - top(span.start),
              "--hour": `${hourLine}px`,
              "--hour-gap": `${hourLine - 1}px`,
            } as React.CSSProperties
          }
        />
      ))}
      {free.map((stretch) => (
        <NewAppointmentArea
          key={stretch.start}
          memberId={column.memberId!}
          barberName={column.name}
          start={stretch.start}
          end={stretch.end}
          top={(stretch.start - first) * pxPerMinute}
          pxPerMinute={pxPerMinute}
          onNewAppointment={onNewAppointment}
        />
      ))}
      {/* The cards over the free time's buttons: the list lets clicks through where it has no card. */}
      <div role="list" aria-label={`${column.name}'s bookings`} className="pointer-events-none absolute inset-0">
        {blocks.map((block) => (
          <BlockCard
            key={`block-${block.id}`}
            block={block}
            here={here}
            {...cardBox({ startTime: block.start, endTime: block.end }, first, pxPerMinute)}
          />
        ))}
        {bookings.map((booking) => (
          <BookingCard
            key={booking.id}
            booking={booking}
            barberName={column.name}
            {...cardBox(booking, first, pxPerMinute)}
            moveLink={link({ move: booking.id, moveDate: undefined, moveBarber: undefined })}
            here={here}
            begun={booking.date < now.date || (booking.date === now.date && booking.startTime <= now.time)}
            onDrop={onDrop}
          />
        ))}
      </div>
      {nowTop !== null && (
        <div
          aria-hidden
          data-testid="now-line"
          className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-red-700"
          style={{ top: nowTop }}
        />
      )}
    </div>
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
