import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { RootOperationNode } from "kysely";
import pg from "pg";
import { expect } from "vitest";
import type { AppContext } from "~/context";
import { migrateToLatest, openDatabase, type Db } from "~/db/client.server";
import { hashPassword } from "~/features/auth/auth.server";
import { openMediaStorage } from "~/features/media/media-storage.server";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import type { ViteDevServer } from "vite";
import { auditAdminWrites, describeAdminPageRequest } from "../../server/audit";
import { loadUser } from "../../server/load-user";
import { mailerFor } from "~/features/settings/mail-settings.server";
import { readConfig } from "../../server/config";
import type { startClockAt } from "~/lib/clock";
import { createHttpApp } from "../../server/http";
import { createPagesHandler } from "../../server/pages";
import { runDueJobs, type RunOptions } from "~/features/jobs/jobs.server";
import { jobHandlers } from "../../server/jobs";
import { ResponseCache } from "../../server/response-cache";
import { requestContext } from "../../server/request-context";

export const TEST_ADMIN = { username: "owner", password: "correct-horse-battery" };
export const TEST_USER = { username: "visitor", password: "just-a-regular-user" };

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL database's address (none for SQLite). */
  url?: string;
  /** Another connection to the same database, as a second app instance or a restarted one has (not for in-memory SQLite). */
  open: () => Db;
  close: () => Promise<void>;
}

/**
 * A fresh database for one test file: in-memory SQLite by default (a file with `onDisk`, so a
 * second connection can open it), or a new PostgreSQL database (created here, dropped in
 * `close`) when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(
  options: {
    onDisk?: boolean;
    /** The last migration to run (an older release's database); all by default. */
    migratedTo?: string;
    /** This engine whatever TEST_DATABASE_URL says (PostgreSQL still needs it for its address). */
    engine?: "sqlite" | "postgres";
  } = {},
): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (options.engine === "postgres" && !baseUrl) throw new Error("PostgreSQL needs TEST_DATABASE_URL");
  if (!baseUrl || options.engine === "sqlite") {
    const dir = options.onDisk ? fs.mkdtempSync(path.join(os.tmpdir(), "barber-db-")) : undefined;
    const file = dir ? path.join(dir, "test.sqlite") : ":memory:";
    const db = openDatabase({ kind: "sqlite", file });
    await migrateToLatest(db, options.migratedTo);
    return {
      db,
      open: () => {
        if (!dir) throw new Error("An in-memory database has no second connection: use onDisk");
        return openDatabase({ kind: "sqlite", file });
      },
      close: async () => {
        await db.destroy();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `barber_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(db, options.migratedTo);
  return {
    db,
    open: () => openDatabase({ kind: "postgres", url: url.toString() }),
    url: url.toString(),
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestContextOptions {
  env?: Record<string, string>;
  /** Serve through the response cache, as production does. */
  cache?: boolean;
  /** Serve the pages too, rendered from source by Vite's SSR loader (slower to start: only where pages matter). */
  pages?: boolean;
  /** A second app instance on the PostgreSQL database of another test app: its own handle, caches and port. */
  joinDatabaseUrl?: string;
  /** SQLite in a file rather than in memory, as the site runs it: for tests of writers racing each other. */
  onDisk?: boolean;
  /** This engine whatever TEST_DATABASE_URL says (a shop moved from one engine to the other). */
  engine?: "sqlite" | "postgres";
  /** Sees every query the app sends (its parsed form, before it runs): for tests that count what a request reads. */
  observeQueries?: (query: RootOperationNode) => void;
}

/** Another process's handle on the same PostgreSQL database; closing it leaves the database in place. */
function joinTestDatabase(url: string) {
  const db = openDatabase({ kind: "postgres", url });
  return { db, url, open: () => openDatabase({ kind: "postgres", url }), close: () => db.destroy() };
}

export async function createTestContext(options: TestContextOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-test-"));
  const config = readConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...options.env });
  const { db, close, url, open } = options.joinDatabaseUrl
    ? joinTestDatabase(options.joinDatabaseUrl)
    : await createTestDatabase({ onDisk: options.onDisk, engine: options.engine });
  const storage = await openMediaStorage(config.mediaStorage);
  const observe = options.observeQueries;
  const appDb = observe
    ? db.withPlugin({
        transformQuery: ({ node }) => (observe(node), node),
        transformResult: async ({ result }) => result,
      })
    : db;
  const ctx: AppContext = { db: appDb, config, storage, mailer: mailerFor(appDb, config) };
  return {
    ctx,
    db,
    config,
    storage,
    /** Runs the queued jobs that are due (the app's worker is not started in tests): explicit, so no test waits on a timer. */
    runJobs: (run: RunOptions = {}) => runDueJobs(() => requestContext(ctx), jobHandlers, run),
    databaseUrl: url,
    /** Another connection to the same database, as another instance has (PostgreSQL, or SQLite `onDisk`); the caller destroys it. */
    openConnection: open,
    close: async () => {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The fixture accounts' hashes are made at a low scrypt cost: at the production cost (about 0.3 s of CPU each) the
 * accounts of every test file and their sign-ins took minutes of a CI run. The cost is stored in the hash and
 * verification reads it from there, so sign-in runs its real code; the site's own hashing keeps the production
 * cost (auth.api.test.ts checks it).
 */
const FIXTURE_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };

export async function createUser(db: Db, user: { username: string; password: string }, isAdmin: boolean) {
  await db
    .insertInto("users")
    .values({
      username: user.username,
      password_hash: await hashPassword(user.password, FIXTURE_HASH_COST),
      is_admin: isAdmin ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface TestResponse<T = any> {
  /** What was asked, so the answer can be checked against the API document (tests/support/api-contract.ts). */
  request: { baseUrl: string; method: string; url: string };
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A small HTTP client against the real app on an ephemeral port, keeping the session cookie like a browser. */
export class TestClient {
  private cookie: string | undefined;
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    url: string,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + url, { method, headers, body, redirect: "manual" });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0]!;
      this.cookie = pair.endsWith("=") ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (text && response.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
    return {
      request: { baseUrl: this.baseUrl, method, url },
      status: response.status,
      headers: response.headers,
      body: parsed as T,
      text,
    };
  }

  get = <T = any>(url: string) => this.request<T>("GET", url);
  post = <T = any>(url: string, json?: unknown) => this.request<T>("POST", url, { json });
  put = <T = any>(url: string, json?: unknown) => this.request<T>("PUT", url, { json });
  patch = <T = any>(url: string, json?: unknown) => this.request<T>("PATCH", url, { json });
  delete = <T = any>(url: string) => this.request<T>("DELETE", url);

  async signIn(user: { username: string; password: string }) {
    const response = await this.post("/api/login", user);
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
    return this;
  }
}

let vite: { server: Promise<ViteDevServer>; users: number } | undefined;

/**
 * One Vite SSR loader for every app a test file starts: the pages' code is the same for all of them. Vite is
 * imported here, not at the top: most test files serve no pages, and loading it cost each of them half a second.
 */
function acquireViteServer() {
  vite ??= {
    server: import("vite").then(({ createServer }) =>
      // No WebSocket server: the test files of parallel workers each start one, and they fought over its port.
      createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" }),
    ),
    users: 0,
  };
  vite.users++;
  return vite.server;
}

async function releaseViteServer() {
  if (!vite || --vite.users > 0) return;
  const { server } = vite;
  vite = undefined;
  await (await server).close();
}

/** Starts the API on an ephemeral port with a fresh database, an admin and a regular user. */
export async function startTestApi(options: TestContextOptions = {}) {
  const test = await createTestContext(options);
  if (!options.joinDatabaseUrl) {
    await createUser(test.db, TEST_ADMIN, true);
    await createUser(test.db, TEST_USER, false);
  }
  const cache = options.cache ? new ResponseCache(test.db) : undefined;
  const ssr = options.pages ? await acquireViteServer() : undefined;
  const pages = ssr
    ? [
        loadUser(test.ctx),
        auditAdminWrites(test.ctx, describeAdminPageRequest),
        createPagesHandler(test.ctx, () => ssr.ssrLoadModule("virtual:react-router/server-build") as never, cache),
      ]
    : [];
  const server = createHttpApp(test.ctx, { cache, pages }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...test,
    baseUrl,
    anonymous: () => new TestClient(baseUrl),
    admin: () => new TestClient(baseUrl).signIn(TEST_ADMIN),
    visitor: () => new TestClient(baseUrl).signIn(TEST_USER),
    /** Sets the shop clock the pages read: Vite's copy of ~/lib/clock, apart from the test's own (`startClockAt`). */
    startPageClockAt: async (instant: Date) => {
      if (!ssr) throw new Error("startPageClockAt needs a test app with pages");
      const clock = (await ssr.ssrLoadModule("/app/lib/clock.ts")) as { startClockAt: typeof startClockAt };
      clock.startClockAt(instant);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (ssr) await releaseViteServer();
      await test.close();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** Every day open 00:00–23:59: for tests about slots at any time, not about the shop's hours. */
export const ALL_DAY_OPENING_HOURS = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  ranges: [{ start: "00:00", end: "23:59" }],
}));

export async function openAllHours(db: Db) {
  await saveSettings(db, { ...(await loadSettings(db)), openingHours: ALL_DAY_OPENING_HOURS });
}

/** The callers every admin-only call must refuse, each with the status it must get. */
export async function nonAdminCallers(api: TestApi) {
  return [
    [api.anonymous(), 401],
    [await api.visitor(), 403],
  ] as const;
}

/** A resource's create, update and delete are refused for anonymous callers (401) and visitors (403). */
export async function expectWritesRefused(api: TestApi, collection: string, id: number, body: object) {
  for (const [client, status] of await nonAdminCallers(api)) {
    expect((await client.post(collection, body)).status).toBe(status);
    expect((await client.put(`${collection}/${id}`, body)).status).toBe(status);
    expect((await client.delete(`${collection}/${id}`)).status).toBe(status);
  }
}
