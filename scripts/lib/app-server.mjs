// Shared by scripts/bench, scripts/crash-test and scripts/soak: build once, start the production server
// as a child process on its own port and data, talk to it like a browser would, read its memory.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

export const root = path.resolve(import.meta.dirname, "../..");
export const bundlePath = () => path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");

export const ADMIN = { username: "ops-admin", password: `ops-${randomBytes(9).toString("base64url")}` };

/** Builds the production bundle when missing or stale, exactly as `npm start` would; `--no-build` trusts the one there. */
export function ensureBuild(flags = {}) {
  if (flags["no-build"] && fs.existsSync(bundlePath())) return;
  const result = spawnSync(process.execPath, [path.join(root, "scripts/start.mjs"), "--build-only"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("The production build failed");
}

export const tempDataDir = (label) => fs.mkdtempSync(path.join(os.tmpdir(), `barber-${label}-`));

/** Parses `--name value` and `--name=value` flags; bare `--flag` is true. */
export function parseFlags(argv = process.argv.slice(2)) {
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) continue;
    const [name, inline] = arg.slice(2).split("=", 2);
    if (inline !== undefined) flags[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith("--")) flags[name] = argv[++i];
    else flags[name] = true;
  }
  return flags;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `start()` of the built bundle (what `npm start` runs after its build check) in a child
 * process. The build check is left out so that a source edited mid-run cannot trigger a rebuild
 * between a kill and a restart.
 */
export async function startApp({ port, dataDir, databaseUrl, env = {}, label = `app-${port}` }) {
  const logFile = path.join(dataDir, `${label}.log`);
  const log = fs.openSync(logFile, "a");
  const launcher = `process.env.NODE_ENV ??= "production"; const { start } = await import(${JSON.stringify(bundlePath())}); await start();`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--input-type=module", "-e", launcher], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: "",
      SEED_DEMO_CONTENT: "true",
      // Every request comes from 127.0.0.1, so the per-address limits would stop the load after a few writes.
      LOGIN_MAX_ATTEMPTS: "100000",
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: "100000",
      CONTACT_MAX_PER_HOUR: "10000000",
      CONTACT_MAX_PER_EMAIL_PER_HOUR: "10000000",
      BOOKING_MAX_PER_HOUR: "10000000",
      BOOKING_MAX_PER_EMAIL_PER_HOUR: "10000000",
      ...env,
    },
  });
  fs.closeSync(log);
  let exited = null;
  child.once("exit", (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) {
      throw new Error(
        `The server on port ${port} exited (${JSON.stringify(exited)}) before answering; log:\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/services`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server on port ${port} did not answer within 2 minutes; log:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  const waitForExit = () =>
    exited
      ? Promise.resolve(exited)
      : new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    url,
    port,
    pid: child.pid,
    logFile,
    /** Resident memory of the server process in MB, from /proc. */
    rssMb: () => rssMb(child.pid),
    /** SIGTERM: the server's own graceful shutdown. */
    stop: async () => {
      if (exited) return exited;
      child.kill("SIGTERM");
      return waitForExit();
    },
    /** kill -9: no shutdown code runs, as in a power cut of the process. */
    kill9: async () => {
      if (exited) return exited;
      process.kill(child.pid, "SIGKILL");
      return waitForExit();
    },
  };
}

export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** A fresh PostgreSQL database on the server of `baseUrl`, dropped by `drop()`. */
export async function createPostgresDatabase(baseUrl, label) {
  const name = `barber_${label}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** A minimal browser: keeps the session cookie, sends and reads JSON, never throws on a status. */
export class Client {
  cookie = undefined;
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  async request(method, url, { json, headers = {}, timeoutMs = 30_000 } = {}) {
    const init = { method, headers: { ...headers }, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) };
    if (this.cookie) init.headers.cookie = this.cookie;
    if (json !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(json);
    }
    const response = await fetch(this.baseUrl + url, init);
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0];
      this.cookie = pair.endsWith("=") ? undefined : pair;
    }
    const text = await response.text();
    let body = text;
    if (text && response.headers.get("content-type")?.includes("application/json")) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, text };
  }

  get = (url, options) => this.request("GET", url, options);
  post = (url, json, options) => this.request("POST", url, { ...options, json });
  put = (url, json, options) => this.request("PUT", url, { ...options, json });
  patch = (url, json, options) => this.request("PATCH", url, { ...options, json });
  delete = (url, options) => this.request("DELETE", url, options);

  async signIn(user = ADMIN) {
    const response = await this.post("/api/login", user);
    if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${response.text}`);
    return this;
  }

  /** Same session, another server: what a balancer does between two instances. */
  on(baseUrl) {
    const other = new Client(baseUrl);
    other.cookie = this.cookie;
    return other;
  }
}

/** Prints each `[label, found]` check as ok or FAIL; answers how many problems they found in all. */
export function reportChecks(checks) {
  for (const [label, found] of checks) console.log(`${found === 0 ? "ok  " : "FAIL"} ${label}: ${found}`);
  return checks.reduce((sum, [, found]) => sum + found, 0);
}

/** Throws unless the answer has the expected status; used for setup steps. */
export function expectStatus(response, status, what) {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`);
  }
  return response.body;
}

/** `yyyy-MM-dd` of the day `days` from today (UTC is close enough for days well ahead). */
export const dayFromToday = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Opens the shop round the clock in its settings: slots outside the opening hours are refused, and the
 * scripts fill whole days whatever weekday they land on.
 */
export async function openAllHours(admin) {
  const settings = expectStatus(await admin.get("/api/settings"), 200, "Reading the settings");
  const openingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "00:00", end: "23:59" }] }));
  expectStatus(await admin.put("/api/settings", { ...settings, openingHours }), 200, "Opening the shop all day");
}

/**
 * Creates back-to-back 15-minute slots on `days` consecutive days starting `fromDays` ahead,
 * far enough out that the demo seed's slots never overlap them.
 */
export async function createSlots(admin, { fromDays, days, startTime = "08:00", endTime = "20:00" }) {
  await openAllHours(admin);
  const dates = Array.from({ length: days }, (_, i) => dayFromToday(fromDays + i));
  const response = await admin.post("/api/booking-slots", {
    dates,
    startTime,
    endTime,
    repeatEveryMinutes: SLOT_MINUTES,
  });
  return expectStatus(response, 201, "Creating booking slots");
}

/** The slots these scripts open are 15 minutes long, so a service must fit one to be bookable on it. */
const SLOT_MINUTES = 15;

/** A service id to book with: a seeded one that fits a slot, or one created for the purpose. */
export async function bookableServiceId(admin) {
  const services = expectStatus(await admin.get("/api/services"), 200, "Listing services");
  const fitting = services.find((service) => service.duration <= SLOT_MINUTES);
  if (fitting) return String(fitting.id);
  const created = await admin.post("/api/services", {
    title: "Ops Test Trim",
    price: 15,
    description: "A service created by the operations scripts.",
    category: "hair",
    icon: "Scissors",
    duration: SLOT_MINUTES,
    order: 0,
  });
  return String(expectStatus(created, 201, "Creating a service").id);
}

export const bookingBody = (serviceId, n) => ({
  customerName: `Ops Customer ${n}`,
  customerEmail: `customer${n}@example.com`,
  customerPhone: "07700900123",
  notes: `ops booking ${n}`,
  services: [serviceId],
  serviceTitles: [],
});

export const contactBody = (marker) => ({
  name: "Ops Visitor",
  email: "visitor@example.com",
  phone: "07700900456",
  message: `Message ${marker}: is there parking near the shop?`,
});
