import { bookingFeePence } from "~/features/settings/shop-settings";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { cn } from "~/lib/cn";
import { formatPounds } from "~/lib/money";

/** The fee a booking adds, in pence, from the settings; 0 when the owner includes it in the prices. */
export const useBookingFeePence = () => bookingFeePence(useShopSettings());

/**
 * UK price-transparency rules want a mandatory fee shown up front, so every way into
 * booking, and every page that quotes prices, says it next to the prices or the button.
 * With the fee included in the prices there is nothing to add, so nothing is said.
 */
export function BookingFeeNote({ className, long = false }: { className?: string; long?: boolean }) {
  const feePence = useBookingFeePence();
  if (feePence === 0) return null;
  const fee = formatPounds(feePence / 100);
  return (
    <span className={cn("block text-xs", className)}>
      {long
        ? `A ${fee} appointment fee is added to every booking, on top of the service prices. It is charged once per booking, however many services you choose: each all-in price below includes it, so two services cost their two prices plus one ${fee} fee.`
        : `+ ${fee} appointment fee per booking`}
    </span>
  );
}
