import { z } from "zod";

/* Importing appointments: the columns a file's headers are read as, and what an import answers. */

export const BOOKING_FIELDS = [
  "date",
  "startTime",
  "services",
  "barber",
  "name",
  "firstName",
  "lastName",
  "email",
  "phone",
  "notes",
  "status",
  "ignore",
] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

export const BOOKING_FIELD_LABELS: Record<BookingField, string> = {
  date: "Date",
  startTime: "Start time",
  services: "Services",
  barber: "Barber",
  name: "Client's full name",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  notes: "Notes",
  status: "Status",
  ignore: "Leave out",
};

/** An appointments file is a few weeks of a shop's diary: far fewer rows than a client list. */
export const BOOKING_IMPORT_MAX_ROWS = 5_000;

/**
 * Headers as Fresha's, Booksy's and Square's appointment exports and spreadsheets write them, compared without
 * case, spaces or punctuation. Anything else (price, duration, end time, the old system's reference) is left out.
 */
const KNOWN_HEADERS: Record<string, Exclude<BookingField, "ignore">> = {
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
  client: "name",
  clientname: "name",
  customer: "name",
  customername: "name",
  name: "name",
  fullname: "name",
  firstname: "firstName",
  clientfirstname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  clientlastname: "lastName",
  email: "email",
  emailaddress: "email",
  clientemail: "email",
  customeremail: "email",
  phone: "phone",
  mobile: "phone",
  mobilenumber: "phone",
  phonenumber: "phone",
  telephone: "phone",
  clientphone: "phone",
  clientmobile: "phone",
  customerphone: "phone",
  notes: "notes",
  note: "notes",
  appointmentnotes: "notes",
  bookingnotes: "notes",
  comments: "notes",
  memo: "notes",
  status: "status",
  appointmentstatus: "status",
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** What a column is read as by its header alone. */
export const detectedBookingField = (header: string): BookingField => KNOWN_HEADERS[headerKey(header)] ?? "ignore";

const MAPPING_MESSAGE = 'The mapping must be a JSON object like {"Staff member": "barber"}';

/** The `mapping` field: JSON text of the columns the owner changed; absent or empty keeps the detected ones. */
export const bookingMappingFieldSchema = z
  .string()
  .optional()
  .transform((text, ctx): Record<string, BookingField> => {
    if (!text?.trim()) return {};
    const mapping = z.record(
      z.string(),
      z.enum(BOOKING_FIELDS, { error: `Each column must map to one of: ${BOOKING_FIELDS.join(", ")}` }),
    );
    try {
      const parsed = mapping.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? MAPPING_MESSAGE });
    } catch {
      ctx.addIssue({ code: "custom", message: MAPPING_MESSAGE });
    }
    return z.NEVER;
  });

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
