import { z } from "zod";
import { formatPounds } from "~/lib/money";
import { fromMinutes, isCalendarDate, isClockTime, toMinutes } from "~/lib/shop-time";
import { optionalNumberField, parseRowId, toPence, toPounds } from "~/lib/schema-fields";

/* Shared by the booking page, the admin slot dialog and the server: one message per rule. */

/** The fixed appointment fee of spec section 9, added to every booking. */
export const BOOKING_FEE_PENCE = 800;

export const SELECT_DATE_MESSAGE = "Please select at least one date";
export const SELECT_SERVICE_MESSAGE = "Please select at least one service";
export const SELECT_SLOT_MESSAGE = "Please select a time slot";
export const UK_PHONE_MESSAGE = "Please enter a valid UK phone number";
export const SLOT_TAKEN_MESSAGE =
  "Sorry, that time slot has just been booked by someone else. Please choose another time.";

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

export interface PlannedSlot {
  date: string;
  startTime: string;
  endTime: string;
}

/** The slots a creation request stands for; the dialog can show the count before sending. */
export function planSlots(values: SlotCreateValues): PlannedSlot[] {
  const start = toMinutes(values.startTime);
  const end = toMinutes(values.endTime);
  const step = values.repeatEveryMinutes;
  const ranges: Array<[number, number]> = [];
  if (step === undefined) ranges.push([start, end]);
  else for (let from = start; from + step <= end; from += step) ranges.push([from, from + step]);
  return values.dates.flatMap((date) =>
    ranges.map(([from, to]) => ({ date, startTime: fromMinutes(from), endTime: fromMinutes(to) })),
  );
}

// ---------------------------------------------------------------- booking form

/** Spaces, hyphens and brackets are how people write numbers, not part of them. */
export const normaliseUkPhone = (value: string) => value.replace(/[\s()-]/g, "");
export const UK_PHONE_PATTERN = /^(\+44|0)\d{10}$/;

const NAME_MESSAGE = "Name must be at least 2 characters";
const EMAIL_MESSAGE = "Please enter a valid email address";

const serviceId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const id = parseRowId(String(value).trim());
  if (id !== null) return id;
  ctx.addIssue({ code: "custom", message: "One of the chosen services is not offered" });
  return z.NEVER;
});

const bookingFields = {
  services: z
    .array(serviceId, { error: SELECT_SERVICE_MESSAGE })
    .min(1, SELECT_SERVICE_MESSAGE)
    .max(20, "Please select at most 20 services")
    .transform((ids) => [...new Set(ids)]),
  customerName: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(2, NAME_MESSAGE)
    .max(100, "Name must be at most 100 characters"),
  customerEmail: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  customerPhone: z
    .string({ error: UK_PHONE_MESSAGE })
    .transform(normaliseUkPhone)
    .pipe(z.string().regex(UK_PHONE_PATTERN, UK_PHONE_MESSAGE)),
  notes: z
    .string()
    .trim()
    .max(1000, "Notes must be at most 1000 characters")
    .nullish()
    .transform((value) => value ?? ""),
  /** Sent by the spec's client; the server reads titles from the database instead. */
  serviceTitles: z.array(z.string().max(200)).max(20).optional(),
};

/** The PATCH /api/booking-slots/{slotId} body. */
export const bookingRequestSchema = z.object(bookingFields);

/** The booking page's form: the same rules plus the chosen slot. */
export const bookingFormSchema = z.object({
  ...bookingFields,
  slotId: z.number({ error: SELECT_SLOT_MESSAGE }).int(SELECT_SLOT_MESSAGE).positive(SELECT_SLOT_MESSAGE),
});

export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

// ---------------------------------------------------------------- money

export interface PricedService {
  /** Pounds, as services are served by the API. */
  price: number;
  duration: number;
}

export interface BookingTotals {
  subtotalPence: number;
  feePence: number;
  totalPence: number;
  durationMinutes: number;
}

/** Sums in whole pence so that £0.10 + £0.20 is £0.30, on the page and on the server alike. */
export function bookingTotals(services: readonly PricedService[]): BookingTotals {
  const subtotalPence = services.reduce((sum, service) => sum + toPence(service.price), 0);
  const durationMinutes = services.reduce((sum, service) => sum + service.duration, 0);
  return { subtotalPence, feePence: BOOKING_FEE_PENCE, totalPence: subtotalPence + BOOKING_FEE_PENCE, durationMinutes };
}

export const formatPence = (pence: number) => formatPounds(toPounds(pence));

// ---------------------------------------------------------------- API shapes

export type SlotStatus = "available" | "booked";

/** What anyone may see: no customer data. */
export interface PublicSlot {
  id: number;
  date: string;
  startTime: string;
  endTime: string;
  status: SlotStatus;
}

export type MailStatus = "pending" | "sent" | "failed" | "not-configured";

/** The admin list: booked slots carry the customer fields of spec section 3. */
export interface AdminSlot extends PublicSlot {
  bookingId?: number;
  reference?: string;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  notes?: string;
  /** Service ids as strings, as the spec's client sends them. */
  selectedServices?: string[];
  /** A JSON-encoded list of titles, the shape the spec's admin page reads. */
  selectedServiceTitles?: string;
  /** Pounds, fee included. */
  total?: number;
  /** Minutes. */
  duration?: number;
  mailStatus?: MailStatus;
  mailError?: string | null;
  bookedAt?: string;
}

export interface BookedService {
  title: string;
  /** Pounds. */
  price: number;
  duration: number;
}

export interface BookingSummary {
  reference: string;
  date: string;
  startTime: string;
  endTime: string;
  services: BookedService[];
  /** Pounds. */
  subtotal: number;
  fee: number;
  total: number;
  /** Minutes. */
  duration: number;
}

/** The answer to a successful booking: everything the confirmation screen shows. */
export interface BookingConfirmation extends BookingSummary {
  /** The private manage-link token; shown once, stored only as a hash. */
  manageToken: string;
  mailStatus: MailStatus;
}

/** What the private manage page shows. */
export interface ManagedBooking extends BookingSummary {
  status: "confirmed" | "cancelled";
  customerName: string;
  cancelledAt: string | null;
  cancelledBy: string | null;
  canCancel: boolean;
  cancelNoticeHours: number;
}

export const totalsInPounds = (totals: BookingTotals) => ({
  subtotal: toPounds(totals.subtotalPence),
  fee: toPounds(totals.feePence),
  total: toPounds(totals.totalPence),
  duration: totals.durationMinutes,
});
