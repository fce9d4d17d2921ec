import type { ShopReads } from "~/context";
import { clockNow } from "~/lib/clock";
import { chosenServices, loadBusySpans, loadSchedules } from "./availability.server";
import type { SeriesPreviewQuery } from "./booking.schema";
import { customerRefusal, performsAll, reachingTo, seriesDates } from "./rules/availability";

/* Repeat appointments (decision 032), as the engine sees them before they are booked (the booking is in write/series.server.ts). */

export interface SeriesTime {
  services: number[];
  memberId?: number | undefined;
  startTime: string;
}

/**
 * Why each date of a series cannot be had, or null for a free one, as the engine sees it now. Every date after
 * the first may lie past the booking horizon; the first is held to every rule of a single booking.
 */
export async function seriesRefusals(
  ctx: ShopReads,
  time: SeriesTime,
  dates: readonly string[],
  firstPosition: number,
  now: Date,
) {
  const { db } = ctx;
  const [settings, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  const { totals } = await chosenServices(db, time.services, settings);
  const candidates = team.filter(
    (member) => performsAll(member, time.services) && (time.memberId === undefined || member.id === time.memberId),
  );
  const busy = await loadBusySpans(
    db,
    candidates.map((member) => member.id),
    dates[0] ?? "",
    dates.at(-1) ?? "",
  );
  return dates.map((date, index) => {
    const rules = index + firstPosition === 0 ? settings : reachingTo(settings, date, now);
    return customerRefusal(candidates, date, time.startTime, totals.durationMinutes, rules, busy, now);
  });
}

/** GET /api/availability/series: the dates a series would have, each free or not (with the reason). */
export async function previewSeries(ctx: ShopReads, query: SeriesPreviewQuery, now: Date = clockNow()) {
  const dates = seriesDates(query.date, query.everyWeeks, query.times);
  const time = { services: query.services, memberId: query.member, startTime: query.startTime };
  const refusals = await seriesRefusals(ctx, time, dates, 0, now);
  return dates.map((date, index) => {
    const reason = refusals[index];
    return reason
      ? { date, startTime: query.startTime, status: "unavailable" as const, reason }
      : { date, startTime: query.startTime, status: "available" as const };
  });
}
