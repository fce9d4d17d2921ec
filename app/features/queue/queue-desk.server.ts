import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { recordWalkIn } from "~/features/booking/index.server";
import { clockNow } from "~/lib/clock";
import { conflict, notFound } from "~/lib/http-error";
import { fromMinutes, shopToday } from "~/lib/shop-time";
import { minuteOfDay } from "./rules/wait";
import { loadQueueDay, positionOf, type QueueCtx } from "./queue-day.server";
import { followQueue, queueEntryText } from "./queue-texts.server";
import type { QueueEntry, QueueStatusName } from "./queue.schema";

/*
 * The owner's side of the queue: the day's list, and call, serve, done and remove. Each is a guarded update of
 * the entry's status (`where status in …`), so two owners clicking at once change it once. Serving books the
 * chair from now through the calendar's own walk-in path; a chair that is not free answers that path's 409,
 * which names the next free time, and the entry goes back to where it was.
 */

/** GET /api/queue/entries: a day's entries in order of joining, with today's estimates. */
export async function listQueueEntries(ctx: QueueCtx, date?: string, now: Date = clockNow()): Promise<QueueEntry[]> {
  const { db } = ctx;
  const day = date ?? shopToday(now);
  const rows = await db
    .selectFrom("queue_entries as q")
    .leftJoin("team_members as m", "m.id", "q.member_id")
    .selectAll("q")
    .select("m.name as member_name")
    .where("q.date", "=", day)
    .orderBy("q.seq")
    .execute();
  const titles = rows.length
    ? await db
        .selectFrom("queue_entry_services as e")
        .innerJoin("services as s", "s.id", "e.service_id")
        .select(["e.entry_id", "s.title"])
        .where(
          "e.entry_id",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("e.entry_id")
        .orderBy("e.position")
        .execute()
    : [];
  const live = day === shopToday(now) ? await loadQueueDay(ctx, now) : undefined;
  return rows.map((row) => {
    const estimate = live?.estimates.byEntry.get(row.id);
    return {
      id: row.id,
      name: row.customer_name,
      phone: row.customer_phone,
      services: titles.filter((title) => title.entry_id === row.id).map((title) => title.title),
      memberId: row.member_id,
      memberName: row.member_name,
      status: row.status as QueueStatusName,
      position: live ? positionOf(live, row.id) : null,
      estimatedStart: estimate?.estimatedStart ?? null,
      waitMinutes: row.status === "waiting" ? (estimate?.waitMinutes ?? null) : null,
      estimatedMemberId: row.served_by ?? estimate?.memberId ?? row.member_id,
      bookingId: row.booking_id,
      joinedAt: row.joined_at,
      calledAt: row.called_at,
      servedAt: row.served_at,
      finishedAt: row.finished_at,
    };
  });
}

async function entryOrThrow(db: Db, id: number) {
  const entry = await db.selectFrom("queue_entries").selectAll().where("id", "=", id).executeTakeFirst();
  if (!entry) throw notFound("Queue entry");
  return entry;
}

const NOT_WAITING = "This customer is no longer waiting.";

/** POST /api/queue/{id}/call: the customer is asked to the chair (and texted, once, if they agreed). */
export async function callEntry(ctx: QueueCtx, id: number, now: Date = clockNow()) {
  const entry = await entryOrThrow(ctx.db, id);
  const day = await loadQueueDay(ctx, now);
  const chair = entry.member_id ?? day.estimates.byEntry.get(id)?.memberId ?? null;
  const called = await ctx.db
    .updateTable("queue_entries")
    .set({ status: "called", called_at: now.toISOString(), served_by: chair })
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .returning("id")
    .executeTakeFirst();
  if (!called) throw conflict(entry.status === "called" ? "This customer has been called already." : NOT_WAITING);
  await queueEntryText(ctx.db, id, "called", 0, now);
  await followQueue(ctx, now);
  return { id, status: "called" as const };
}

/**
 * POST /api/queue/{id}/serve: a walk-in booking from now with the barber given, else the one asked for or
 * called to, else the first free, made by the booking write module's walk-in (the owner as actor). Answers the
 * booking's id.
 */
export async function serveEntry(ctx: RequestContext, id: number, memberId?: number, now: Date = clockNow()) {
  const entry = await entryOrThrow(ctx.db, id);
  const services = await ctx.db
    .selectFrom("queue_entry_services")
    .select("service_id")
    .where("entry_id", "=", id)
    .orderBy("position")
    .execute();
  const claimed = await ctx.db
    .updateTable("queue_entries")
    .set({ status: "serving", served_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", ["waiting", "called"])
    .returning("id")
    .executeTakeFirst();
  if (!claimed) {
    throw conflict(entry.status === "serving" ? "This customer is being served already." : NOT_WAITING);
  }
  const start = minuteOfDay(now);
  let booking: Awaited<ReturnType<typeof recordWalkIn>>;
  try {
    booking = await recordWalkIn(ctx, {
      actor: { kind: "owner" },
      walkIn: {
        services: services.map((service) => service.service_id),
        memberId: memberId ?? entry.member_id ?? entry.served_by ?? undefined,
        customerName: entry.customer_name,
        customerPhone: entry.customer_phone || undefined,
        // From this very minute, as the estimate counts (the calendar's walk-ins round down to five minutes).
        date: start.date,
        startTime: fromMinutes(start.minute),
      },
      now,
    });
  } catch (error) {
    // No chair: the entry waits (or stays called) as it did.
    await ctx.db
      .updateTable("queue_entries")
      .set({ status: entry.status, served_at: null })
      .where("id", "=", id)
      .where("status", "=", "serving")
      .where("booking_id", "is", null)
      .execute();
    throw error;
  }
  await ctx.db
    .updateTable("queue_entries")
    .set({ booking_id: booking.id, served_by: booking.memberId })
    .where("id", "=", id)
    .execute();
  await followQueue(ctx, now);
  return { id, status: "serving" as const, bookingId: booking.id };
}

async function finish(ctx: QueueCtx, id: number, status: "done" | "removed", from: QueueStatusName[], now: Date) {
  const entry = await entryOrThrow(ctx.db, id);
  const changed = await ctx.db
    .updateTable("queue_entries")
    .set({ status, finished_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", from)
    .returning("id")
    .executeTakeFirst();
  if (!changed) {
    throw conflict(
      entry.status === status
        ? `This entry is ${status} already.`
        : `A ${entry.status} entry cannot be marked ${status}.`,
    );
  }
  await followQueue(ctx, now);
  return { id, status };
}

/** POST /api/queue/{id}/done: the chair is free again. */
export const finishEntry = (ctx: QueueCtx, id: number, now: Date = clockNow()) =>
  finish(ctx, id, "done", ["called", "serving"], now);

/** POST /api/queue/{id}/remove: off the queue (gone without a word); those behind move up. */
export const removeEntry = (ctx: QueueCtx, id: number, now: Date = clockNow()) =>
  finish(ctx, id, "removed", ["waiting", "called"], now);
