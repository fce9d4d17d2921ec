import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";
import type { calendarUrl } from "../calendar-query";
import type { CalendarData } from "../calendar.server";
import { BLOCK_CLASS, PaymentLine, STATUS } from "./calendar-booking-card";
import type { Column } from "./calendar-day-view";

/** The week at a glance: each day's bookings and blocks in time order, each day a link to its day view. */
export function CalendarWeekView({
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
                    className={cn("rounded border-l-4 px-1.5 py-0.5 text-xs", BLOCK_CLASS)}
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
