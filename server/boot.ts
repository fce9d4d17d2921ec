import type { Server } from "node:http";
import type { Express } from "express";
import type { AppContext } from "~/context";
import { migrateToLatest, openDatabase, type Db } from "~/db/client.server";
import { seedDemoContent } from "~/db/seed/seed.server";
import { ensureAdminAccount, pruneExpiredSessions } from "~/features/auth/auth.server";
import { createMailer } from "~/lib/mailer.server";
import { pruneEvents } from "~/lib/rate-limit.server";
import type { Config } from "./config";

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated. */
export async function openAppDatabase(config: Config) {
  const db = openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "sqlite", file: `${config.dataDir}/barber.sqlite` },
  );
  await migrateToLatest(db);
  return db;
}

/** Opens and migrates the database, creates the admin on first start and seeds an empty shop. */
export async function createAppContext(config: Config): Promise<AppContext> {
  const db = await openAppDatabase(config);

  const admin = await ensureAdminAccount(db, config.admin.username, config.admin.password);
  if (admin.generatedPassword) {
    console.log(
      [
        "",
        "  An admin account was created. Sign in at /admin with:",
        `    username: ${config.admin.username}`,
        `    password: ${admin.generatedPassword}`,
        "  This password is shown only once. Change it with `npm run admin:reset-password`.",
        "",
      ].join("\n"),
    );
  } else if (admin.created) {
    console.log(`Admin account "${config.admin.username}" created from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  }

  if (config.seedDemoContent && (await seedDemoContent(db, config.uploadsDir))) {
    console.log("Demo content seeded into the empty database.");
  }
  return { db, config, mailer: createMailer(config.mail.smtpUrl, config.mail.from) };
}

/**
 * Serves `app` until SIGTERM or SIGINT, keeping the session and rate-limit tables tidy meanwhile.
 * On a signal it stops taking connections, lets requests in flight finish, then closes the database.
 */
export async function serve(app: Express, ctx: AppContext, afterClose?: () => Promise<void>) {
  const server = await listen(app, ctx.config);
  const housekeeping = startHousekeeping(ctx.db);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    clearInterval(housekeeping);
    server.close(async () => {
      await ctx.db.destroy();
      await afterClose?.();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
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
    Promise.all([pruneExpiredSessions(db), pruneEvents(db)]).catch((error: Error) =>
      console.error(`Housekeeping failed: ${error.message}`),
    );
  void tidy();
  return setInterval(tidy, 60 * 60 * 1000).unref();
}
