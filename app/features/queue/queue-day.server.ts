import type { RequestContext } from "~/context";
import type { SelectQueryBuilder } from "kysely";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";
import type { MemberSchedule } from "~/features/booking";
import { loadBusySpansAfter, loadSchedules } from "~/features/booking/index.server";
import { openingRangesOn, rangeCovering, type ShopSettings } from "~/features/settings";
import { fromMinutes, toMinutes } from "~/lib/shop-time";
import { endedBy, estimateQueue, minuteOfDay, type QueueEstimates, type QueueStatus } from "./rules/wait";
import type { QueueState } from "./queue.schema";

/*
 * The queue as it stands at a moment: today's live entries, the team's hours and the bookings and blocks of the
 * rest of today (the booking feature's own loaders), and the estimates the pure rule makes of them. Read fresh
 * each time: nothing is cached past a booking, a cancellation or a change in the queue. The shop's settings are
 * the request's (or the job run's), read once for it.
 */

/** What reading the queue needs: the database and the settings of the request or job run. */
export type QueueCtx = Pick<RequestContext, "db" | "settings" | "contentVersion">;

export const LIVE_STATUSES = ["waiting", "called", "serving"] as const satisfies readonly QueueStatus[];

export interface LiveEntry {
  id: number;
  seq: number;
  memberId: number | null;
  servedBy: number | null;
  status: QueueStatus;
  lengthMinutes: number;
  serviceIds: number[];
  customerName: string;
  smsConsent: boolean;
  nearlyTexted: boolean;
}

export interface QueueDayState {
  date: string;
  settings: ShopSettings;
  team: readonly MemberSchedule[];
  entries: LiveEntry[];
  estimates: QueueEstimates;
  /** Each service's length, for the wait a newcomer would have. */
  durations: Map<number, number>;
}

async function liveEntries(db: Db, date: string): Promise<LiveEntry[]> {
  const live = (query: SelectQueryBuilder<Database, "queue_entries", object>) =>
    query.where("queue_entries.date", "=", date).where("queue_entries.status", "in", LIVE_STATUSES);
  // Both read at once (two round trips side by side on PostgreSQL, not one after the other).
  const [rows, services] = await Promise.all([
    live(db.selectFrom("queue_entries"))
      .select([
        "id",
        "seq",
        "member_id",
        "served_by",
        "status",
        "length_minutes",
        "customer_name",
        "sms_consent",
        "nearly_text_at",
      ])
      .orderBy("seq")
      .execute(),
    live(db.selectFrom("queue_entries"))
      .innerJoin("queue_entry_services as e", "e.entry_id", "queue_entries.id")
      .select(["e.entry_id", "e.service_id"])
      .orderBy("e.entry_id")
      .orderBy("e.position")
      .execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    seq: row.seq,
    memberId: row.member_id,
    servedBy: row.served_by,
    status: row.status as QueueStatus,
    lengthMinutes: row.length_minutes,
    serviceIds: services.filter((service) => service.entry_id === row.id).map((service) => service.service_id),
    customerName: row.customer_name,
    smsConsent: row.sms_consent === 1,
    nearlyTexted: row.nearly_text_at !== null,
  }));
}

/** Everything the wait is computed from, read now, and the estimates. */
export async function loadQueueDay(ctx: QueueCtx, now: Date): Promise<QueueDayState> {
  const { date, minute } = minuteOfDay(now);
  const [[settings, busy], team, entries, services] = await Promise.all([
    // What ended before now (less the buffer) stands in nobody's way, so it is not read at all.
    ctx
      .settings()
      .then(
        async (shop) =>
          [shop, await loadBusySpansAfter(ctx.db, date, endedBy(minute, shop.bookingBufferMinutes))] as const,
      ),
    loadSchedules(ctx),
    liveEntries(ctx.db, date),
    ctx.db.selectFrom("services").select(["id", "duration"]).execute(),
  ]);
  const estimates = estimateQueue({
    now,
    members: team,
    rules: settings,
    busy,
    entries: entries.map((entry) => ({
      id: entry.id,
      memberId: entry.memberId,
      serviceIds: entry.serviceIds,
      lengthMinutes: entry.lengthMinutes,
      status: entry.status,
      heldBy: entry.servedBy,
    })),
  });
  return { date, settings, team, entries, estimates, durations: new Map(services.map((s) => [s.id, s.duration])) };
}

/** Why the queue takes no names at this moment, in words, or undefined while it does. */
export function closedReason(day: Pick<QueueDayState, "settings" | "date">, now: Date, waiting: number) {
  const { settings, date } = day;
  if (!settings.queue.enabled) return "The walk-in queue is not running. Please book online or call in.";
  const closure = rangeCovering(settings.closures, date);
  if (closure) return "We are closed today.";
  const ranges = openingRangesOn(settings, date);
  if (ranges.length === 0) return "We are closed today.";
  const minute = minuteOfDay(now).minute;
  const cutOff = settings.queue.closesBeforeCloseMinutes;
  const open = ranges.some((range) => toMinutes(range.start) <= minute && minute < toMinutes(range.end) - cutOff);
  if (!open) {
    const next = ranges.find((range) => minute < toMinutes(range.start));
    if (next) return `The queue opens at ${next.start}.`;
    const last = ranges.at(-1)!;
    return `The queue has closed for today: it stops taking names at ${fromMinutes(toMinutes(last.end) - cutOff)}.`;
  }
  if (waiting >= settings.queue.maxWaiting) {
    return `The queue is full (${waiting} waiting). Please try again a little later.`;
  }
  return undefined;
}

/** The shortest thing a barber does: the wait a newcomer sees before choosing is the wait for that. */
const shortestService = (member: MemberSchedule, durations: Map<number, number>) =>
  Math.min(...member.serviceIds.map((id) => durations.get(id) ?? Infinity));

export const waitingCount = (day: QueueDayState) => day.entries.filter((entry) => entry.status === "waiting").length;

/** GET /api/queue: open or not (and why), how many wait, and the wait with each barber and the first free one. */
export function queueState(day: QueueDayState, now: Date): QueueState {
  const waiting = waitingCount(day);
  const reason = closedReason(day, now, waiting);
  const estimates = day.team.flatMap((member) => {
    const length = shortestService(member, day.durations);
    const waitMinutes = Number.isFinite(length) ? day.estimates.waitFor(member, length) : null;
    return waitMinutes === null ? [] : [{ memberId: member.id, name: member.name, waitMinutes }];
  });
  // Ties to the barber listed first: the team's order is the estimates' order.
  const anyone = estimates.reduce<number | null>(
    (best, estimate) => (best === null || estimate.waitMinutes < best ? estimate.waitMinutes : best),
    null,
  );
  return { open: reason === undefined, ...(reason ? { reason } : {}), waiting, estimates, anyoneWaitMinutes: anyone };
}

/** An entry's place among those waiting (1: next up), or null once it is not waiting. */
export function positionOf(day: QueueDayState, entryId: number) {
  const index = day.entries.filter((entry) => entry.status === "waiting").findIndex((entry) => entry.id === entryId);
  return index === -1 ? null : index + 1;
}
