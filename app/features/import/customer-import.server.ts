import type { Db } from "~/db/client.server";
import { e164Phone } from "~/db/customer-phone";
import { recordAudit } from "~/features/audit/index.server";
import { bookingRequestSchema } from "~/features/booking";
import { addImportedDetails, customerIdFor, customerMatchKeys } from "~/features/customer-identity/index.server";
import { customerKey, NOTES_MAX } from "~/features/customers";
import { clockNow } from "~/lib/clock";
import { badRequest } from "~/lib/http-error";
import { shopToday } from "~/lib/shop-time";
import { CsvError, parseCsv } from "./csv";
import {
  detectedField,
  IMPORT_MAX_ROWS,
  PREVIEW_ROWS,
  type ColumnMapping,
  type CustomerField,
  type CustomerImportResult,
  type ImportColumn,
  type PreviewRow,
} from "./import.schema";

/*
 * A client list imported into the customers (decision 048): each row is read through the columns' mapping,
 * checked with the booking form's own rules for a name and an e-mail, its phone normalised as the customer rows
 * keep it, and planned as a new customer or a merge (by address, else by phone, as the customers feature finds
 * people) against the shop's customers and the file's earlier rows. A dry run answers the plan; an import writes
 * it through the customers feature's find-or-create, all in one transaction with its audit entry.
 */

export interface ClientFile {
  name: string;
  bytes: Uint8Array;
}

const { customerName, customerEmail, customerPhone } = bookingRequestSchema.shape;

/** How each column is read: the owner's choice where given, else what its header says. */
function columnsOf(headers: string[], mapping: ColumnMapping): ImportColumn[] {
  const unknown = Object.keys(mapping).find((header) => !headers.includes(header));
  if (unknown !== undefined) throw badRequest(`The file has no column "${unknown}" to map`);
  return headers.map((header) => ({ header, field: mapping[header] ?? detectedField(header) }));
}

/** "Yes", "true" or "1", nothing vaguer: consent is never assumed. */
const PLAIN_YES = /^(yes|true|1)$/i;

const oneLineText = (value: string) => value.replace(/\s+/g, " ").trim();
/** Notes keep their line breaks (as LF) and tabs; other control characters have no place in them. */
const notesText = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/(?![\t\n])[\p{Cc}\u2028\u2029]/gu, "")
    .trim();

type ReadRow = { skip: string } | Omit<PreviewRow, "action" | "row">;

/** One row as it would be saved, or why it cannot be. */
function readRow(values: string[], columns: ImportColumn[]): ReadRow {
  const first = (field: CustomerField) =>
    columns.map((column, index) => (column.field === field ? values[index]!.trim() : "")).find(Boolean) ?? "";
  const name = oneLineText(first("name") || `${first("firstName")} ${first("lastName")}`);
  const rawEmail = first("email");
  const rawPhone = first("phone");
  const email = rawEmail && customerEmail.safeParse(rawEmail).success ? rawEmail : "";
  const phone = rawPhone ? e164Phone(rawPhone) : "";
  const validPhone = phone !== "" && customerPhone.safeParse(phone).success ? phone : "";
  if (!email && !validPhone) {
    const reasons = [
      rawEmail ? `the e-mail address "${rawEmail}" is not valid` : "no e-mail address",
      rawPhone ? `the phone number "${rawPhone}" is not a valid UK number` : "no phone number",
    ];
    return { skip: `Neither a valid e-mail nor a valid phone: ${reasons.join(" and ")}` };
  }
  if (name) {
    const checked = customerName.safeParse(name);
    if (!checked.success) return { skip: checked.error.issues[0]!.message };
  }
  return {
    name,
    email,
    phone: validPhone,
    notes: notesText(first("notes")).slice(0, NOTES_MAX),
    marketingConsent: PLAIN_YES.test(first("marketingConsent")),
  };
}

/**
 * The plan for every row: skipped with a reason, or made or merged, as the customers feature's find-or-create
 * would find them (`known`: the shop's customers' address keys and phones).
 */
function plan(rows: string[][], columns: ImportColumn[], known: { email_key: string | null; phone: string }[]) {
  const emails = new Set(known.flatMap((customer) => (customer.email_key ? [customer.email_key] : [])));
  const phones = new Set(known.map((customer) => customer.phone).filter(Boolean));
  const planned: PreviewRow[] = [];
  const skip: CustomerImportResult["skip"] = [];
  rows.forEach((values, index) => {
    const row = index + 2;
    const read = readRow(values, columns);
    if ("skip" in read) {
      skip.push({ row, reason: read.skip });
      return;
    }
    const key = read.email ? customerKey(read.email) : "";
    const merges = key ? emails.has(key) : phones.has(read.phone);
    if (key) emails.add(key);
    if (read.phone) phones.add(read.phone);
    planned.push({ row, action: merges ? "merge" : "create", ...read });
  });
  return { planned, skip };
}

function readFile(file: ClientFile) {
  try {
    return parseCsv(file.bytes, IMPORT_MAX_ROWS);
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(error.message);
    throw error;
  }
}

export interface ImportOptions {
  mapping: ColumnMapping;
  dryRun: boolean;
  actor: { id: number; username: string };
  now?: Date;
}

/**
 * Imports a client file, or with `dryRun` only says what importing it would do. The import is one transaction
 * with its audit entry (the file's name and the counts, never its contents): any failure saves nothing.
 */
export async function importCustomers(db: Db, file: ClientFile, options: ImportOptions): Promise<CustomerImportResult> {
  const { headers, rows } = readFile(file);
  const columns = columnsOf(headers, options.mapping);
  const now = options.now ?? clockNow();
  const answer = ({ planned, skip }: ReturnType<typeof plan>): CustomerImportResult => ({
    rows: rows.length,
    create: planned.filter((row) => row.action === "create").length,
    merge: planned.filter((row) => row.action === "merge").length,
    skip,
    preview: planned.slice(0, PREVIEW_ROWS),
    columns,
    dryRun: options.dryRun,
  });
  if (options.dryRun) return answer(plan(rows, columns, await customerMatchKeys(db)));

  const source = `imported from ${file.name} on ${shopToday(now)}`;
  return db.transaction().execute(async (trx) => {
    const planned = plan(rows, columns, await customerMatchKeys(trx));
    const result = answer(planned);
    for (const row of planned.planned) {
      const contact = { customerName: row.name, customerEmail: row.email, customerPhone: row.phone };
      const id = await customerIdFor(trx, contact, source, now);
      if (id === null) throw new Error(`Import row ${row.row} named nobody`);
      await addImportedDetails(
        trx,
        id,
        { notes: row.notes, marketingConsentSource: row.marketingConsent ? source : null },
        now,
      );
    }
    await recordAudit(trx, {
      actor: options.actor,
      kind: "customers",
      action: "import customers",
      targetId: null,
      targetLabel: `${file.name}: ${result.rows} rows, ${result.create} new, ${result.merge} merged, ${result.skip.length} skipped`,
    });
    return result;
  });
}
