import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, parseId, parseInput, requireAdmin, requestOf } from "~/lib/api.server";
import { ICS_CONTENT_TYPE } from "./booking-ics";
import { createBlock, deleteBlock, listBlocks } from "./blocks.server";
import { toSummary } from "./booking-record.server";
import { adminMoveSchema, blockSchema, walkInSchema } from "./booking.schema";
import {
  adminMoveResultSchema,
  clashingBookingSchema,
  teamBlockSchema,
  walkInResultSchema,
} from "./booking-answers.schema";
import { readCalendarFeed, renewCalendarFeed } from "./calendar-feed.server";
import { moveBooking, recordWalkIn } from "./write/booking-write.server";
import type { AdminMoveOutcome } from "./write/move.server";
import { isCalendarDate } from "~/lib/shop-time";
import { badRequest } from "~/lib/http-error";

/* The owner's calendar over the API: moves, walk-ins, blocks and the private calendar feeds (issue 24). */

const feedUrlSchema = z.object({ url: z.string().describe("The private address; the previous one no longer works") });

/** The owner's move as the API answers it: the booking, where it was, and whether it went outside hours. */
export const moveAnswer = ({ booking, previous }: AdminMoveOutcome, override: boolean) => ({
  ...toSummary(booking),
  id: booking.id,
  status: booking.status,
  customerName: booking.customerName,
  sequence: booking.sequence,
  previous,
  outsideHours: override,
});

/** /api/bookings/{id}/move and /api/bookings/walk-in. */
export function calendarBookingsApi(_ctx: AppContext) {
  const router = apiRouter();

  const move = apiDoc({
    summary: "Move a booking to another day, time or barber (the owner's calendar)",
    description:
      "The same length and fitting rules as a booking, without the public notice or horizon; outside the barber's or the shop's hours only with override (recorded in the audit log). The customer is mailed, the calendar file keeps its UID with a higher SEQUENCE and the reminder moves.",
    body: adminMoveSchema,
    responses: {
      200: ["Moved: the booking with its new time and barber, and where it was", adminMoveResultSchema],
      409: ["The time is taken or outside hours, or the booking is cancelled; nothing changed", apiErrorSchema],
    },
  });
  router.post("/:id/move", move, requireAdmin, async (req, res) => {
    const request = parseInput(adminMoveSchema, req.body);
    const outcome = await moveBooking(requestOf(res), {
      actor: { kind: "owner" },
      bookingId: parseId(req.params.id, "Booking"),
      to: request,
    });
    res.json(moveAnswer(outcome, request.override));
  });

  const walkIn = apiDoc({
    summary: "Record a walk-in: from now (rounded down to 5 minutes) or a given time, with the first free barber",
    body: walkInSchema,
    responses: {
      201: ["Recorded", walkInResultSchema],
      409: ["No barber is free then: the message names the next free time", apiErrorSchema],
    },
  });
  router.post("/walk-in", walkIn, requireAdmin, async (req, res) => {
    res
      .status(201)
      .json(
        await recordWalkIn(requestOf(res), { actor: { kind: "owner" }, walkIn: parseInput(walkInSchema, req.body) }),
      );
  });

  return router;
}

const blocksQuery = z.object({
  from: z.string().describe("yyyy-MM-dd"),
  to: z.string().optional().describe("yyyy-MM-dd; the same day as from when absent"),
});

/** /api/team/{id}/blocks and /api/team/{id}/calendar-feed. */
export function calendarTeamApi(ctx: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "A barber's blocked time between two days",
    query: blocksQuery,
    responses: { 200: ["The blocks", z.array(teamBlockSchema)] },
  });
  router.get("/:id/blocks", listed, requireAdmin, async (req, res) => {
    const { from, to = from } = parseInput(blocksQuery, req.query);
    if (!isCalendarDate(from) || !isCalendarDate(to)) throw badRequest("Dates must be written as yyyy-MM-dd");
    res.json(await listBlocks(ctx.db, [parseId(req.params.id, "Team member")], from, to));
  });

  const block = apiDoc({
    summary: "Block time for a barber on one day (a break): no longer offered online",
    body: blockSchema,
    responses: {
      201: ["Blocked", teamBlockSchema],
      409: [
        "The time is over bookings, listed in `bookings`; nothing changed",
        apiErrorSchema.extend({ bookings: z.array(clashingBookingSchema) }),
      ],
    },
  });
  router.post("/:id/blocks", block, requireAdmin, async (req, res) => {
    const input = parseInput(blockSchema, req.body);
    res.status(201).json(await createBlock(ctx.db, parseId(req.params.id, "Team member"), input));
  });

  const unblock = apiDoc({ summary: "Remove a block: the time is offered again", responses: { 204: ["Removed"] } });
  router.delete("/:id/blocks/:blockId", unblock, requireAdmin, async (req, res) => {
    await deleteBlock(ctx.db, parseId(req.params.id, "Team member"), parseId(req.params.blockId, "Block"));
    res.status(204).end();
  });

  const feed = apiDoc({
    summary: "A new private calendar-feed address for the barber; the previous one stops working at once",
    responses: { 200: ["The address", feedUrlSchema] },
  });
  router.post("/:id/calendar-feed", feed, requireAdmin, async (req, res) => {
    res.json(await renewCalendarFeed(requestOf(res), { memberId: parseId(req.params.id, "Team member") }));
  });

  return router;
}

/** /api/calendar-feed (the owner's whole-shop feed) and /api/calendar-feeds/{token}.ics (the feeds themselves). */
export function calendarFeedsApi(_ctx: AppContext) {
  const router = apiRouter();

  const shopFeed = apiDoc({
    summary: "A new private calendar-feed address for the whole shop; the previous one stops working at once",
    tag: "team",
    responses: { 200: ["The address", feedUrlSchema] },
  });
  router.post("/calendar-feed", shopFeed, requireAdmin, async (_req, res) => {
    res.json(await renewCalendarFeed(requestOf(res), "shop"));
  });

  const read = apiDoc({
    summary: "A private calendar feed (iCalendar), for Apple Calendar, Google Calendar or Outlook to subscribe to",
    tag: "team",
    description:
      "Only the token grants access. Answers 304 when If-None-Match names the current ETag; 404 for a retired token.",
    responses: {
      200: ["The calendar", z.string(), ICS_CONTENT_TYPE.split(";")[0]],
      304: ["Not modified since the ETag given"],
      429: ["Too many requests from this address", apiErrorSchema],
    },
  });
  router.get("/calendar-feeds/:file", read, async (req, res) => {
    const token = req.params.file.replace(/\.ics$/, "");
    const { ics, etag } = await readCalendarFeed(requestOf(res), token, clientKey(req));
    res.set({ ETag: etag, "Cache-Control": "private, no-cache" });
    const known = (req.get("if-none-match") ?? "").split(",").map((value) => value.trim());
    if (known.includes(etag)) {
      res.status(304).end();
      return;
    }
    res.type(ICS_CONTENT_TYPE).send(ics);
  });

  return router;
}
