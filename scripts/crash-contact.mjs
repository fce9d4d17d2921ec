#!/usr/bin/env node
// Issue 2 "Done when": killing the server with SIGKILL in the middle of a stream of contact posts loses
// none that were answered 2xx. Starts the production server (`node scripts/start.mjs`, honouring BUILD_DIR)
// on a temporary DATA_DIR, streams posts with CRASH_IN_FLIGHT (20) in flight, SIGKILLs it after
// CRASH_KILL_AFTER (400) answers, restarts it on the same data and checks every answered post through the
// admin API. Prints the counts; exits 1 on any loss.
//   node scripts/crash-contact.mjs            (PORT 4290 unless CRASH_PORT is set)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.CRASH_PORT ?? 4290);
const base = `http://127.0.0.1:${port}`;
const inFlight = Number(process.env.CRASH_IN_FLIGHT ?? 20);
const killAfter = Number(process.env.CRASH_KILL_AFTER ?? 400);
const run = randomBytes(4).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-crash-"));
const admin = { username: "crash-admin", password: randomBytes(12).toString("base64url") };

const env = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  // The stream comes from one address, far beyond what one visitor may send.
  CONTACT_MAX_PER_HOUR: "1000000",
  SEED_DEMO_CONTENT: "false",
  // The embedded SQLite file in DATA_DIR is what is on trial; no mail, no external database.
  SMTP_URL: "",
  DATABASE_URL: "",
};

const log = [];
let server;

function startServer() {
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk) => log.push(String(chunk)));
  child.stderr.on("data", (chunk) => log.push(String(chunk)));
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return child;
}

async function waitUntilReady(child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      await fetch(`${base}/api/user`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(exited ? "the server exited while starting" : "the server did not start in time");
}

const post = (n) =>
  fetch(`${base}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Crash Test",
      email: "crash@example.com",
      phone: "07700 900123",
      message: `Durability probe ${run}-${n}`,
    }),
  });

async function storedMarkers() {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const response = await fetch(`${base}/api/contact/submissions?sort=oldest`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`listing submissions failed: ${response.status}`);
  const prefix = `Durability probe ${run}-`;
  return new Set(
    (await response.json())
      .filter((s) => s.message.startsWith(prefix))
      .map((s) => Number(s.message.slice(prefix.length))),
  );
}

async function main() {
  console.log(`Building if needed (BUILD_DIR=${process.env.BUILD_DIR ?? "build"})…`);
  const build = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the production build failed");

  server = startServer();
  await waitUntilReady(server);
  console.log(`Server up on ${base} (DATA_DIR ${dataDir}); streaming contact posts, ${inFlight} in flight.`);

  const answered = new Set();
  let sent = 0;
  let refused = 0;
  let unanswered = 0;
  let streaming = true;
  let killedAt;

  const worker = async () => {
    while (streaming) {
      const n = sent++;
      try {
        const response = await post(n);
        // The status line is the answer: the server sends it only after the row is committed.
        if (response.status >= 200 && response.status < 300) answered.add(n);
        else refused++;
        await response.arrayBuffer().catch(() => undefined);
      } catch {
        unanswered++;
      }
      if (answered.size >= killAfter && streaming) {
        streaming = false;
        killedAt = answered.size;
        server.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const { signal } = await server.exited;
  console.log(`SIGKILL sent after ${killedAt} answers; the server died by ${signal}.`);

  server = startServer();
  await waitUntilReady(server);
  const stored = await storedMarkers();
  const lost = [...answered].filter((n) => !stored.has(n));
  const storedUnanswered = [...stored].filter((n) => !answered.has(n)).length;

  console.log(
    [
      "",
      `posts sent:                     ${sent}`,
      `answered 2xx:                   ${answered.size}`,
      `answered non-2xx:               ${refused}`,
      `cut off by the kill:            ${unanswered}`,
      `found after restart:            ${stored.size}`,
      `  of them never answered:       ${storedUnanswered} (committed just before the kill; allowed)`,
      `answered 2xx but missing (lost): ${lost.length}`,
    ].join("\n"),
  );
  if (lost.length) console.error(`LOST: ${lost.slice(0, 20).join(", ")}${lost.length > 20 ? " …" : ""}`);
  return lost.length === 0 && answered.size > 0 ? 0 : 1;
}

let status = 1;
try {
  status = await main();
} catch (error) {
  console.error(`crash-contact failed: ${error.message}`);
  console.error(log.join("").split("\n").slice(-30).join("\n"));
} finally {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
