import { cn } from "~/lib/cn";
import { formatTimeRange } from "~/lib/shop-time";

const NO_SLOTS_MESSAGE = "No available slots for the selected date. Please choose another date.";

interface OfferedTime {
  key: string;
  startTime: string;
  endTime: string;
}

interface SlotGridProps<T extends OfferedTime> {
  slots: readonly T[];
  selectedKey: string | undefined;
  onSelect: (slot: T) => void;
  /** Names the group for screen readers, e.g. "Times on Monday 1 December 2026". */
  label: string;
}

/**
 * The chosen date's free times; a pressed button is the chosen slot. Without JavaScript each time submits
 * the form around the grid as `time=<key>`; hydrated, choosing calls onSelect instead.
 */
export function SlotGrid<T extends OfferedTime>({ slots, selectedKey, onSelect, label }: SlotGridProps<T>) {
  if (slots.length === 0) {
    return (
      <p role="status" className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
        {NO_SLOTS_MESSAGE}
      </p>
    );
  }
  return (
    <div role="group" aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {slots.map((slot) => {
        const selected = slot.key === selectedKey;
        return (
          <button
            key={slot.key}
            type="submit"
            name="time"
            value={slot.key}
            aria-pressed={selected}
            onClick={(event) => {
              event.preventDefault();
              onSelect(slot);
            }}
            className={cn(
              "min-h-11 rounded-md border px-3 py-2 text-sm font-semibold tabular-nums transition-colors",
              selected
                ? "border-primary bg-primary text-primary-foreground"
                : "border-input bg-card hover:border-accent hover:bg-muted",
            )}
          >
            {formatTimeRange(slot.startTime, slot.endTime)}
          </button>
        );
      })}
    </div>
  );
}
