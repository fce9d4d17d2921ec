import { allInPence, useBookingFeePence } from "~/features/settings";
import { cn } from "~/lib/cn";
import { formatPence, formatPounds } from "~/lib/money";

/**
 * A service's price where a customer can start a booking. A compulsory fee must sit inside the headline
 * price (DMCC Act 2024, CMA209), so the all-in price of booking the service on its own leads and the
 * service price with the fee follows; with the fee included in the prices, the price alone. The fee is
 * charged once per booking, so two cards' all-in prices do not add up to the two services' total: the
 * note says so.
 */
export function ServicePrice({ price, className }: { price: number; className?: string }) {
  const feePence = useBookingFeePence();
  if (feePence === 0) {
    return (
      <p className={cn("font-display text-2xl font-semibold text-foreground", className)}>{formatPounds(price)}</p>
    );
  }
  return (
    <p className={cn("grid justify-items-end text-right", className)}>
      <span className="font-display text-2xl font-semibold text-foreground">
        {formatPence(allInPence(price, feePence))}
      </span>
      <span className="text-xs text-muted-foreground">
        {formatPounds(price)} + {formatPence(feePence)} fee, once per booking
      </span>
    </p>
  );
}

/** The same facts on one line, for the booking page's list of services. */
export function useServicePriceLine() {
  const feePence = useBookingFeePence();
  return (price: number) =>
    feePence === 0
      ? formatPounds(price)
      : `${formatPence(allInPence(price, feePence))} all-in (${formatPounds(price)} + ${formatPence(feePence)} fee, once per booking)`;
}
