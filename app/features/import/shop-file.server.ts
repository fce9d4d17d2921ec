import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";
import { isPostgres } from "~/db/dialect";
import { recordAudit } from "~/features/audit/index.server";
import { GIFT_CODE_PURPOSE } from "~/features/gift-cards/index.server";
import { MANAGE_TOKEN_PURPOSE } from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { badRequest, conflict } from "~/lib/http-error";
import { decryptSecret, encryptSecret, type SecretKeySource } from "~/lib/secret-box.server";

/*
 * The whole shop in one open file and back (issue 35, decision 053, docs/export.md): one JSON document with a
 * format name and version, a manifest of counts, and every table of the shop's data as rows with the database's
 * own column names (ids kept, so every reference between rows holds). What belongs to one install — admin
 * accounts and sessions, secrets, the job queue, rate limits, sign-in links, calendar feed tokens, the audit log
 * — stays behind.
 */

export const SHOP_FILE_FORMAT = "oldham-barbers-shop";
export const SHOP_FILE_VERSION = 1;

type TableName = keyof Database;

/** The tables a shop file carries, each after the tables its rows point to (the order they are loaded in). */
export const SHOP_TABLES = [
  "shop_settings",
  "payment_settings",
  "opening_hours",
  "closures",
  "bank_holidays_open",
  "services",
  "products",
  "faqs",
  "blog_posts",
  "media",
  "gallery_categories",
  "gallery_items",
  "barbers",
  "team_members",
  "team_member_services",
  "team_member_hours",
  "team_member_time_off",
  "team_blocks",
  "customers",
  "contact_submissions",
  "text_opt_outs",
  "booking_slots",
  "bookings",
  "booking_services",
  "booking_series_gaps",
  "booking_payments",
  "payment_refunds",
  "money_movements",
  "payment_events",
  "text_messages",
  "waitlist_entries",
  "waitlist_entry_services",
  "queue_entries",
  "queue_entry_services",
  "sale_counters",
  "sales",
  "sale_lines",
  "sale_payments",
  "sale_refunds",
  "till_days",
  "gift_card_settings",
  "gift_card_amounts",
  "gift_cards",
  "gift_card_purchases",
  "gift_card_movements",
  "membership_plans",
  "membership_plan_services",
  "memberships",
  "membership_visits",
] as const satisfies readonly TableName[];
type ShopTable = (typeof SHOP_TABLES)[number];

/** What stays with the install, and why (docs/export.md lists them). */
export const INSTALL_TABLES = {
  content_version: "a cache counter",
  users: "admin accounts and password hashes",
  sessions: "sign-ins",
  recovery_codes: "two-factor recovery codes",
  pending_logins: "sign-ins half done",
  rate_limit_events: "rate limits",
  rate_limit_locks: "rate limits",
  mail_settings: "the SMTP server and its password",
  calendar_feeds: "feed tokens (the team makes new ones)",
  jobs: "the job queue (mails and reminders already sent or due)",
  customer_sign_in_links: "customers' one-time sign-in links",
  customer_sessions: "customers' sign-ins",
  audit_log: "what this install's admins did",
  review_requests: "review mails this install sent (they point to its job queue)",
  terminal_readers: "card readers registered with this install's Stripe account (its keys stay behind too)",
  terminal_locations: "the Stripe Terminal location of this install's Stripe account",
} satisfies Record<Exclude<TableName, ShopTable>, string>;

/** Columns that hold a secret of the install: never exported, and a loaded file leaves the install's own. */
const SECRET_COLUMNS: Partial<Record<ShopTable, readonly string[]>> = {
  payment_settings: ["stripe_secret_key_sealed", "stripe_webhook_secret_sealed"],
};

/** Tables of one row (id 1) that a fresh install already has: a loaded file updates the row instead. */
const SINGLE_ROW_TABLES = new Set<ShopTable>(["shop_settings", "payment_settings", "sale_counters"]);

const withoutSecrets = (table: ShopTable, row: Record<string, unknown>) => {
  const secret = SECRET_COLUMNS[table];
  if (!secret) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !secret.includes(column)));
};

/**
 * Columns sealed with the install's SECRET_KEY (decision 043), which another install cannot open: the file carries
 * each value in the clear under the column's name without `_sealed`, and the loading install seals it with its own
 * key — so a moved shop's gift card codes still show to the owner and its mails still carry the manage links.
 */
const SEALED_COLUMNS: Partial<Record<ShopTable, Record<string, string>>> = {
  bookings: { manage_token_sealed: MANAGE_TOKEN_PURPOSE },
  booking_payments: { manage_token_sealed: MANAGE_TOKEN_PURPOSE },
  gift_cards: { code_sealed: GIFT_CODE_PURPOSE },
};
const clearColumn = (column: string) => column.replace(/_sealed$/, "");

/** A row as the file holds it: the sealed columns opened (null where nothing was sealed). */
function opened(table: ShopTable, row: Record<string, unknown>, keys: SecretKeySource) {
  const columns = Object.entries(SEALED_COLUMNS[table] ?? {});
  if (columns.length === 0) return row;
  const copy = { ...row };
  for (const [column, purpose] of columns) {
    const value = copy[column];
    delete copy[column];
    copy[clearColumn(column)] = typeof value === "string" ? decryptSecret(keys, purpose, value) : null;
  }
  return copy;
}

/** A row of the file as this install keeps it: the clear columns sealed with its own key. */
function sealed(table: ShopTable, row: Record<string, unknown>, keys: SecretKeySource) {
  const columns = Object.entries(SEALED_COLUMNS[table] ?? {});
  if (columns.length === 0) return row;
  const copy = { ...row };
  for (const [column, purpose] of columns) {
    const value = copy[clearColumn(column)];
    delete copy[clearColumn(column)];
    copy[column] = typeof value === "string" ? encryptSecret(keys, purpose, value) : null;
  }
  return copy;
}

// Every table is read and written by name here: the file is the database's own rows, whatever the table.
const rowsOf = (db: Db, table: ShopTable) =>
  db
    .selectFrom(table as "services")
    .selectAll()
    .execute() as Promise<Record<string, unknown>[]>;

/**
 * Writes the whole shop as one JSON document, a table at a time (the rows of one table in memory at once), from
 * one consistent reading of the database. `write` sends each piece (the response).
 */
export async function exportShop(db: Db, keys: SecretKeySource, write: (text: string) => void, now: Date = clockNow()) {
  await db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const counts = await Promise.all(
        SHOP_TABLES.map(async (table) => {
          const { n } = await trx
            .selectFrom(table as "services")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          return [table, Number(n)] as const;
        }),
      );
      const head = {
        format: SHOP_FILE_FORMAT,
        version: SHOP_FILE_VERSION,
        exportedAt: now.toISOString(),
        manifest: Object.fromEntries(counts),
      };
      write(`${JSON.stringify(head).slice(0, -1)},"tables":{`);
      for (const [index, table] of SHOP_TABLES.entries()) {
        write(`${index === 0 ? "" : ","}\n${JSON.stringify(table)}:[`);
        const rows = await rowsOf(trx, table);
        rows.forEach((row, at) => {
          write(`${at === 0 ? "" : ","}\n${JSON.stringify(opened(table, withoutSecrets(table, row), keys))}`);
        });
        write("]");
      }
      write("}}\n");
    });
}

export interface ShopFile {
  format: string;
  version: number;
  manifest: Record<string, number>;
  tables: Record<string, Record<string, unknown>[]>;
}

/** The file read and checked against its own manifest; a 400 says what is wrong with it. */
export function readShopFile(bytes: Uint8Array): ShopFile {
  let file: ShopFile;
  try {
    file = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as ShopFile;
  } catch {
    throw badRequest("The file is not a shop export: it is not JSON.");
  }
  if (file?.format !== SHOP_FILE_FORMAT)
    throw badRequest(`The file is not a shop export (format "${SHOP_FILE_FORMAT}").`);
  if (file.version !== SHOP_FILE_VERSION) {
    throw badRequest(
      `The file is version ${String(file.version)} of the format; this install reads version ${SHOP_FILE_VERSION}.`,
    );
  }
  if (typeof file.tables !== "object" || file.tables === null) throw badRequest("The file has no tables.");
  for (const [table, rows] of Object.entries(file.tables)) {
    if (!(SHOP_TABLES as readonly string[]).includes(table))
      throw badRequest(`The file has an unknown table "${table}".`);
    if (!Array.isArray(rows) || rows.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
      throw badRequest(`The file's table "${table}" is not a list of rows.`);
    }
    if (file.manifest?.[table] !== rows.length) {
      throw badRequest(
        `The file's table "${table}" has ${rows.length} rows; its manifest says ${String(file.manifest?.[table])}.`,
      );
    }
  }
  return file;
}

/** How many rows one insert carries. */
const INSERT_BATCH = 200;

/**
 * Loads a shop file into this install, in one transaction: refused (409) once the shop has bookings or
 * customers, since the file's would mix with them. What a fresh install seeded (services, FAQs, the team, …)
 * gives way to the file's; the install keeps its secrets. Answers the rows loaded per table.
 */
export async function importShop(
  db: Db,
  keys: SecretKeySource,
  file: ShopFile,
  actor: { id: number; username: string },
): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    for (const table of ["bookings", "customers"] as const) {
      const found = await trx.selectFrom(table).select("id").limit(1).executeTakeFirst();
      if (found) throw conflict("This shop already has bookings or customers: a shop file loads only into a new shop.");
    }
    for (const table of SHOP_TABLES.toReversed()) {
      if (!SINGLE_ROW_TABLES.has(table)) await trx.deleteFrom(table as "services").execute();
    }
    const counts: Record<string, number> = {};
    for (const table of SHOP_TABLES) {
      const rows = (file.tables[table] ?? []).map((row) => sealed(table, withoutSecrets(table, row), keys));
      counts[table] = rows.length;
      await loadTable(trx, table, rows);
    }
    await recordAudit(trx, {
      actor,
      kind: "shop",
      action: "import shop",
      targetId: null,
      targetLabel: `${counts.customers} customers, ${counts.bookings} bookings, ${counts.services} services`,
    });
    return counts;
  });
}

async function loadTable(trx: Db, table: ShopTable, rows: Record<string, unknown>[]) {
  try {
    if (SINGLE_ROW_TABLES.has(table)) {
      // The install's row keeps what the file has not (its secrets); an install that never saved its own has none.
      for (const { id, ...row } of rows) {
        const updated = await trx
          .updateTable(table as "shop_settings")
          .set(row)
          .where("id", "=", id as number)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          await trx
            .insertInto(table as "shop_settings")
            .values({ id, ...row } as never)
            .execute();
        }
      }
      return;
    }
    for (let from = 0; from < rows.length; from += INSERT_BATCH) {
      await trx
        .insertInto(table as "services")
        .values(rows.slice(from, from + INSERT_BATCH) as never)
        .execute();
    }
  } catch (error) {
    throw badRequest(`The file's table "${table}" does not fit this install: ${(error as Error).message}`);
  }
  // PostgreSQL's id sequences do not follow ids written by hand: the next new row must come after the file's.
  // Only where the id is a serial number: some tables' ids are Stripe's (payment events), not a sequence's.
  if (isPostgres(trx) && rows.length > 0 && "id" in rows[0]!) {
    const { rows: found } = await sql<{ sequence: string | null }>`
      select pg_get_serial_sequence(${table}, 'id') as sequence`.execute(trx);
    const sequence = found[0]?.sequence;
    if (sequence) {
      await sql`select setval(${sequence}, (select max(id) from ${sql.table(table)}))`.execute(trx);
    }
  }
}
