import { z } from "zod";

/* Importing a client list: the columns a file's headers are read as, and what an import answers. */

export const CUSTOMER_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "email",
  "phone",
  "notes",
  "marketingConsent",
  "ignore",
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export const CUSTOMER_FIELD_LABELS: Record<CustomerField, string> = {
  name: "Full name",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  notes: "Notes",
  marketingConsent: "Marketing consent",
  ignore: "Leave out",
};

/** The most a client file may hold. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const FILE_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it and import each part.`;
/** How many of the rows as they would be saved an answer shows. */
export const PREVIEW_ROWS = 20;

/**
 * Headers as Fresha, Booksy, Square and spreadsheets write them, compared without case, spaces or punctuation.
 * Any other column (a date of birth, an address, a client number, visit counts) is left out unless the owner
 * maps it.
 */
const KNOWN_HEADERS: Record<string, Exclude<CustomerField, "ignore">> = {
  name: "name",
  fullname: "name",
  clientname: "name",
  customername: "name",
  client: "name",
  firstname: "firstName",
  forename: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
  email: "email",
  emailaddress: "email",
  clientemail: "email",
  customeremail: "email",
  mobile: "phone",
  mobilenumber: "phone",
  mobilephone: "phone",
  phone: "phone",
  phonenumber: "phone",
  telephone: "phone",
  telephonenumber: "phone",
  tel: "phone",
  clientphone: "phone",
  customerphone: "phone",
  notes: "notes",
  note: "notes",
  clientnotes: "notes",
  customernotes: "notes",
  memo: "notes",
  comments: "notes",
  acceptsmarketing: "marketingConsent",
  acceptsmarketingnotifications: "marketingConsent",
  acceptsemailmarketing: "marketingConsent",
  marketingconsent: "marketingConsent",
  marketingoptin: "marketingConsent",
  agreedtomarketing: "marketingConsent",
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** What a column is read as by its header alone. */
export const detectedField = (header: string): CustomerField => KNOWN_HEADERS[headerKey(header)] ?? "ignore";

export const mappingSchema = z.record(
  z.string(),
  z.enum(CUSTOMER_FIELDS, { error: `Each column must map to one of: ${CUSTOMER_FIELDS.join(", ")}` }),
  { error: 'The mapping must be a JSON object like {"Mobile": "phone"}' },
);
export type ColumnMapping = z.infer<typeof mappingSchema>;

/** The `mapping` field: JSON text of the columns the owner changed; absent or empty keeps the detected ones. */
export const mappingFieldSchema = z
  .string()
  .optional()
  .transform((text, ctx): ColumnMapping => {
    if (!text?.trim()) return {};
    try {
      const parsed = mappingSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
    } catch {
      ctx.addIssue({ code: "custom", message: 'The mapping must be a JSON object like {"Mobile": "phone"}' });
    }
    return z.NEVER;
  });

export const importColumnSchema = z.object({ header: z.string(), field: z.enum(CUSTOMER_FIELDS) });
export type ImportColumn = z.infer<typeof importColumnSchema>;

export const previewRowSchema = z.object({
  /** The row's number in the file, the header being row 1 (as a spreadsheet numbers it). */
  row: z.int(),
  /** Whether the row makes a new customer or merges into one already known (or one made by an earlier row). */
  action: z.enum(["create", "merge"]),
  name: z.string(),
  email: z.string(),
  /** E.164. */
  phone: z.string(),
  notes: z.string(),
  marketingConsent: z.boolean(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const customerImportResultSchema = z.object({
  /** Rows read after the header. */
  rows: z.int(),
  create: z.int(),
  merge: z.int(),
  skip: z.array(z.object({ row: z.int(), reason: z.string() })),
  /** The first rows as they would be (or were) saved. */
  preview: z.array(previewRowSchema),
  /** How each column was read. */
  columns: z.array(importColumnSchema),
  dryRun: z.boolean(),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;
