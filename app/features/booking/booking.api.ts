import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, currentUser, parseId, parseInput, requireAdmin, requestOf } from "~/lib/api.server";
import { parseRowId } from "~/lib/schema-fields";
import { badRequest } from "~/lib/http-error";
import { isCalendarDate } from "~/lib/shop-time";
import { ICS_CONTENT_TYPE } from "./booking-ics";
import { getAvailability, getAvailableDates } from "./availability.server";
import {
  appointmentRequestSchema,
  availabilityDatesQuerySchema,
  availabilityQuerySchema,
  bookingRequestSchema,
  cancelRequestSchema,
  rescheduleRequestSchema,
  seriesPreviewQuerySchema,
  slotCreateRequestSchema,
} from "./booking.schema";
import {
  adminCancellationSchema,
  adminSlotSchema,
  bookingConfirmationSchema,
  managedBookingSchema,
  publicSlotSchema,
  seriesPreviewSchema,
} from "./booking-answers.schema";
import { previewSeries } from "./booking-series.server";
import { bookingIcsByToken, getBookingByToken } from "./manage.server";
import { cancelBooking, createBooking, createSlotBooking, moveBooking } from "./write/booking-write.server";
import { createSlots, deleteSlot, listAdminSlots, listAvailableSlots } from "./slots.server";

const wantsAdminList = (req: Request) => req.query.admin === "true";

/** The customer asking, by the client address their limits count against. */
const customerOf = (req: Request) => ({ kind: "customer" as const, client: clientKey(req) });

/** `?admin=true` is the admin list, so only that variant of the GET needs an admin. */
const adminWhenAsked = (req: Request, res: Response, next: NextFunction) =>
  wantsAdminList(req) ? requireAdmin(req, res, next) : next();

function queryDate(value: unknown, name: string) {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !isCalendarDate(value))
    throw badRequest(`${name} must be a date written as yyyy-MM-dd`);
  return value;
}

/** Our extension of the spec's slot body: the team member whose time the manual slot is. */
function slotMember(body: unknown) {
  const value = typeof body === "object" && body !== null ? (body as { memberId?: unknown }).memberId : undefined;
  if (value === undefined || value === null || value === "") return undefined;
  const id = parseRowId(String(value));
  if (id === null) throw badRequest("Please choose a barber from the team");
  return id;
}

const notEnoughTime = [
  "There is not enough time for the chosen services at this time, or the slot was taken meanwhile",
  apiErrorSchema,
] as const;
const tooManyBookings = ["Too many bookings from this address; try again later", apiErrorSchema] as const;

/** /api/booking-slots: the spec's calls plus the admin's cancel. */
export function bookingSlotsApi(ctx: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "The slots still open to book, or with ?admin=true every slot with its booking",
    adminWhen: "with `admin=true`",
    query: z.object({
      admin: z.enum(["true"]).optional().describe("The admin's list: every slot, booked ones with the customer"),
      from: z.string().optional().describe("With admin=true: only slots on or after this yyyy-MM-dd date"),
      to: z.string().optional().describe("With admin=true: only slots on or before this yyyy-MM-dd date"),
    }),
    responses: {
      200: ["Public: available slots from now on. Admin: every slot from `from`", z.array(adminSlotSchema)],
    },
  });
  router.get("/", listed, adminWhenAsked, async (req, res) => {
    if (wantsAdminList(req)) {
      const range = { from: queryDate(req.query.from, "from"), to: queryDate(req.query.to, "to") };
      res.json(await listAdminSlots(ctx.db, range));
    } else res.json(await listAvailableSlots(ctx.db));
  });

  const create = apiDoc({
    summary:
      "Open slots: one (the spec's {date, startTime, endTime}) or many (dates, repeatEveryMinutes); optionally a team member's (memberId)",
    body: slotCreateRequestSchema,
    responses: {
      201: [
        "The new slot, or the list of new slots for the many-dates form",
        z.union([publicSlotSchema, z.array(publicSlotSchema)]),
      ],
      409: ["A slot overlaps one that exists; nothing was added", apiErrorSchema],
    },
  });
  router.post("/", create, requireAdmin, async (req, res) => {
    const input = parseInput(slotCreateRequestSchema, req.body);
    const slots = await createSlots(requestOf(res), { ...input, memberId: slotMember(req.body) });
    // The spec's one-date payload gets its one slot back; the dialog's payload gets the list.
    const onePerCall = !Array.isArray(req.body?.dates) && input.repeatEveryMinutes === undefined;
    res.status(201).json(onePerCall ? slots[0] : slots);
  });

  const remove = apiDoc({
    summary: "Delete a slot (its booking is cancelled and the customer told)",
    query: z.object({
      ifAvailable: z.enum(["true"]).optional().describe("Refuse (409) if the slot has been booked meanwhile"),
    }),
    responses: { 204: ["Deleted"], 409: ["Booked meanwhile (with ifAvailable=true); nothing changed", apiErrorSchema] },
  });
  router.delete("/:slotId", remove, requireAdmin, async (req, res) => {
    // `?ifAvailable=true` (our extension): refuse rather than delete a slot that has been booked.
    const onlyIfAvailable = req.query.ifAvailable === "true";
    await deleteSlot(ctx, parseId(req.params.slotId, "Booking slot"), { onlyIfAvailable });
    res.status(204).end();
  });

  const cancel = apiDoc({
    summary: "Cancel the booking of a slot; the time opens again",
    responses: {
      200: ["Cancelled: the slot and whether the customer will be mailed", adminCancellationSchema],
      409: ["The slot has no booking", apiErrorSchema],
    },
  });
  router.post("/:slotId/cancel", cancel, requireAdmin, async (req, res) => {
    res.json(
      await cancelBooking(requestOf(res), {
        actor: { kind: "owner" },
        slotId: parseId(req.params.slotId, "Booking slot"),
      }),
    );
  });

  const book = apiDoc({
    summary: "Book a manual slot",
    body: bookingRequestSchema,
    responses: {
      200: ["Booked: the confirmation, with the private manage token", bookingConfirmationSchema],
      409: notEnoughTime,
      429: tooManyBookings,
    },
  });
  router.patch("/:slotId", book, async (req, res) => {
    const slotId = parseId(req.params.slotId, "Booking slot");
    const input = parseInput(bookingRequestSchema, req.body);
    res.json(await createSlotBooking(requestOf(res), { actor: customerOf(req), slotId, booking: input }));
  });

  return router;
}

/** /api/bookings: an appointment at a computed time, and the customer's private manage link. */
export function bookingsApi(ctx: AppContext) {
  const router = apiRouter();
  // The token in the address is the customer's key: keep the answers out of shared caches.
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  const book = apiDoc({
    summary:
      "Book an appointment at a computed time, with a chosen barber or anyone free; with `repeat` the same time every few weeks (decision 032)",
    body: appointmentRequestSchema,
    responses: {
      201: [
        "Booked: the confirmation, with the barber, the end time and the private manage token; with `repeat`, the first date's confirmation and `series`, every date booked or unavailable (with the reason)",
        bookingConfirmationSchema,
      ],
      409: [
        "The (first) time is not free, or a repeat was asked while the shop asks a payment when booking",
        apiErrorSchema,
      ],
      429: tooManyBookings,
    },
  });
  router.post("/", book, async (req, res) => {
    const input = parseInput(appointmentRequestSchema, req.body);
    const actor = currentUser(res)?.isAdmin === true ? { kind: "owner" as const } : customerOf(req);
    res.status(201).json(await createBooking(requestOf(res), { actor, appointment: input }));
  });

  const manage = apiDoc({
    summary: "The booking behind a private manage link",
    responses: { 200: ["The booking", managedBookingSchema] },
  });
  router.get("/manage/:token", manage, async (req, res) => {
    const { cancellationNoticeHours } = await requestOf(res).settings();
    res.json(await getBookingByToken(ctx.db, req.params.token, { noticeHours: cancellationNoticeHours }));
  });

  const cancel = apiDoc({
    summary:
      "Cancel one's own booking (until the notice period); with `scope: following` every later date of its repeat appointments too",
    body: cancelRequestSchema,
    responses: {
      200: ["Cancelled: the booking as the manage page shows it", managedBookingSchema],
      409: ["Too late to cancel online, or already cancelled", apiErrorSchema],
    },
  });
  router.post("/manage/:token/cancel", cancel, async (req, res) => {
    const { scope } = parseInput(cancelRequestSchema, req.body ?? {});
    res.json(await cancelBooking(requestOf(res), { actor: customerOf(req), booking: req.params.token, scope }));
  });

  const reschedule = apiDoc({
    summary: "Move one's own booking to another computed time (same services; same barber or anyone free)",
    body: rescheduleRequestSchema,
    responses: {
      200: ["Moved: the booking as the manage page shows it, with its new time and barber", managedBookingSchema],
      400: ["Not a time, the booking's own time, or another barber than its own", apiErrorSchema],
      409: [
        "The time is gone, too late to change online, moved too often, or the booking is cancelled",
        apiErrorSchema,
      ],
      429: ["Too many changes from this address; try again later", apiErrorSchema],
    },
  });
  router.post("/manage/:token/reschedule", reschedule, async (req, res) => {
    const request = parseInput(rescheduleRequestSchema, req.body);
    res.json(await moveBooking(requestOf(res), { actor: customerOf(req), booking: req.params.token, to: request }));
  });

  const calendar = apiDoc({
    summary:
      "The booking as an iCalendar file; for a cancelled booking, the file that cancels the event (METHOD:CANCEL)",
    responses: { 200: ["The .ics file", z.string(), ICS_CONTENT_TYPE.split(";")[0]] },
  });
  router.get("/manage/:token/calendar.ics", calendar, async (req, res) => {
    const { filename, ics } = await bookingIcsByToken(requestOf(res), req.params.token);
    res.type(ICS_CONTENT_TYPE).attachment(filename).send(ics);
  });

  return router;
}

const availableTimeSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  memberId: z.int(),
  memberName: z.string(),
});

/** /api/availability: the computed times of a date, and the dates that have one. */
export function availabilityApi() {
  const router = apiRouter();
  const times = apiDoc({
    summary: "The bookable start times of a date for the chosen services, one per time and barber",
    query: availabilityQuerySchema,
    responses: {
      200: ["Each time with its barber; endTime = start + the services' length", z.array(availableTimeSchema)],
    },
  });
  router.get("/", times, async (req, res) => {
    res.json(await getAvailability(requestOf(res), parseInput(availabilityQuerySchema, req.query)));
  });
  const dates = apiDoc({
    summary: "The dates between from and to that have at least one bookable time",
    query: availabilityDatesQuerySchema,
    responses: { 200: ["The dates, yyyy-MM-dd", z.array(z.string())] },
  });
  router.get("/dates", dates, async (req, res) => {
    res.json(await getAvailableDates(requestOf(res), parseInput(availabilityDatesQuerySchema, req.query)));
  });
  const series = apiDoc({
    summary: "The dates of repeat appointments from a chosen time, each available or not (with the reason)",
    query: seriesPreviewQuerySchema,
    responses: { 200: ["Every date of the series, in order", z.array(seriesPreviewSchema)] },
  });
  router.get("/series", series, async (req, res) => {
    res.json(await previewSeries(requestOf(res), parseInput(seriesPreviewQuerySchema, req.query)));
  });
  return router;
}
