import type { PublicTeamMember } from "~/features/team/team.schema";
import { cn } from "~/lib/cn";
import { formatTimeRange, toMinutes } from "~/lib/shop-time";
import type { AdminSlot } from "../booking.schema";

const PX_PER_MINUTE = 1.2;
const HOUR = 60;

interface DayViewProps {
  date: string;
  team: readonly PublicTeamMember[];
  /** Every slot of the date: appointments, booked and open manual slots. */
  slots: readonly AdminSlot[];
}

const titlesOf = (slot: AdminSlot): string[] => {
  try {
    return JSON.parse(slot.selectedServiceTitles ?? "[]") as string[];
  } catch {
    return [];
  }
};

/** One column per barber (and one for slots without a barber), the day's bookings as blocks on a time scale. */
export function AdminDayView({ date, team, slots }: DayViewProps) {
  const columns = [
    ...team.map((member) => ({ key: String(member.id), name: member.name, memberId: member.id as number | null })),
    ...(slots.some((slot) => slot.memberId === null) ? [{ key: "none", name: "No barber", memberId: null }] : []),
  ];
  const starts = slots.map((slot) => toMinutes(slot.startTime));
  const ends = slots.map((slot) => toMinutes(slot.endTime));
  const first = Math.floor(Math.min(9 * HOUR, ...starts) / HOUR) * HOUR;
  const last = Math.ceil(Math.max(18 * HOUR, ...ends) / HOUR) * HOUR;
  const hours = Array.from({ length: (last - first) / HOUR }, (_, index) => first + index * HOUR);
  const height = (last - first) * PX_PER_MINUTE;

  if (columns.length === 0) {
    return <p className="text-sm text-muted-foreground">No barbers yet: add them under Team.</p>;
  }
  return (
    <div className="overflow-x-auto" role="region" aria-label={`Day view of ${date}`} tabIndex={0}>
      <div
        className="grid min-w-max"
        style={{ gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(10rem, 1fr))` }}
      >
        <div />
        {columns.map((column) => (
          <h3 key={column.key} className="border-b border-border px-2 pb-2 text-sm font-semibold">
            {column.name}
          </h3>
        ))}
        <div className="relative" style={{ height }}>
          {hours.map((minute) => (
            <span
              key={minute}
              className="absolute right-2 -translate-y-1/2 text-xs tabular-nums text-muted-foreground"
              style={{ top: (minute - first) * PX_PER_MINUTE }}
            >
              {String(minute / HOUR).padStart(2, "0")}:00
            </span>
          ))}
        </div>
        {columns.map((column) => (
          <ul
            key={column.key}
            aria-label={`${column.name}'s bookings`}
            className="relative border-l border-border bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_71px,var(--color-border)_71px,var(--color-border)_72px)]"
            style={{ height }}
          >
            {slots
              .filter((slot) => slot.memberId === column.memberId)
              .map((slot) => {
                const top = (toMinutes(slot.startTime) - first) * PX_PER_MINUTE;
                const blockHeight = (toMinutes(slot.endTime) - toMinutes(slot.startTime)) * PX_PER_MINUTE;
                const booked = slot.status === "booked";
                return (
                  <li
                    key={slot.id}
                    className={cn(
                      "absolute inset-x-1 overflow-hidden rounded-md border px-2 py-1 text-xs leading-tight",
                      booked
                        ? "border-primary bg-primary text-primary-foreground"
                        : "border-dashed border-green-600 bg-green-50 text-green-950",
                    )}
                    style={{ top, height: Math.max(blockHeight, 18) }}
                  >
                    <span className="font-semibold tabular-nums">{formatTimeRange(slot.startTime, slot.endTime)}</span>{" "}
                    {booked ? (
                      <>
                        <span className="font-semibold">{slot.customerName}</span>
                        <span className="block">
                          {titlesOf(slot).join(", ")} · {slot.duration} mins
                        </span>
                      </>
                    ) : (
                      <span>open slot</span>
                    )}
                  </li>
                );
              })}
          </ul>
        ))}
      </div>
    </div>
  );
}
