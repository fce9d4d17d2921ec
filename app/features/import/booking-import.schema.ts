import { z } from "zod";
import * as columns from "./import-columns.schema";

/* Importing appointments: the columns a file's headers are read as, and what an import answers. */

export const BOOKING_FIELDS = [
  "date",
  "startTime",
  "services",
  "barber",
  ...columns.PERSON_FIELDS,
  "status",
  "ignore",
] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

export const BOOKING_FIELD_LABELS: Record<BookingField, string> = {
  date: "Date",
  startTime: "Start time",
  services: "Services",
  barber: "Barber",
  ...columns.PERSON_FIELD_LABELS,
  name: "Client's full name",
  status: "Status",
};

/** An appointments file is a few weeks of a shop's diary: far fewer rows than a client list. */
export const BOOKING_IMPORT_MAX_ROWS = 5_000;

/**
 * An appointment's headers as the usual exports write them, and the client's. Anything else (price, duration,
 * end time, the old system's reference) is left out.
 */
export const detectedBookingField = columns.fieldByHeader<BookingField>({
  ...columns.PERSON_HEADERS,
  date: "date",
  appointmentdate: "date",
  bookingdate: "date",
  scheduleddate: "date",
  startdate: "date",
  day: "date",
  time: "startTime",
  starttime: "startTime",
  start: "startTime",
  appointmenttime: "startTime",
  scheduledtime: "startTime",
  service: "services",
  services: "services",
  servicename: "services",
  servicenames: "services",
  treatment: "services",
  staff: "barber",
  staffmember: "barber",
  staffname: "barber",
  employee: "barber",
  teammember: "barber",
  barber: "barber",
  stylist: "barber",
  provider: "barber",
  appointmentnotes: "notes",
  bookingnotes: "notes",
  status: "status",
  appointmentstatus: "status",
});

export const bookingMappingSchema = columns.mappingOf(BOOKING_FIELDS, '{"Staff member": "barber"}');

/** The `mapping` field: JSON text of the columns the owner changed; absent or empty keeps the detected ones. */
export const bookingMappingFieldSchema = columns.mappingFieldOf(bookingMappingSchema);

export const bookingPreviewRowSchema = z.object({
  /** The row's number in the file, the header being row 1. */
  row: z.int(),
  /** `yyyy-MM-dd`, `HH:mm`. */
  date: z.string(),
  startTime: z.string(),
  services: z.array(z.string()),
  /** The barber who has (or would have) it. */
  barber: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** The new booking's reference (also in a dry run, though it is not kept). */
  reference: z.string(),
});
export type BookingPreviewRow = z.infer<typeof bookingPreviewRowSchema>;

export const bookingImportResultSchema = z.object({
  /** Rows read after the header. */
  rows: z.int(),
  /** Bookings made (or that would be). */
  booked: z.int(),
  skip: z.array(z.object({ row: z.int(), reason: z.string() })),
  /** Customers sent a confirmation with their manage link (notify=true, those with an e-mail address). */
  notified: z.int(),
  preview: z.array(bookingPreviewRowSchema),
  columns: z.array(z.object({ header: z.string(), field: z.enum(BOOKING_FIELDS) })),
  dryRun: z.boolean(),
});
export type BookingImportResult = z.infer<typeof bookingImportResultSchema>;
