import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Migration,
  type SqliteDatabase,
} from "kysely";
import { LRUCache } from "lru-cache";
import { createRequire } from "node:module";
import type PgModule from "pg";
import type { Database } from "./database";
import * as initial from "./migrations/001-initial";
import * as contentVersion from "./migrations/002-content-version";
import * as settings from "./migrations/003-settings";
import * as adminAccounts from "./migrations/004-admin-accounts";
import * as team from "./migrations/005-team";
import * as jobs from "./migrations/006-jobs";
import * as reschedule from "./migrations/007-reschedule";
import * as rateLimitLocks from "./migrations/008-rate-limit-locks";
import * as mailSettings from "./migrations/011-mail-settings";
import * as bookedTimeExclusion from "./migrations/012-booked-time-exclusion";
import * as calendar from "./migrations/013-calendar";
import * as customerAccounts from "./migrations/014-customer-accounts";
import * as payments from "./migrations/015-payments";
import * as waitlist from "./migrations/016-waitlist";
import * as bookingSeries from "./migrations/017-booking-series";
import * as waitlistClaimedBooking from "./migrations/018-waitlist-claimed-booking";
import * as moneyMovements from "./migrations/019-money-movements";
import * as customers from "./migrations/020-customers";
import * as messagesById from "./migrations/022-messages-by-id";
import * as bankHolidaysOpen from "./migrations/023-bank-holidays-open";
import * as teamPay from "./migrations/025-team-pay";
import * as walkInQueue from "./migrations/026-walk-in-queue";
import * as till from "./migrations/027-till";
import * as giftCards from "./migrations/029-gift-cards";
import * as memberships from "./migrations/030-memberships";
import * as tillGiftCards from "./migrations/031-till-gift-cards";
import * as salesPaidAt from "./migrations/032-sales-paid-at";
import * as teamScheduleVersion from "./migrations/033-team-schedule-version";
import * as contentVersionOncePerTransaction from "./migrations/034-content-version-once-per-transaction";
import * as slotsVersion from "./migrations/035-slots-version";

export type Db = Kysely<Database>;

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

const requireModule = createRequire(import.meta.url);

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === "postgres") {
    // Loaded only for PostgreSQL, so an SQLite server does not carry pg in memory.
    const pg = requireModule("pg") as typeof PgModule;
    // PostgreSQL returns bigint (count(*)) as text; every count we take fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (a restart, a failover) must not crash the process: the
    // pool discards it and the next query opens a fresh one.
    pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.file !== ":memory:") keepToOwner(target.file);
  const sqlite = new SQLite(target.file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a write that was answered survives a power cut, not only a process crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite) });
}

/**
 * The database holds customers' details and the admins' password hashes: readable by the server's user
 * alone. SQLite creates its WAL and shared-memory files with the main file's permissions, so creating
 * that one 0600 (or narrowing an older one) covers all three.
 */
function keepToOwner(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.closeSync(fs.openSync(file, "a", 0o600));
  for (const companion of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(companion)) fs.chmodSync(companion, 0o600);
  }
}

/*
 * A deferred transaction that reads first and writes later cannot wait for another process's
 * write: SQLite answers "database is locked" at once instead of calling the busy handler. A
 * transaction that takes the write lock when it begins waits its turn (busy_timeout) like any
 * other write, so a script or a second process beside the server never fails a booking.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/*
 * Kysely prepares every statement again each time it runs one; preparing costs SQLite about 40 µs, running a
 * prepared lookup about 1 µs, and the profile of a booking (scripts/bench-throughput) spent an eighth of the
 * server's time preparing. The queries are few and their text fixed (values are bound), so the prepared
 * statements are kept by their SQL. better-sqlite3 runs each one to the end before it returns (the app never
 * streams), so one statement is never busy when asked for again; SQLite re-prepares it after a schema change.
 */
const PREPARED_STATEMENTS = 500;

function withPreparedStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: PREPARED_STATEMENTS });
  return {
    close: () => database.close(),
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(sqlite: SQLite.Database) {
    const database = withPreparedStatements(sqlite);
    super({ database });
    this.#database = database;
  }

  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

const migrations: Record<string, Migration> = {
  "001-initial": initial,
  "002-content-version": contentVersion,
  "003-settings": settings,
  "004-admin-accounts": adminAccounts,
  "005-team": team,
  "006-jobs": jobs,
  "007-reschedule": reschedule,
  "008-rate-limit-locks": rateLimitLocks,
  "011-mail-settings": mailSettings,
  "012-booked-time-exclusion": bookedTimeExclusion,
  "013-calendar": calendar,
  "014-customer-accounts": customerAccounts,
  "015-payments": payments,
  "016-waitlist": waitlist,
  "017-booking-series": bookingSeries,
  "018-waitlist-claimed-booking": waitlistClaimedBooking,
  "019-money-movements": moneyMovements,
  "020-customers": customers,
  "022-messages-by-id": messagesById,
  "023-bank-holidays-open": bankHolidaysOpen,
  "025-team-pay": teamPay,
  "026-walk-in-queue": walkInQueue,
  "027-till": till,
  "029-gift-cards": giftCards,
  "030-memberships": memberships,
  "031-till-gift-cards": tillGiftCards,
  "032-sales-paid-at": salesPaidAt,
  "033-team-schedule-version": teamScheduleVersion,
  "034-content-version-once-per-transaction": contentVersionOncePerTransaction,
  "035-slots-version": slotsVersion,
};

const migratorFor = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** The names of the migrations this code knows that the database has not run (another instance may be mid-upgrade). */
export async function pendingMigrations(db: Db) {
  return (await migratorFor(db).getMigrations()).filter((migration) => !migration.executedAt).map((m) => m.name);
}

/** Runs the migrations up to `name` (all of them by default); a test builds a database of an older release with it. */
export async function migrateToLatest(db: Db, name?: string) {
  const migrator = migratorFor(db);
  const { error, results } = await (name === undefined ? migrator.migrateToLatest() : migrator.migrateTo(name));
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
