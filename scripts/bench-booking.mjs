#!/usr/bin/env node
// 100 customers book the same slot at the same moment, against the production build: exactly one must win.
//
//   node scripts/bench-booking.mjs [--bookers 100]
//
// Starts `node scripts/start.mjs` (which builds first when the bundle is stale; BUILD_DIR is honoured) on a free
// port over a fresh temporary DATA_DIR (SQLite), or over a fresh PostgreSQL database created next to
// TEST_DATABASE_URL and dropped afterwards. Prints successes, conflicts, other answers and latency; exits 1
// unless exactly one booking succeeded and the slot ends up booked once.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const { values: options } = parseArgs({ options: { bookers: { type: "string", default: "100" } } });
const bookers = Number(options.bookers);
if (!Number.isInteger(bookers) || bookers < 2) throw new Error("--bookers must be a whole number of at least 2");

const ADMIN = { username: "bench-owner", password: randomBytes(12).toString("hex") };
const cleanups = [];

async function freePort() {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function freshPostgres(baseUrl) {
  const name = `barber_bench_${randomBytes(6).toString("hex")}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  cleanups.push(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-bench-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_CONTENT: "false",
    // Every booker comes from 127.0.0.1: the per-client hourly limit must not be what refuses them.
    BOOKING_MAX_PER_HOUR: "1000000",
    SMTP_URL: "",
  };
  // Empty rather than unset, so a DATABASE_URL in .env cannot point the race at real data.
  env.DATABASE_URL = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : "";

  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  cleanups.unshift(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped while starting:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/services`)).ok)
        return { baseUrl, database: env.DATABASE_URL ? "PostgreSQL" : "SQLite" };
    } catch {
      // Not listening yet (or still building).
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within 5 minutes:\n${log}`);
}

async function call(baseUrl, method, url, body, cookie) {
  const response = await fetch(baseUrl + url, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The shop's calendar date `days` from now (slot dates are Europe/London dates). */
const shopDate = (days) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * 86_400_000));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const { baseUrl, database } = await startServer();
  const login = await call(baseUrl, "POST", "/api/login", ADMIN);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const service = (
    await call(
      baseUrl,
      "POST",
      "/api/services",
      {
        title: "Bench Cut",
        price: 18.5,
        description: "A service for the booking benchmark.",
        category: "hair",
        icon: "Scissors",
        duration: 30,
        order: 0,
      },
      cookie,
    )
  ).json;
  const date = shopDate(7);
  const slot = (
    await call(
      baseUrl,
      "POST",
      "/api/booking-slots",
      { date, startTime: "10:00", endTime: "10:30", status: "available" },
      cookie,
    )
  ).json;

  const requests = Array.from({ length: bookers }, (_, index) => ({
    customerName: `Bench Customer ${index + 1}`,
    customerEmail: `bench${index + 1}@example.com`,
    customerPhone: `07700${String(900000 + index).padStart(6, "0")}`,
    notes: "",
    services: [String(service.id)],
    serviceTitles: [service.title],
  }));

  // A cold process compiles its hot paths on the first requests; warm it so the figures describe the race.
  for (let round = 0; round < 5; round++) {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${baseUrl}/api/booking-slots`).then((response) => response.arrayBuffer()),
      ),
    );
  }

  const started = performance.now();
  const results = await Promise.all(
    requests.map(async (body) => {
      const begin = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/booking-slots/${slot.id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - begin };
      } catch (error) {
        return { status: `network error (${error.cause?.code ?? error.message})`, ms: performance.now() - begin };
      }
    }),
  );
  const wall = performance.now() - started;

  const slots = (await call(baseUrl, "GET", "/api/booking-slots?admin=true", undefined, cookie)).json;
  const after = slots.find((candidate) => candidate.id === slot.id);

  const successes = results.filter((result) => result.status === 200).length;
  const conflicts = results.filter((result) => result.status === 409).length;
  const others = {};
  for (const result of results) {
    if (result.status !== 200 && result.status !== 409) others[result.status] = (others[result.status] ?? 0) + 1;
  }
  const latencies = results.map((result) => result.ms).toSorted((a, b) => a - b);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;

  console.log(
    `\nBooking race: ${bookers} concurrent PATCH /api/booking-slots/${slot.id} (${date} 10:00–10:30), ${database}`,
  );
  console.log(`  successes:      ${successes}`);
  console.log(`  conflicts:      ${conflicts} (409)`);
  console.log(`  other answers:  ${Object.keys(others).length ? JSON.stringify(others) : "none"}`);
  console.log(`  latency p50:    ${fmt(percentile(latencies, 50))}`);
  console.log(`  latency p99:    ${fmt(percentile(latencies, 99))}`);
  console.log(`  latency max:    ${fmt(latencies.at(-1))}`);
  console.log(`  wall time:      ${fmt(wall)}`);
  console.log(
    `  slot afterwards: ${after?.status ?? "missing"}${after?.reference ? `, booking ${after.reference} for ${after.customerName}` : ""}`,
  );

  const ok = successes === 1 && after?.status === "booked";
  console.log(ok ? "\nPASS: exactly one customer got the slot." : "\nFAIL: the slot was not booked exactly once.");
  return ok;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  for (const cleanup of cleanups) await cleanup();
}
process.exit(ok ? 0 : 1);
