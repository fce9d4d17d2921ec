import { z } from "zod";
import {
  fieldByHeader,
  mappingFieldOf,
  mappingOf,
  PERSON_FIELD_LABELS,
  PERSON_FIELDS,
  PERSON_HEADERS,
} from "./import-columns.schema";

/* Importing a client list: the columns a file's headers are read as, and what an import answers. */

export const CUSTOMER_FIELDS = [...PERSON_FIELDS, "marketingConsent", "ignore"] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export const CUSTOMER_FIELD_LABELS: Record<CustomerField, string> = {
  ...PERSON_FIELD_LABELS,
  marketingConsent: "Marketing consent",
};

/** The most a client file may hold. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const FILE_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it and import each part.`;
/** How many of the rows as they would be saved an answer shows. */
export const PREVIEW_ROWS = 20;

/**
 * A client's headers as the usual exports write them. Any other column (a date of birth, an address, a client
 * number, visit counts) is left out unless the owner maps it.
 */
export const detectedField = fieldByHeader<CustomerField>({
  ...PERSON_HEADERS,
  clientnotes: "notes",
  customernotes: "notes",
  acceptsmarketing: "marketingConsent",
  acceptsmarketingnotifications: "marketingConsent",
  acceptsemailmarketing: "marketingConsent",
  marketingconsent: "marketingConsent",
  marketingoptin: "marketingConsent",
  agreedtomarketing: "marketingConsent",
});

export const mappingSchema = mappingOf(CUSTOMER_FIELDS, '{"Mobile": "phone"}');
export type ColumnMapping = z.infer<typeof mappingSchema>;

/** The `mapping` field: JSON text of the columns the owner changed; absent or empty keeps the detected ones. */
export const mappingFieldSchema = mappingFieldOf(mappingSchema);

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
