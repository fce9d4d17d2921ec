import { formatShopDate } from "~/lib/shop-time";
import type { StrandedBooking, StrandedBookingsChoice as Choice } from "../settings.schema";

interface StrandedBookingsQuestionProps {
  /** The server's refusal, which says how many bookings and what to do. */
  message: string;
  bookings: readonly StrandedBooking[];
  /** The field the choice is sent as: `closureBookings` or `timeOffBookings`. */
  name: string;
  onChoose?: (choice: Choice) => void;
}

/**
 * The bookings a closure or time off would leave on closed days, and the owner's choice for them, shown
 * before the save goes through: native radios, so the choice travels in the posted form without JavaScript.
 */
export function StrandedBookingsQuestion({ message, bookings, name, onChoose }: StrandedBookingsQuestionProps) {
  return (
    <fieldset
      role="group"
      aria-labelledby={`${name}-title`}
      className="grid gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <legend id={`${name}-title`} className="sr-only">
        Bookings on the days being closed
      </legend>
      <p role="alert" className="font-medium">
        {message}
      </p>
      <ul className="grid gap-1 text-sm">
        {bookings.map((booking) => (
          <li key={booking.reference}>
            <span className="font-semibold tabular-nums">{booking.reference}</span>: {booking.customerName},{" "}
            {formatShopDate(booking.date)} at <span className="tabular-nums">{booking.startTime}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-2 text-sm">
        {(
          [
            ["keep", "Keep these bookings (I will sort them out with the customers)"],
            ["cancel", "Cancel these bookings and email each customer"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-start gap-2">
            <input
              type="radio"
              name={name}
              value={value}
              required
              onChange={() => onChoose?.(value)}
              className="mt-0.5 size-4 accent-[var(--color-primary)]"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
