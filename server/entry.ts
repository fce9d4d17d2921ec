import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import * as build from "virtual:react-router/server-build";
import { loadUser } from "./load-user";
import { auditAdminWrites, describeAdminPageRequest } from "./audit";
import { createAppContext, serve } from "./boot";
import { ConfigError, readConfig } from "./config";
import { createHttpApp } from "./http";
import { resolveLogFormat, applyLogFormat } from "./log";
import { createPagesHandler } from "./pages";
import { ResponseCache } from "./response-cache";

/* The production server: this file is the entry of the SSR bundle (build/server/index.js). */

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

export interface StartOptions {
  /** Runs after the server has closed on SIGTERM/SIGINT (the test server drops its database here). */
  afterClose?: () => Promise<void>;
}

export async function start(options: StartOptions = {}) {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // The configuration is what failed to read, so the log format is taken from its variable alone.
      applyLogFormat(
        resolveLogFormat({ env: "production", logFormat: process.env.LOG_FORMAT === "text" ? "text" : undefined }),
      );
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const ctx = await createAppContext(config);
  // Switched off only to measure what the cache buys (scripts/bench --no-cache).
  const cache = config.responseCache ? new ResponseCache(ctx.db) : undefined;
  const app = createHttpApp(ctx, {
    cache,
    pages: [
      // Built assets carry a content hash in their names, so browsers may keep them for good.
      express.Router().use(
        "/assets",
        express.static(path.join(clientDir, "assets"), {
          immutable: true,
          maxAge: "1y",
          index: false,
          fallthrough: false,
        }),
      ),
      express.static(clientDir, { maxAge: "1h", index: false }),
      loadUser(ctx),
      auditAdminWrites(ctx, describeAdminPageRequest),
      createPagesHandler(ctx, build, cache),
    ],
  });
  await serve(app, ctx, options.afterClose);
}
