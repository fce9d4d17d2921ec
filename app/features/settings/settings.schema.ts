import { z } from "zod";
import { multiLine, numberField, oneLine, poundsField } from "~/lib/schema-fields";
import { isCalendarDate, isClockTime } from "~/lib/shop-time";
import { DEFAULT_QUEUE_SETTINGS } from "./shop-settings";

/*
 * The shop's facts and booking rules, edited in /admin/settings and served by /api/settings. Shared by the
 * form and the server, so each message is written once. Weekly hours and date ranges have the same shape
 * as a team member's working hours and time off.
 */

// ---------------------------------------------------------------- hours and dates

const clockTime = (what: string) =>
  z.string({ error: `${what} is required` }).refine(isClockTime, `${what} must be a time written as HH:mm`);

export const timeRangeSchema = z
  .object({ start: clockTime("Opening time"), end: clockTime("Closing time") })
  .refine((range) => range.end > range.start, { message: "Closing time must be after opening time", path: ["end"] });

export type TimeRange = z.infer<typeof timeRangeSchema>;

const dayHoursSchema = z.object({
  day: z
    .number({ error: "Day must be a number from 0 (Sunday) to 6 (Saturday)" })
    .int("Day must be a number from 0 (Sunday) to 6 (Saturday)")
    .min(0, "Day must be a number from 0 (Sunday) to 6 (Saturday)")
    .max(6, "Day must be a number from 0 (Sunday) to 6 (Saturday)"),
  ranges: z
    .array(timeRangeSchema, { error: "Times must be a list" })
    .max(6, "A day can have at most 6 time ranges")
    // Ordered by start, so every reader can walk a day's ranges in order.
    .transform((ranges) => [...ranges].sort((a, b) => a.start.localeCompare(b.start)))
    .refine(
      (ranges) => ranges.every((range, index) => index === 0 || ranges[index - 1]!.end <= range.start),
      "Times on the same day must not overlap",
    ),
});

/** A week; a day that is missing or has no ranges is closed (or, for a team member, not working). */
export const weeklyHoursSchema = z
  .array(dayHoursSchema, { error: "Weekly hours must be a list of days" })
  .max(7, "Each day can appear only once")
  .refine((days) => new Set(days.map((entry) => entry.day)).size === days.length, "Each day can appear only once")
  .transform((days) => [...days].sort((a, b) => a.day - b.day));

export type DayHours = z.output<typeof dayHoursSchema>;
export type WeeklyHours = z.output<typeof weeklyHoursSchema>;

const calendarDate = (what: string) =>
  z.string({ error: `${what} is required` }).refine(isCalendarDate, `${what} must be a date written as yyyy-MM-dd`);

/** Inclusive at both ends: a one-day closure has `from` equal to `to`. */
export const dateRangeSchema = z
  .object({
    from: calendarDate("First day"),
    to: calendarDate("Last day"),
    note: oneLine(z.string({ error: "Note must be text" }).trim().max(120, "Note must be at most 120 characters"))
      .optional()
      .default(""),
  })
  .refine((range) => range.to >= range.from, { message: "Last day must not be before the first day", path: ["to"] });

export type DateRange = z.output<typeof dateRangeSchema>;

// ---------------------------------------------------------------- the settings

const text = (requiredMessage: string, max: number) =>
  oneLine(
    z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, `Must be at most ${max} characters`),
  );

const optionalString = (max: number) =>
  z.string({ error: "Must be text" }).trim().max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) => oneLine(optionalString(max)).optional().default("");

const webAddress = (what: string) =>
  optionalText(300).refine((value) => value === "" || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), {
    message: `${what} must be a web address starting with https://`,
  });

const wholeNumber = (what: string, unit: string, min: number, max: number) =>
  numberField(`${what} is required`).pipe(
    z
      .number()
      .int(`${what} must be whole ${unit}`)
      .min(min, `${what} must be at least ${min} ${min === 1 ? unit.replace(/s$/, "") : unit}`)
      .max(max, `${what} must be at most ${max} ${unit}`),
  );

const coordinate = (what: string, limit: number) =>
  numberField(`${what} is required`).pipe(
    z
      .number()
      .min(-limit, `${what} must be between -${limit} and ${limit}`)
      .max(limit, `${what} must be between -${limit} and ${limit}`),
  );

export const FEE_INCLUDED_MESSAGE = "Booking fee must be £0.00 when the fee is included in prices";

/** The walk-in queue (issue 33): whether it takes names, how many, until when, and when to text "nearly up". */
export const queueSettingsSchema = z.object(
  {
    enabled: z.boolean({ error: "Walk-in queue on must be true or false" }).default(false),
    maxWaiting: wholeNumber("Most people waiting", "people", 1, 50).default(15),
    closesBeforeCloseMinutes: wholeNumber("Queue closes before closing", "minutes", 0, 240).default(30),
    notifyMinutes: wholeNumber("Text when the wait is down to", "minutes", 1, 60).default(10),
  },
  { error: "Walk-in queue settings must be an object" },
);
export type QueueSettings = z.output<typeof queueSettingsSchema>;

/** The fields alone; `settingsSchema` adds the rule that ties the fee to "fee included in prices". */
export const settingsFieldsSchema = z.object({
  shopName: text("Shop name is required", 80),
  tagline: optionalText(120),
  about: multiLine(optionalString(600)).optional().default(""),
  address: z.object(
    {
      street: text("Street is required", 120),
      town: text("Town is required", 80),
      postcode: text("Postcode is required", 12),
    },
    { error: "Address is required" },
  ),
  geo: z.object(
    { latitude: coordinate("Latitude", 90), longitude: coordinate("Longitude", 180) },
    { error: "Map position is required" },
  ),
  phone: text("Phone is required", 30).refine(
    (value) => /^\+?[\d\s()-]{6,}$/.test(value) && /\d{6,}/.test(value.replace(/\D/g, "")),
    "Phone must be a phone number, e.g. 0161 624 9876",
  ),
  email: optionalText(200).refine(
    (value) => value === "" || z.email().safeParse(value).success,
    "Email must be a valid email address",
  ),
  social: z.object(
    { instagram: webAddress("Instagram"), facebook: webAddress("Facebook") },
    { error: "Social links are required" },
  ),
  bookingFee: poundsField("Booking fee must be positive"),
  feeIncludedInPrices: z.boolean({ error: "Fee included in prices must be true or false" }),
  cancellationNoticeHours: wholeNumber("Cancellation notice", "hours", 0, 720),
  minimumNoticeMinutes: wholeNumber("Minimum notice", "minutes", 0, 10_080),
  bookingHorizonWeeks: wholeNumber("Booking horizon", "weeks", 1, 104),
  reminderLeadHours: wholeNumber("Reminder lead time", "hours", 1, 168),
  slotIntervalMinutes: wholeNumber("Slot interval", "minutes", 5, 120),
  bookingBufferMinutes: wholeNumber("Buffer between appointments", "minutes", 0, 120),
  bookingRetentionMonths: wholeNumber("Booking retention", "months", 1, 120),
  contactRetentionMonths: wholeNumber("Message retention", "months", 1, 120),
  // Optional in a body, so that a client written before they existed keeps saving.
  reviewUrl: webAddress("Review link"),
  reviewRequestHours: wholeNumber("Review request delay", "hours", 1, 168).default(3),
  waitlistHoldMinutes: wholeNumber("Waitlist hold", "minutes", 5, 1440).default(30),
  /** Shown on receipts, which then show the VAT included at 20 %; empty when the shop is not registered. */
  vatNumber: oneLine(
    z
      .string({ error: "VAT number must be text" })
      .trim()
      .max(20, "VAT number must be at most 20 characters")
      .regex(/^[A-Za-z0-9 ]*$/, "VAT number must be letters and digits, e.g. GB123456789"),
  ).default(""),
  /** The till's opening cash each day. */
  till: z
    .object({ float: poundsField("Till float must be positive") }, { error: "Till must be an object" })
    .default({ float: 0 }),
  queue: queueSettingsSchema.default(DEFAULT_QUEUE_SETTINGS),
  openingHours: weeklyHoursSchema,
  closures: z
    .array(dateRangeSchema, { error: "Closures must be a list" })
    .max(100, "At most 100 closures can be kept")
    .transform((closures) => [...closures].sort((a, b) => a.from.localeCompare(b.from))),
});

export const settingsSchema = settingsFieldsSchema.refine(
  (settings) => !settings.feeIncludedInPrices || settings.bookingFee === 0,
  { message: FEE_INCLUDED_MESSAGE, path: ["bookingFee"] },
);

export type SettingsInput = z.input<typeof settingsSchema>;
export type ShopSettings = z.output<typeof settingsSchema>;

// ---------------------------------------------------------------- bookings on newly closed days

/** What the owner chooses for confirmed bookings on days a save closes (a closure, a barber's time off). */
export const strandedBookingsChoiceSchema = z.enum(["keep", "cancel"], {
  error: 'Choose "keep" or "cancel" for the bookings on those days',
});
export type StrandedBookingsChoice = z.infer<typeof strandedBookingsChoiceSchema>;

/** The closure's choice, sent beside the settings in the same body (PUT /api/settings, the page's form). */
export const closureChoiceSchema = z.object({ closureBookings: strandedBookingsChoiceSchema.optional() });

/** One booking in the way, as the 409 answer lists it. */
export const strandedBookingSchema = z.object({
  reference: z.string(),
  date: z.string(),
  startTime: z.string(),
  customerName: z.string(),
});
export type StrandedBooking = z.infer<typeof strandedBookingSchema>;

const bookingsCount = (count: number) =>
  count === 1 ? "1 confirmed booking falls" : `${count} confirmed bookings fall`;

export const closureBookingsMessage = (count: number) =>
  `${bookingsCount(count)} on the days you are closing. Choose to keep or cancel them (the customers are emailed), then save again.`;
