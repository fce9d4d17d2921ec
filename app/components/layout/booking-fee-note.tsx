import { useRouteLoaderData } from "react-router";
import { cn } from "~/lib/cn";
import { formatPounds } from "~/lib/money";
import type { loader as rootLoader } from "~/root";

/** The fixed appointment fee in pounds, from the root loader (the booking feature owns the amount). */
export function useBookingFee() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root ? root.bookingFeePence / 100 : null;
}

/**
 * UK price-transparency rules want a mandatory fee shown up front, so every way into
 * booking, and every page that quotes prices, says it next to the prices or the button.
 */
export function BookingFeeNote({ className, long = false }: { className?: string; long?: boolean }) {
  const fee = useBookingFee();
  if (fee === null) return null;
  return (
    <span className={cn("block text-xs", className)}>
      {long
        ? `A ${formatPounds(fee)} appointment fee is added to every booking, on top of the service prices.`
        : `+ ${formatPounds(fee)} appointment fee per booking`}
    </span>
  );
}
