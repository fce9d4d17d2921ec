import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { MAIL_STATUS_BADGES } from "~/lib/mail-status";
import { addDays, formatShopDate, formatTimeRange } from "~/lib/shop-time";
import type { AdminSlot } from "../booking-answers.schema";
import { serviceTitlesOf } from "./admin-slot-lists";

/** "Today", "Tomorrow", else the date: the owner reads the coming days at a glance. */
function dayHeading(date: string, today: string) {
  if (date === today) return "Today";
  if (date === addDays(today, 1)) return "Tomorrow";
  return formatShopDate(date);
}

/**
 * The appointments of today and the next days, grouped by day: time, customer and services,
 * each day linking to its bookings (to cancel one or call the customer).
 */
export function UpcomingAppointments({ slots, today, days }: { slots: AdminSlot[]; today: string; days: number }) {
  const dates = Array.from({ length: days }, (_, day) => addDays(today, day));
  const booked = dates
    .map((date) => ({ date, slots: slots.filter((slot) => slot.date === date && slot.status === "booked") }))
    .filter((day) => day.slots.length > 0);

  if (booked.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No appointments today or in the next {days - 1} days. Online booking runs on the barbers' hours: check them
        under{" "}
        <Link to="/admin/team" className="font-semibold text-accent-text underline">
          the team's hours
        </Link>
        , or book a caller on{" "}
        <Link to="/admin/calendar" className="font-semibold text-accent-text underline">
          the calendar
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-5">
      {booked.map((day) => (
        <section key={day.date} aria-labelledby={`appointments-${day.date}`} className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`appointments-${day.date}`} className="font-sans text-base font-semibold tracking-normal">
              {dayHeading(day.date, today)}
              {day.date === today || day.date === addDays(today, 1) ? (
                <span className="font-normal text-muted-foreground"> · {formatShopDate(day.date, "short")}</span>
              ) : null}
            </h3>
            <span className="flex gap-3">
              <Link
                to={`/admin/calendar?date=${day.date}`}
                className="text-sm font-semibold text-accent-text underline"
                aria-label={`Open ${formatShopDate(day.date)} in the calendar`}
              >
                Calendar
              </Link>
              <Link
                to={`/admin/bookings?date=${day.date}`}
                className="text-sm font-semibold text-accent-text underline"
                aria-label={`Manage the bookings of ${formatShopDate(day.date)}`}
              >
                Manage
              </Link>
            </span>
          </div>
          <ul className="grid gap-2">
            {day.slots.map((slot) => {
              const mail = slot.mailStatus === "failed" ? MAIL_STATUS_BADGES.failed : undefined;
              return (
                <li
                  key={slot.id}
                  className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg border border-border bg-card p-3 text-sm"
                >
                  <CalendarClock aria-hidden className="row-span-2 mt-0.5 size-4 text-accent-text" />
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold tabular-nums">{formatTimeRange(slot.startTime, slot.endTime)}</span>
                    <span>{slot.customerName}</span>
                    {mail && <Badge variant={mail.variant}>{mail.label}</Badge>}
                  </p>
                  <p className="text-muted-foreground">{serviceTitlesOf(slot) || "No services recorded"}</p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
