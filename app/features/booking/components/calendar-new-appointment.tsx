import { useState } from "react";
import { cn } from "~/lib/cn";
import { fromMinutes } from "~/lib/shop-time";

/** A new appointment starts on a quarter hour from where the owner clicked. */
export const NEW_SNAP_MINUTES = 15;

/**
 * Free working time as one button: a click opens a new appointment at the quarter hour under the pointer (the
 * keyboard's Enter, at the start of the stretch). It needs JavaScript, as the booking dialog it opens does.
 */
export function NewAppointmentArea({
  memberId,
  barberName,
  start,
  end,
  top,
  pxPerMinute,
  onNewAppointment,
}: {
  memberId: number;
  barberName: string;
  start: number;
  end: number;
  top: number;
  pxPerMinute: number;
  onNewAppointment: (memberId: number, startTime: string) => void;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const minuteAt = (offsetY: number) => {
    const minute = start + Math.floor(offsetY / pxPerMinute / NEW_SNAP_MINUTES) * NEW_SNAP_MINUTES;
    return Math.min(Math.max(start, minute), end - NEW_SNAP_MINUTES);
  };
  return (
    <button
      type="button"
      data-new-appointment={fromMinutes(start)}
      aria-label={`New appointment with ${barberName}, free ${fromMinutes(start)} to ${fromMinutes(end)}`}
      className="group absolute inset-x-0 cursor-copy focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      style={{ top, height: (end - start) * pxPerMinute }}
      onPointerMove={(event) => setHover(minuteAt(event.nativeEvent.offsetY))}
      onPointerLeave={() => setHover(null)}
      onClick={(event) => {
        // A keyboard press has no pointer position (detail 0): the stretch's start.
        const minute = event.detail === 0 ? start : minuteAt(event.nativeEvent.offsetY);
        onNewAppointment(memberId, fromMinutes(minute));
      }}
    >
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute inset-x-1 rounded border border-dashed border-accent bg-card/80 px-1.5 text-left text-xs text-accent-text",
          hover === null && "hidden group-focus-visible:block",
        )}
        style={{ top: ((hover ?? start) - start) * pxPerMinute, height: NEW_SNAP_MINUTES * pxPerMinute - 1 }}
      >
        + New appointment {fromMinutes(hover ?? start)}
      </span>
    </button>
  );
}
