import { z } from "zod";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, parseId, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { badRequest } from "~/lib/http-error";
import { isCalendarDate } from "~/lib/shop-time";
import { callEntry, finishEntry, listQueueEntries, removeEntry, serveEntry } from "./queue-desk.server";
import { entryStatus, getQueue, joinQueue, leaveQueue } from "./queue.server";
import {
  QUEUE_STATUSES,
  queueEntrySchema,
  queueEntryStatusSchema,
  queueJoinSchema,
  queueJoinedSchema,
  queueServeSchema,
  queueStateSchema,
} from "./queue.schema";

/** /api/queue: the live walk-in queue (issue 33): the waits, joining and leaving, and the owner's actions. */
export function queueApi() {
  const router = apiRouter();
  // Waits change by the minute, and a token's answer is one customer's own.
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  const state = apiDoc({
    summary: "Whether the queue takes names, how many wait, and the wait with each barber and the first free one",
    responses: { 200: ["The queue now", queueStateSchema] },
  });
  router.get("/", state, async (_req, res) => {
    res.json(await getQueue(requestOf(res)));
  });

  const join = apiDoc({
    summary: "Join today's walk-in queue: the place and the estimated start, and the link that follows it",
    body: queueJoinSchema,
    responses: {
      201: ["In the queue", queueJoinedSchema],
      400: ["The barber does not do one of the services, or a field is wrong", apiErrorSchema],
      409: ["The queue is closed or full: the reason", apiErrorSchema],
      429: ["Too many joins from this address; try again later", apiErrorSchema],
    },
  });
  router.post("/", join, async (req, res) => {
    res.status(201).json(await joinQueue(requestOf(res), parseInput(queueJoinSchema, req.body), clientKey(req)));
  });

  const entries = apiDoc({
    summary: "A day's queue (today by default) with statuses, times and barbers (a read of personal data: audited)",
    query: z.object({ date: z.string().optional().describe("yyyy-MM-dd") }),
    responses: { 200: ["The entries, in order of joining", z.array(queueEntrySchema)] },
  });
  router.get("/entries", entries, requireAdmin, async (req, res) => {
    const date = typeof req.query.date === "string" && req.query.date !== "" ? req.query.date : undefined;
    if (date !== undefined && !isCalendarDate(date)) throw badRequest("Dates must be real days written as yyyy-MM-dd");
    res.json(await listQueueEntries(requestOf(res), date));
  });

  // One parameter name for the position (OpenAPI counts /queue/{id} and /queue/{token} as one path).
  const status = apiDoc({
    summary: "A customer's place in the queue by their token",
    responses: { 200: ["The place, the estimate and the status", queueEntryStatusSchema] },
  });
  router.get("/:key", status, async (req, res) => {
    res.json(await entryStatus(requestOf(res), req.params.key));
  });

  const leave = apiDoc({
    summary: "Leave the queue: those behind move up",
    responses: {
      200: ["Left", queueEntryStatusSchema],
      409: ["Already in the chair", apiErrorSchema],
    },
  });
  router.delete("/:key", leave, async (req, res) => {
    res.json(await leaveQueue(requestOf(res), req.params.key));
  });

  const statusAnswer = z.object({ id: z.int(), status: z.enum(QUEUE_STATUSES) });
  const refused = { 409: ["The entry is not in a state for this", apiErrorSchema] } as const;

  const call = apiDoc({
    summary: "Call the customer to the chair (texted once, if they agreed)",
    responses: { 200: ["Called", statusAnswer], ...refused },
  });
  router.post("/:key/call", call, requireAdmin, async (req, res) => {
    res.json(await callEntry(requestOf(res), parseId(req.params.key, "Queue entry")));
  });

  const serve = apiDoc({
    summary: "Serve the customer: a walk-in booking from now with the barber given (or asked for, or the first free)",
    body: queueServeSchema,
    responses: {
      200: ["Being served: the booking", statusAnswer.extend({ bookingId: z.int() })],
      409: ["No chair free now (the next free time is named), or the entry is not waiting", apiErrorSchema],
    },
  });
  router.post("/:key/serve", serve, requireAdmin, async (req, res) => {
    const { memberId } = parseInput(queueServeSchema, req.body ?? {});
    res.json(await serveEntry(requestOf(res), parseId(req.params.key, "Queue entry"), memberId));
  });

  const done = apiDoc({
    summary: "Done: the chair is free again",
    responses: { 200: ["Done", statusAnswer], ...refused },
  });
  router.post("/:key/done", done, requireAdmin, async (req, res) => {
    res.json(await finishEntry(requestOf(res), parseId(req.params.key, "Queue entry")));
  });

  const remove = apiDoc({
    summary: "Remove the customer from the queue: those behind move up",
    responses: { 200: ["Removed", statusAnswer], ...refused },
  });
  router.post("/:key/remove", remove, requireAdmin, async (req, res) => {
    res.json(await removeEntry(requestOf(res), parseId(req.params.key, "Queue entry")));
  });

  return router;
}
