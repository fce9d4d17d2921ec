import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "~/context";
import { apiRouter, clientKey, parseId, parseInput, requireAdmin } from "~/lib/api.server";
import { badRequest } from "~/lib/http-error";
import { isCalendarDate } from "~/lib/shop-time";
import { ICS_CONTENT_TYPE, bookingIcsFilename } from "./booking-ics";
import { bookingRequestSchema, slotCreateRequestSchema } from "./booking.schema";
import {
  bookingIcsByToken,
  cancelBookingByAdmin,
  cancelBookingByToken,
  createSlots,
  deleteSlot,
  getBookingByToken,
  listAdminSlots,
  listAvailableSlots,
  placeBooking,
} from "./booking.server";

const wantsAdminList = (req: Request) => req.query.admin === "true";

/** `?admin=true` is the admin list, so only that variant of the GET needs an admin. */
const adminWhenAsked = (req: Request, res: Response, next: NextFunction) =>
  wantsAdminList(req) ? requireAdmin(req, res, next) : next();

function fromDate(value: unknown) {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !isCalendarDate(value))
    throw badRequest("from must be a date written as yyyy-MM-dd");
  return value;
}

/** /api/booking-slots: the spec's calls plus the admin's cancel. */
export function bookingSlotsApi(ctx: AppContext) {
  const router = apiRouter();

  router.get("/", adminWhenAsked, async (req, res) => {
    if (wantsAdminList(req)) res.json(await listAdminSlots(ctx.db, { from: fromDate(req.query.from) }));
    else res.json(await listAvailableSlots(ctx.db));
  });

  router.post("/", requireAdmin, async (req, res) => {
    const input = parseInput(slotCreateRequestSchema, req.body);
    const slots = await createSlots(ctx.db, input);
    // The spec's one-date payload gets its one slot back; the dialog's payload gets the list.
    const onePerCall = !Array.isArray(req.body?.dates) && input.repeatEveryMinutes === undefined;
    res.status(201).json(onePerCall ? slots[0] : slots);
  });

  router.delete("/:id", requireAdmin, async (req, res) => {
    // `?ifAvailable=true` (our extension): refuse rather than delete a slot that has been booked.
    const onlyIfAvailable = req.query.ifAvailable === "true";
    await deleteSlot(ctx, parseId(req.params.id, "Booking slot"), { onlyIfAvailable });
    res.status(204).end();
  });

  router.post("/:id/cancel", requireAdmin, async (req, res) => {
    res.json(await cancelBookingByAdmin(ctx, parseId(req.params.id, "Booking slot")));
  });

  router.patch("/:slotId", async (req, res) => {
    const slotId = parseId(req.params.slotId, "Booking slot");
    const input = parseInput(bookingRequestSchema, req.body);
    res.json(await placeBooking(ctx, slotId, input, { client: clientKey(req) }));
  });

  return router;
}

/** /api/bookings/manage/{token}: the customer's private link. */
export function bookingsApi(ctx: AppContext) {
  const router = apiRouter();
  const noticeHours = ctx.config.bookingCancelNoticeHours;
  // The token in the address is the customer's key: keep the answers out of shared caches.
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/manage/:token", async (req, res) => {
    res.json(await getBookingByToken(ctx.db, req.params.token, { noticeHours }));
  });

  router.post("/manage/:token/cancel", async (req, res) => {
    res.json(await cancelBookingByToken(ctx, req.params.token));
  });

  router.get("/manage/:token/calendar.ics", async (req, res) => {
    const { reference, ics } = await bookingIcsByToken(ctx, req.params.token);
    res.type(ICS_CONTENT_TYPE).attachment(bookingIcsFilename(reference)).send(ics);
  });

  return router;
}
