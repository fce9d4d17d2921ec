import type { Request } from "express";
import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, parseId, parseInput, requireAdmin, requestOf } from "~/lib/api.server";
import {
  attendanceSchema,
  customerBookingSchema,
  customerNotesSchema,
  customerRecordSchema,
  customerSearchSchema,
  customerSummarySchema,
  erasureResultSchema,
  recordKeySchema,
} from "./customers.schema";
import { exportCustomer, getCustomer, listCustomers, recordAttendance, saveCustomerNotes } from "./customers.server";
import { eraseCustomer } from "./erasure.server";

/**
 * The customer a URL names (their number; an e-mail or a walk-in's key of the URLs before customers were rows),
 * checked: a malformed one is answered 400 and reaches no query.
 */
const customerKey = (req: Request) => parseInput(recordKeySchema, req.params.key);

/** /api/customers: the owner's customer records, export and erasure; all admin only. */
export function customersApi(ctx: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary:
      "One row per customer (one per e-mail, any case; without one, per phone), optionally matching a name, e-mail or phone",
    query: z.object({ q: customerSearchSchema }),
    responses: { 200: ["The customers", z.array(customerSummarySchema)] },
  });
  router.get("/", listed, requireAdmin, async (req, res) => {
    res.json(await listCustomers(ctx.db, { q: parseInput(customerSearchSchema, req.query.q) }));
  });

  const one = apiDoc({
    summary: "A customer's record: bookings, contact messages and the owner's notes",
    responses: { 200: ["The record", customerRecordSchema], 404: ["No customer with that key", apiErrorSchema] },
  });
  router.get("/:key", one, requireAdmin, async (req, res) => {
    res.json(await getCustomer(ctx.db, customerKey(req)));
  });

  const notes = apiDoc({
    summary: "Replaces the owner's private notes on a customer",
    body: customerNotesSchema,
    responses: { 200: ["The saved notes", customerNotesSchema] },
  });
  router.put("/:key/notes", notes, requireAdmin, async (req, res) => {
    const { notes } = parseInput(customerNotesSchema, req.body);
    res.json(await saveCustomerNotes(ctx.db, customerKey(req), notes));
  });

  const exported = apiDoc({
    summary: "Subject access: everything held about the e-mail address, as a JSON file",
    responses: { 200: ["The bookings, contact messages and notes", z.looseObject({ email: z.string() })] },
  });
  router.get("/:key/export", exported, requireAdmin, async (req, res) => {
    const data = await exportCustomer(ctx.db, customerKey(req));
    const filename = `customer-${(data.email || data.key).replace(/[^a-z0-9.@_-]/gi, "_")}-${data.exportedAt.slice(0, 10)}.json`;
    res
      .attachment(filename)
      .type("application/json")
      .send(JSON.stringify(data, null, 2));
  });

  const erased = apiDoc({
    summary: "Erasure: future bookings are cancelled (the customer is mailed), then personal data is replaced",
    responses: { 200: ["What was cancelled and erased", erasureResultSchema] },
  });
  router.delete("/:key", erased, requireAdmin, async (req, res) => {
    res.json(await eraseCustomer(requestOf(res), customerKey(req)));
  });

  return router;
}

/** `PATCH /api/bookings/{id}` with `{attendance}`: the admin records whether the customer came. */
export function bookingAttendanceApi() {
  const router = apiRouter();
  const attendance = apiDoc({
    summary:
      "Marks whether the customer came (attended or no-show; null takes it back), once the appointment has started",
    body: attendanceSchema,
    responses: {
      200: ["The booking as the customer's record lists it", customerBookingSchema],
      409: ["Not started yet, or cancelled", apiErrorSchema],
    },
  });
  router.patch("/:id", attendance, requireAdmin, async (req, res) => {
    const { attendance } = parseInput(attendanceSchema, req.body);
    res.json(await recordAttendance(requestOf(res), parseId(req.params.id, "Booking"), attendance));
  });
  return router;
}
