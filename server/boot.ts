import fs from "node:fs";
import type { Server } from "node:http";
import { sql } from "kysely";
import type { Express } from "express";
import type { AppContext } from "~/context";
import { migrateToLatest, openDatabase, type DatabaseTarget, type Db } from "~/db/client.server";
import { seedDemoContent } from "./seed/seed";
import { ensureAdminAccount, pruneExpiredSessions } from "~/features/auth/auth.server";
import { pruneCustomerSessions } from "~/features/account/account.server";
import { openMediaStorage } from "~/features/media/media-storage.server";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { ensureSettings } from "~/features/settings/settings.server";
import { startClockAt } from "~/lib/clock";
import { mailerFor } from "~/features/settings/mail-settings.server";
import { pruneEvents } from "~/lib/rate-limit.server";
import type { Config } from "~/config.server";
import { trackConnections } from "./connections";
import { startJobs } from "./jobs";
import { resolveLogFormat, applyLogFormat, type LogFormat } from "./log";

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated. */
export async function openAppDatabase(config: Config) {
  const db = openDatabase(databaseTarget(config));
  await migrateToLatest(db);
  return db;
}

function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "sqlite", file: `${config.dataDir}/barber.sqlite` };
}

/** Where the configured database is, for messages: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseLocation(config: Config) {
  const target = databaseTarget(config);
  return target.kind === "sqlite" ? target.file : target.url.replace(/:[^:@/]*@/, ":***@");
}

/**
 * The site's database for a maintenance script: one the site has created already, migrated.
 * A script pointed at the wrong place (no DATA_DIR, a mistyped URL) must not quietly start a
 * new, empty database and report success, so a missing one is an error naming where it looked.
 */
export async function openExistingAppDatabase(config: Config) {
  const target = databaseTarget(config);
  const missing = (reason?: string) =>
    new Error(
      `No site database at ${databaseLocation(config)}${reason ? ` (${reason})` : ""}: set DATA_DIR or DATABASE_URL (in .env or the environment) to the site's, or start the site once to create it.`,
    );
  if (target.kind === "sqlite" && !fs.existsSync(target.file)) throw missing();
  const db = openDatabase(target);
  const failure = await sql`select 1 from kysely_migration limit 1`.execute(db).then(
    () => null,
    (error: Error) => error,
  );
  if (failure) {
    await db.destroy();
    throw missing(failure.message);
  }
  await migrateToLatest(db);
  return db;
}

/** The context, with what the first start must tell the owner once the server is listening. */
export interface StartedContext extends AppContext {
  /** Its lines, printed by `printNotice`. */
  firstStartNotice?: string[];
}

/** Lines in a frame that stands out from the rest of the start-up output. */
function boxed(lines: string[]) {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "═".repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${rule}╝`].join("\n");
}

/** Opens and migrates the database, creates the admin on first start and seeds an empty shop. */
export async function createAppContext(config: Config): Promise<StartedContext> {
  applyLogFormat(resolveLogFormat(config));
  if (config.testClockStart) {
    startClockAt(config.testClockStart);
    console.warn(
      `The shop's clock starts at ${config.testClockStart.toISOString()} (TEST_CLOCK_START): for tests only.`,
    );
  }
  const db = await openAppDatabase(config);

  // BOOKING_CANCEL_NOTICE_HOURS only seeds the first settings; from then on the owner edits the notice.
  await ensureSettings(db, { ...DEFAULT_SETTINGS, cancellationNoticeHours: config.bookingCancelNoticeHours });

  const admin = await ensureAdminAccount(db, config.admin.username, config.admin.password);
  let firstStartNotice: string[] | undefined;
  if (admin.generatedPassword) {
    firstStartNotice = [
      "An admin account was created. Sign in at",
      `  ${config.publicUrl}/admin`,
      `  username: ${config.admin.username}`,
      `  password: ${admin.generatedPassword}`,
      "This password is shown only once.",
      "Change it with: npm run admin:reset-password",
    ];
  } else if (admin.created) {
    console.log(`Admin account "${config.admin.username}" created from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  }

  const storage = await openMediaStorage(config.mediaStorage);
  if (config.seedDemoContent && (await seedDemoContent(db, storage))) {
    console.log("Demo content seeded into the empty database.");
  }
  const mailer = mailerFor(db, config);
  await mailer.refresh();
  return { db, config, storage, mailer, firstStartNotice };
}

/** Within Docker's and Kubernetes' default grace of 10 s, so the process ends its own way, not by SIGKILL. */
const SHUTDOWN_LIMIT_MS = 9_000;

/**
 * Serves `app` until SIGTERM or SIGINT, keeping the session and rate-limit tables tidy and running
 * queued jobs meanwhile. On a signal it stops listening (new connections are refused, /readyz answers
 * 503), answers every request on the connections it had accepted with `Connection: close` (trackConnections),
 * claims no further job, lets requests and the job in flight finish, then closes the database and exits; past SHUTDOWN_LIMIT_MS it exits anyway
 * (a job cut short runs again when its lease ends).
 */
export async function serve(app: Express, ctx: StartedContext, afterClose?: () => Promise<void>) {
  const server = await listen(app, ctx.config);
  const connections = trackConnections(server);
  // Last, so the one-time password is not scrolled away by other start-up lines.
  if (ctx.firstStartNotice) printNotice(ctx.firstStartNotice, resolveLogFormat(ctx.config));
  const housekeeping = startHousekeeping(ctx.db);
  const jobs = await startJobs(ctx);
  const stop = (signal: string) => {
    if (app.locals.shuttingDown) return;
    app.locals.shuttingDown = true;
    console.log(`${signal} received: finishing requests and the job in flight, then stopping.`);
    setTimeout(() => {
      console.error(`Still busy ${SHUTDOWN_LIMIT_MS / 1000} s after ${signal}: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    clearInterval(housekeeping);
    void Promise.all([connections.drain(), jobs.stop()]).then(async () => {
      await ctx.db.destroy();
      await afterClose?.();
      console.log("Stopped.");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * What the owner must read once: in a frame on a terminal; where the output is JSON lines for a log system
 * (Docker, systemd), one entry per line, each readable as it stands, since a frame of several lines would
 * arrive as one string of escaped line breaks.
 */
export function printNotice(lines: string[], logFormat: LogFormat) {
  if (logFormat === "json") for (const line of lines) console.log(line.trim());
  else console.log(`\n${boxed(lines)}\n`);
}

function listen(app: Express, config: Config): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(config.port, config.host, () => {
      console.log(`Oldham Barbers is running at ${config.publicUrl}`);
      resolve(server);
    });
  });
}

/** Deletes expired sessions and day-old rate-limit events at start and then hourly, so neither table only grows. */
function startHousekeeping(db: Db) {
  const tidy = () =>
    Promise.all([pruneExpiredSessions(db), pruneCustomerSessions(db), pruneEvents(db)]).catch((error: Error) =>
      console.error(`Housekeeping failed: ${error.message}`),
    );
  void tidy();
  return setInterval(tidy, 60 * 60 * 1000).unref();
}
