import type { Server } from "node:http";
import type { Express } from "express";
import type { AppContext } from "~/context";
import { migrateToLatest, openDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/db/seed/seed.server";
import { ensureAdminAccount } from "~/features/auth/auth.server";
import { createMailer } from "~/lib/mailer.server";
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

/** Stops taking connections, lets requests in flight finish, then closes the database. */
export function shutDownGracefully(server: Server, ctx: AppContext, afterClose?: () => Promise<void>) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
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

export function listen(app: Express, config: Config): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(config.port, config.host, () => {
      console.log(`Oldham Barbers is running at ${config.publicUrl}`);
      resolve(server);
    });
  });
}
