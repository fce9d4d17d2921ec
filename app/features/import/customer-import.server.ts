import type { Db } from "~/db/client.server";
import { e164Phone } from "~/db/customer-phone";
import { recordAudit } from "~/features/audit/index.server";
import { bookingRequestSchema } from "~/features/booking";
import { BATCH_SIZE, CustomerBatch } from "~/features/customer-identity/index.server";
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
 * may name read in one query per chunk. A dry run answers the plan; an import writes it in multi-row inserts, all
 * in one transaction with its audit entry.
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
 * Reads and plans every row, a chunk at a time: skipped with a reason, or made or merged, as the customers feature
 * finds people. The batch then holds what to write.
 */
async function plan(db: Db, file: ClientFile, mapping: ColumnMapping, source: string, now: Date) {
  const reader = readFile(file, IMPORT_MAX_ROWS);
  const columns = columnsOf(reader.headers, mapping, detectedField);
  const batch = new CustomerBatch(db, now);
  const preview: PreviewRow[] = [];
  const skip: CustomerImportResult["skip"] = [];
  const counts = { rows: 0, create: 0, merge: 0 };
  await readingRows(async () => {
    for (const chunk of chunks(reader.rows, BATCH_SIZE)) {
      const rows = chunk.map((values, index) => ({ row: counts.rows + index + 2, read: readRow(values, columns) }));
      counts.rows += chunk.length;
      const people = rows.flatMap(({ row, read }) => ("skip" in read ? [] : [{ row, ...read }]));
      await batch.lookUp(people);
      for (const { row, read } of rows) if ("skip" in read) skip.push({ row, reason: read.skip });
      for (const person of people) {
        const action = batch.add({ ...person, marketingConsentSource: person.marketingConsent ? source : null });
        counts[action]++;
        if (preview.length < PREVIEW_ROWS) preview.push({ ...person, action });
      }
    }
  });
  return { batch, result: { ...counts, skip, preview, columns } };
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
  const now = options.now ?? clockNow();
  const source = `imported from ${file.name} on ${shopToday(now)}`;
  if (options.dryRun) {
    const { result } = await plan(db, file, options.mapping, source, now);
    return { ...result, dryRun: true };
  }
  return db.transaction().execute(async (trx) => {
    const { batch, result } = await plan(trx, file, options.mapping, source, now);
    await batch.write(trx);
    await recordAudit(trx, {
      actor: options.actor,
      kind: "customers",
      action: "import customers",
      targetId: null,
      targetLabel: `${file.name}: ${result.rows} rows, ${result.create} new, ${result.merge} merged, ${result.skip.length} skipped`,
    });
    return { ...result, dryRun: false };
  });
}
