import type { ShopReads } from "~/context";
import { clockNow } from "~/lib/clock";
import { ownerStartTimes } from "./availability.server";
import { loadBooking } from "./booking-record.server";
import { ownTimeOf } from "./manage.server";

/** What the calendar's "Move…" sheet offers: a day, a barber and that barber's free start times for the booking. */
export interface OwnerMoveChoice {
  date: string;
  memberId: number | null;
  /** Free start times for the booking's services and length, its own current time left out. */
  times: string[];
}

/**
 * The free start times for moving a booking to `date` with `memberId` (by default its own day and barber), from
 * the same engine the booking page uses; null for a booking that is gone or cancelled.
 */
export async function ownerMoveChoice(
  ctx: ShopReads,
  bookingId: number,
  wanted: { date?: string | undefined; memberId?: number | undefined },
  now: Date = clockNow(),
): Promise<OwnerMoveChoice | null> {
  const booking = await loadBooking(ctx.db, { id: bookingId });
  if (!booking || booking.status === "cancelled") return null;
  const date = wanted.date ?? booking.date;
  const memberId = wanted.memberId ?? booking.memberId;
  if (memberId === null) return { date, memberId, times: [] };
  const starts = await ownerStartTimes(
    ctx,
    {
      memberId,
      date,
      serviceIds: booking.serviceIds,
      lengthMinutes: booking.durationMinutes,
      exceptSlotId: ownTimeOf(booking),
    },
    now,
  );
  const own = date === booking.date && memberId === booking.memberId;
  return { date, memberId, times: starts.filter((start) => !(own && start === booking.startTime)) };
}
