import { z } from "zod";
import { isCalendarDate, isClockTime, toMinutes } from "~/lib/shop-time";
import { multiLine, optionalNumberField, parseRowId } from "~/lib/schema-fields";
import { customerNameField, optionalCustomerNameField } from "~/features/customers";
import {
  SELECT_DATE_MESSAGE,
  SELECT_SERVICE_MESSAGE,
  SELECT_SLOT_MESSAGE,
  UK_PHONE_MESSAGE,
} from "./booking-messages.schema";

/* What the booking API and pages are asked: slots to open, bookings to make or move, walk-ins and blocks. */

export const DEFAULT_SLOT_START = "09:00";
export const DEFAULT_SLOT_END = "10:00";
export const REPEAT_MINUTES = { min: 15, max: 240 } as const;

// ---------------------------------------------------------------- slot creation

const slotDate = z
  .string({ error: "Dates must be written as yyyy-MM-dd" })
  .refine(isCalendarDate, "Dates must be real days written as yyyy-MM-dd");

const clockTime = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isClockTime, "Times must be written as HH:mm (24-hour clock)");

const slotFields = {
  dates: z
    .array(slotDate, { error: SELECT_DATE_MESSAGE })
    .min(1, SELECT_DATE_MESSAGE)
    .max(366, "Please select at most 366 dates at once")
    .transform((dates) => [...new Set(dates)].sort()),
  startTime: clockTime("Start time is required"),
  endTime: clockTime("End time is required"),
  repeatEveryMinutes: optionalNumberField("Repeat every must be a number of minutes").pipe(
    z
      .number()
      .int("Repeat every must be whole minutes")
      .min(REPEAT_MINUTES.min, `Repeat every must be at least ${REPEAT_MINUTES.min} minutes`)
      .max(REPEAT_MINUTES.max, `Repeat every must be at most ${REPEAT_MINUTES.max} minutes`)
      .optional(),
  ),
};

interface SlotTimes {
  startTime: string;
  endTime: string;
  repeatEveryMinutes?: number | undefined;
}

const checkSlotTimes = (value: SlotTimes, ctx: z.RefinementCtx) => {
  if (!isClockTime(value.startTime) || !isClockTime(value.endTime)) return;
  const span = toMinutes(value.endTime) - toMinutes(value.startTime);
  if (span <= 0) {
    ctx.addIssue({ code: "custom", path: ["endTime"], message: "End time must be after start time" });
  } else if (value.repeatEveryMinutes !== undefined && span < value.repeatEveryMinutes) {
    ctx.addIssue({
      code: "custom",
      path: ["repeatEveryMinutes"],
      message: `The time range is shorter than one ${value.repeatEveryMinutes}-minute slot`,
    });
  }
};

/** The admin dialog: several dates, one time range, optionally cut into back-to-back slots. */
export const slotCreateSchema = z.object(slotFields).superRefine(checkSlotTimes);

/**
 * `POST /api/booking-slots` takes the spec's one-date payload `{date, startTime, endTime, status}`
 * as well as the dialog's `{dates, startTime, endTime, repeatEveryMinutes}`.
 */
export const slotCreateRequestSchema = z.preprocess(
  (body) => {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
    const record = body as Record<string, unknown>;
    return record.dates === undefined && record.date !== undefined ? { ...record, dates: [record.date] } : record;
  },
  z
    .object({
      ...slotFields,
      status: z.literal("available", { error: "New slots are always created as available" }).optional(),
    })
    .superRefine(checkSlotTimes),
);

export type SlotCreateInput = z.input<typeof slotCreateSchema>;
export type SlotCreateValues = z.output<typeof slotCreateSchema>;

// ---------------------------------------------------------------- booking form

/** Spaces, hyphens and brackets are how people write numbers, not part of them. */
const normaliseUkPhone = (value: string) => value.replace(/[\s()-]/g, "");
const UK_PHONE_PATTERN = /^(\+44|0)\d{10}$/;

const EMAIL_MESSAGE = "Please enter a valid email address";

const serviceId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const id = parseRowId(String(value).trim());
  if (id !== null) return id;
  ctx.addIssue({ code: "custom", message: "One of the chosen services is not offered" });
  return z.NEVER;
});

const FORM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;
const FORM_TOKEN_MESSAGE = "This booking form has expired. Please reload the page and try again.";

/** A booking form's one-time token (see `idempotencyKey`): 24 random bytes, from the browser's or the server's generator. */
export function newFormToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const bookingFields = {
  services: z
    .array(serviceId, { error: SELECT_SERVICE_MESSAGE })
    .min(1, SELECT_SERVICE_MESSAGE)
    .max(20, "Please select at most 20 services")
    .transform((ids) => [...new Set(ids)]),
  customerName: customerNameField,
  customerEmail: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  customerPhone: z
    .string({ error: UK_PHONE_MESSAGE })
    .transform(normaliseUkPhone)
    .pipe(z.string().regex(UK_PHONE_PATTERN, UK_PHONE_MESSAGE)),
  notes: multiLine(
    z.string().trim().max(1000, "Notes must be at most 1000 characters"),
    "Notes must not contain control characters",
  )
    .nullish()
    .transform((value) => value ?? ""),
  /** Sent by the spec's client; the server reads titles from the database instead. */
  serviceTitles: z.array(z.string().max(200)).max(20).optional(),
  /**
   * The booking form's one-time token: the same form sent again (a reload, a double click, a retry
   * after a lost answer) answers the booking it already made instead of making another.
   */
  idempotencyKey: z.string().regex(FORM_TOKEN_PATTERN, FORM_TOKEN_MESSAGE).optional(),
  /** The customer ticked "Text me my confirmation and a reminder" (never assumed: absent is no). */
  smsConsent: z
    .union([z.boolean(), z.literal("on"), z.literal("true")], { error: "Text consent must be true or false" })
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
};

/** The PATCH /api/booking-slots/{slotId} body. */
export const bookingRequestSchema = z.object(bookingFields);

const memberIdField = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "" || value === "any") return undefined;
    const id = parseRowId(String(value).trim());
    if (id !== null) return id;
    ctx.addIssue({ code: "custom", message: "Please choose a barber from the list, or Anyone" });
    return z.NEVER;
  });

const bookingDate = z
  .string({ error: "Please select a date" })
  .refine(isCalendarDate, "Dates must be real days written as yyyy-MM-dd");

/** A computed time: a date, a start on the grid, and a member or "Anyone" (no memberId). */
const computedTimeFields = {
  date: bookingDate,
  startTime: z.string({ error: SELECT_SLOT_MESSAGE }).refine(isClockTime, SELECT_SLOT_MESSAGE),
  memberId: memberIdField,
};

export const REPEAT_WEEKS = { min: 1, max: 8 } as const;
export const REPEAT_TIMES = { min: 2, max: 12 } as const;
const REPEAT_WEEKS_MESSAGE = `Repeat every must be a whole number of weeks from ${REPEAT_WEEKS.min} to ${REPEAT_WEEKS.max}`;
const REPEAT_TIMES_MESSAGE = `Repeat times must be a whole number from ${REPEAT_TIMES.min} to ${REPEAT_TIMES.max}`;

/** A count from a form (text) or from JSON (a number), refused with one message whatever is wrong with it. */
const countField = (range: { min: number; max: number }, message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(range.min, message).max(range.max, message));

/** Repeat appointments (decision 032): the same time every `everyWeeks` weeks, `times` occurrences in all. */
export const repeatSchema = z.object(
  {
    everyWeeks: countField(REPEAT_WEEKS, REPEAT_WEEKS_MESSAGE),
    times: countField(REPEAT_TIMES, REPEAT_TIMES_MESSAGE),
  },
  { error: "Repeat must be {everyWeeks, times}" },
);
export type RepeatRequest = z.output<typeof repeatSchema>;

/** A gift card's code typed on the booking form (issue 34): its deposit or prepayment is taken from the card first. */
const giftCardCodeField = z
  .string({ error: "Gift card code must be text" })
  .trim()
  .max(40, "Gift card code must be at most 40 characters")
  .nullish()
  .transform((value) => value || undefined);

/** The POST /api/bookings body. */
export const appointmentRequestSchema = z.object({
  ...bookingFields,
  ...computedTimeFields,
  repeat: repeatSchema.optional(),
  giftCardCode: giftCardCodeField.optional(),
});

/** The POST /api/bookings/manage/{token}/reschedule body: the same services at another time. */
export const rescheduleRequestSchema = z.object(computedTimeFields);
export type RescheduleRequest = z.output<typeof rescheduleRequestSchema>;

/**
 * The manage page's time picker in its address (`?date=…&barber=any`), so it works without JavaScript.
 * A date that is not a real day falls back to the picker's default instead of an error page.
 */
export const reschedulePickerQuerySchema = z.object({
  date: bookingDate.optional().catch(undefined),
  barber: z.enum(["same", "any"]).catch("same"),
});
export type ReschedulePickerQuery = z.output<typeof reschedulePickerQuerySchema>;

/** `services=1,2` in a query string, as the booking page sends it. */
const serviceList = z.preprocess(
  (text) => (typeof text === "string" ? text.split(",").filter(Boolean) : text),
  bookingFields.services,
);

export const availabilityQuerySchema = z.object({ date: bookingDate, services: serviceList, member: memberIdField });

export const availabilityDatesQuerySchema = z
  .object({ from: bookingDate, to: bookingDate, services: serviceList, member: memberIdField })
  .refine((query) => query.from <= query.to, { message: "to must not be before from", path: ["to"] });

/** GET /api/availability/series: the dates a series from a chosen time would have. */
export const seriesPreviewQuerySchema = z.object({
  ...availabilityQuerySchema.shape,
  startTime: computedTimeFields.startTime,
  ...repeatSchema.shape,
});
export type SeriesPreviewQuery = z.output<typeof seriesPreviewQuerySchema>;

export type AppointmentRequestInput = z.input<typeof appointmentRequestSchema>;
export type AppointmentRequest = z.output<typeof appointmentRequestSchema>;
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;
export type AvailabilityDatesQuery = z.output<typeof availabilityDatesQuerySchema>;

/** The booking page's form: the same rules plus the chosen time (a key the page gives each offered time). */
export const bookingFormSchema = z.object({
  ...bookingFields,
  choice: z.string({ error: SELECT_SLOT_MESSAGE }).min(1, SELECT_SLOT_MESSAGE),
  giftCardCode: giftCardCodeField.optional(),
});

export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

/**
 * The body of a customer's cancel (decision 032): this booking alone, or with `following` every later date of
 * its repeat appointments that can still be cancelled online.
 */
export const cancelRequestSchema = z.object({
  scope: z.enum(["one", "following"], { error: 'scope must be "one" or "following"' }).optional().default("one"),
});
export type CancelScope = z.output<typeof cancelRequestSchema>["scope"];

// ---------------------------------------------------------------- the owner's calendar

/** POST /api/bookings/{id}/move: the owner moves a booking to a day, time and barber. */
export const adminMoveSchema = z.object({
  ...computedTimeFields,
  /** Outside the barber's or the shop's hours: only when the owner ticks "Outside hours". */
  override: z.boolean({ error: "override must be true or false" }).optional().default(false),
});
export type AdminMoveRequest = z.output<typeof adminMoveSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || undefined);

/** A field the desk may leave empty: the empty box (the form's "") is the same as leaving it out. */
const emptyIsUnset = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), field.optional());

/**
 * POST /api/bookings/walk-in: services, and optionally the barber, day, time and a name or phone.
 * An empty time means now (the shop's clock, see `walkInStart`); an empty day means today.
 */
export const walkInSchema = z.object({
  services: bookingFields.services,
  memberId: memberIdField,
  date: emptyIsUnset(bookingDate),
  startTime: emptyIsUnset(clockTime("Please enter the start time")),
  customerName: optionalCustomerNameField,
  customerPhone: z
    .string({ error: UK_PHONE_MESSAGE })
    .transform(normaliseUkPhone)
    .pipe(z.string().regex(UK_PHONE_PATTERN, UK_PHONE_MESSAGE))
    .or(z.literal("").transform(() => undefined))
    .optional(),
});
export type WalkInRequest = z.output<typeof walkInSchema>;

/** POST /api/team/{id}/blocks: time a barber sets aside on one day. */
export const blockSchema = z
  .object({
    date: bookingDate,
    start: clockTime("Please enter the start"),
    end: clockTime("Please enter the end"),
    note: optionalText(200, "The note must be at most 200 characters").transform((value) => value ?? ""),
  })
  .refine((block) => block.start < block.end, { message: "The end must be after the start", path: ["end"] });
export type BlockRequest = z.output<typeof blockSchema>;
