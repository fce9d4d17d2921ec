import type { CalendarBooking } from "~/features/booking/index.server";
import { formatTimeRange } from "~/lib/shop-time";
import type { OwnerPayment } from "../payments.schema";
import { AdminPaymentActions, PaymentDoneNotice } from "./admin-payment-actions";

/**
 * Under the calendar's day view: the day's bookings that carry money (a deposit, a prepayment or a card on
 * file), each with its payment's state and the owner's actions. The blocks themselves are too small for forms.
 */
export function DayPayments({
  bookings,
  payments,
}: {
  bookings: readonly CalendarBooking[];
  payments: Record<number, OwnerPayment>;
}) {
  const paid = bookings.filter((booking) => payments[booking.id]);
  if (paid.length === 0) return <PaymentDoneNotice />;
  return (
    <section aria-labelledby="day-payments" className="mt-6 rounded-md border border-border p-4">
      <h2 id="day-payments" className="mb-3 text-lg font-semibold">
        Payments this day
      </h2>
      <PaymentDoneNotice />
      <ul className="grid gap-3 md:grid-cols-2">
        {paid.map((booking) => (
          <li key={booking.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
            <p>
              <span className="font-semibold tabular-nums">{formatTimeRange(booking.startTime, booking.endTime)}</span>{" "}
              <span className="font-semibold">{booking.customerName}</span>{" "}
              <span className="font-mono text-xs">{booking.reference}</span>
              {booking.status === "cancelled" && " · cancelled"}
              {booking.status === "no-show" && " · no-show"}
            </p>
            <AdminPaymentActions bookingId={booking.id} payment={payments[booking.id]} who={booking.customerName} />
          </li>
        ))}
      </ul>
    </section>
  );
}
