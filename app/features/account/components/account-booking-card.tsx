import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatPence, toPence } from "~/lib/money";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";
import type { AccountBooking } from "../account.schema";

/** One booking on the customer's page: what and when, and what they can do with it. */
export function AccountBookingCard({ booking }: { booking: AccountBooking }) {
  const cancelled = booking.status === "cancelled";
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <p className="font-semibold">{formatShopDate(booking.date)}</p>
          <p className="text-sm tabular-nums text-muted-foreground">
            {formatTimeRange(booking.startTime, booking.endTime)}
            {booking.memberName ? ` with ${booking.memberName}` : ""}
          </p>
        </div>
        <Badge variant={cancelled ? "destructive" : booking.past ? "default" : "success"}>
          {cancelled ? "Cancelled" : booking.past ? "Past" : "Booked"}
        </Badge>
      </div>
      <p className="text-sm">
        {booking.services.join(", ")} ·{" "}
        <span className="font-semibold tabular-nums">{formatPence(toPence(booking.total))}</span>
        <span className="sr-only"> · </span>
        <span className="ml-2 whitespace-nowrap font-mono text-xs text-muted-foreground">{booking.reference}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {!booking.past && !cancelled && (
          <Button asChild variant={booking.canCancel ? "outline" : "ghost"}>
            <Link to={`/account/bookings/${booking.reference}`}>
              {booking.canCancel ? "Change or cancel" : "Details"}
            </Link>
          </Button>
        )}
        {booking.bookAgain && (booking.past || cancelled) && (
          <Button asChild variant="accent">
            <Link to={booking.bookAgain} aria-label={`Book again: ${booking.services.join(", ")}`}>
              Book again
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}
