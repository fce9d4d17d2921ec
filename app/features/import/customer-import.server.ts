import type { Db } from "~/db/client.server";
import { e164Phone } from "~/db/customer-phone";
import { withSavepoints } from "~/db/savepoints.server";
import { recordAudit } from "~/features/audit/index.server";
import { bookingRequestSchema } from "~/features/booking";
import { CustomerBatch } from "~/features/customer-identity/index.server";
import { NOTES_MAX } from "~/features/customers";
import { clockNow } from "~/lib/clock";
import { shopToday } from "~/lib/shop-time";
import {
  chunks,
  columnsOf,
  firstValue,
  notesText,
  oneLineText,
  readFile,
  readingRows,
  type ClientFile,
} from "./import-rows";
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
 * people) against the shop's customers and the file's earlier rows — a chunk of rows at a time, the customers it
 * may name read in one query per chunk and the chunk written in multi-row inserts before the next is read, all in
 * one transaction with its audit entry. A dry run is the same work rolled back, so its answer is the import's.
 */

const { customerName, customerEmail, customerPhone } = bookingRequestSchema.shape;

/** "Yes", "true" or "1", nothing vaguer: consent is never assumed. */
const PLAIN_YES = /^(yes|true|1)$/i;

type ReadRow = { skip: string } | Omit<PreviewRow, "action" | "row">;

/** One row as it would be saved, or why it cannot be. */
function readRow(values: string[], columns: ImportColumn[]): ReadRow {
  const first = (field: CustomerField) => firstValue(values, columns, field);
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
 * Rows planned and written at once, fewer than a batch may hold (its BATCH_SIZE): a chunk's rows, strings and queries
 * live across its awaits, long enough for the heap to keep them; with 200 rather than 500 the server's peak for a
 * 8.7 MB, 50,000-row file fell from 290–347 MB to 219–239 MB on SQLite (scripts/bench-import.mjs --full).
 */
const CHUNK_ROWS = 200;

/**
 * Reads every row and writes it, a chunk at a time, in the caller's transaction: skipped with a reason, or made or
 * merged, as the customers feature finds people. What an earlier chunk made is already in the transaction, so a
 * later row finds it there like any customer: only one chunk's rows and customers are held at once.
 */
async function importRows(trx: Db, file: ClientFile, mapping: ColumnMapping, source: string, now: Date) {
  const reader = readFile(file, IMPORT_MAX_ROWS);
  const columns = columnsOf(reader.headers, mapping, detectedField);
  const preview: PreviewRow[] = [];
  const skip: CustomerImportResult["skip"] = [];
  const counts = { rows: 0, create: 0, merge: 0 };
  await readingRows(async () => {
    for (const chunk of chunks(reader.rows, CHUNK_ROWS)) {
      const rows = chunk.map((values, index) => ({ row: counts.rows + index + 2, read: readRow(values, columns) }));
      counts.rows += chunk.length;
      const people = rows.flatMap(({ row, read }) => ("skip" in read ? [] : [{ row, ...read }]));
      const batch = new CustomerBatch(trx, now);
      await batch.lookUp(people);
      for (const { row, read } of rows) if ("skip" in read) skip.push({ row, reason: read.skip });
      for (const person of people) {
        const action = batch.add({ ...person, marketingConsentSource: person.marketingConsent ? source : null });
        counts[action]++;
        if (preview.length < PREVIEW_ROWS) preview.push({ ...person, action });
      }
      await batch.write(trx);
    }
  });
  return { ...counts, skip, preview, columns };
}

export interface ImportOptions {
  mapping: ColumnMapping;
  dryRun: boolean;
  actor: { id: number; username: string };
  now?: Date;
}

/**
 * Imports a client file, or with `dryRun` only says what importing it would do: the same work in one transaction
 * with its audit entry (the file's name and the counts, never its contents), committed, or rolled back for a dry
 * run. Any failure saves nothing.
 */
export async function importCustomers(db: Db, file: ClientFile, options: ImportOptions): Promise<CustomerImportResult> {
  const now = options.now ?? clockNow();
  const source = `imported from ${file.name} on ${shopToday(now)}`;
  return withSavepoints(db, { commit: !options.dryRun }, async (trx) => {
    const result = await importRows(trx, file, options.mapping, source, now);
    if (!options.dryRun) {
      await recordAudit(trx, {
        actor: options.actor,
        kind: "customers",
        action: "import customers",
        targetId: null,
        targetLabel: `${file.name}: ${result.rows} rows, ${result.create} new, ${result.merge} merged, ${result.skip.length} skipped`,
      });
    }
    return { ...result, dryRun: options.dryRun };
  });
}
