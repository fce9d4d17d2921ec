import { Button } from "~/components/ui/button";
import type { BookingTotals } from "../rules/totals";
import { formatPence } from "~/lib/money";

interface BookingStickyBarProps {
  totals: BookingTotals;
  count: number;
  /** Leads to the next open step; absent once every step is done. */
  onContinue?: () => void;
}

/** Phones only: the running total and length, and the way on, always under the thumb. */
export function BookingStickyBar({ totals, count, onContinue }: BookingStickyBarProps) {
  return (
    <div
      role="region"
      aria-label="Your booking so far"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.15)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <p className="text-sm">
          <span className="block font-bold tabular-nums">{formatPence(totals.totalPence)}</span>
          <span className="text-muted-foreground">
            {count} {count === 1 ? "service" : "services"} · {totals.durationMinutes} mins
          </span>
        </p>
        {onContinue && (
          <Button type="button" size="lg" onClick={onContinue}>
            Continue
          </Button>
        )}
      </div>
    </div>
  );
}
