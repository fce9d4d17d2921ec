import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import type { AppContext } from "~/context";
import { migrateToLatest, openDatabase, type Db } from "~/db/client.server";
import { hashPassword } from "~/features/auth/auth.server";
import { createMailer } from "~/lib/mailer.server";
import { readConfig } from "../../server/config";
import { createHttpApp } from "../../server/http";
import { ResponseCache } from "../../server/response-cache";

export const TEST_ADMIN = { username: "owner", password: "correct-horse-battery" };
export const TEST_USER = { username: "visitor", password: "just-a-regular-user" };

/**
 * A fresh database for one test file: in-memory SQLite by default, or a new
 * PostgreSQL database (created here, dropped in `close`) when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const db = openDatabase({ kind: "sqlite", file: ":memory:" });
    await migrateToLatest(db);
    return { db, close: () => db.destroy() };
  }
  const name = `barber_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(db);
  return {
    db,
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
}

export async function createTestContext(options: TestContextOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-test-"));
  const config = readConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...options.env });
  const { db, close } = await createTestDatabase();
  const ctx: AppContext = { db, config, mailer: createMailer(config.mail.smtpUrl, config.mail.from) };
  return {
    ctx,
    db,
    config,
    close: async () => {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createUser(db: Db, user: { username: string; password: string }, isAdmin: boolean) {
  await db
    .insertInto("users")
    .values({
      username: user.username,
      password_hash: await hashPassword(user.password),
      is_admin: isAdmin ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface TestResponse<T = any> {
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
    return { status: response.status, headers: response.headers, body: parsed as T, text };
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

/** Starts the API on an ephemeral port with a fresh database, an admin and a regular user. */
export async function startTestApi(options: TestContextOptions = {}) {
  const test = await createTestContext(options);
  await createUser(test.db, TEST_ADMIN, true);
  await createUser(test.db, TEST_USER, false);
  const cache = options.cache ? new ResponseCache(test.db) : undefined;
  const server = createHttpApp(test.ctx, { cache }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...test,
    baseUrl,
    anonymous: () => new TestClient(baseUrl),
    admin: () => new TestClient(baseUrl).signIn(TEST_ADMIN),
    visitor: () => new TestClient(baseUrl).signIn(TEST_USER),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await test.close();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

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
