#!/usr/bin/env node
// A 50,000-row client file (the most an import takes) through the production server's client import, as the owner's
// browser sends it: POST /api/import/customers with dryRun=true, then the import itself (one transaction), each
// timed, with the server process's resident memory — before (idle after start-up), and its peak (VmHWM) after each
// step. The issue asks for under 30 s and under 300 MB.
//
//   node scripts/bench-import.mjs [--rows 50000] [--full] [--postgres [url]] [--port 4390] [--no-build]
//
// `--full` writes a note on every row, so that 50,000 rows fill the 10 MB an upload may be (the worst case).
//
// Plain node and the built server (scripts/lib/app-server.mjs), not tsx: what is measured is the server that runs
// in a shop, not a TypeScript loader (tsx alone held ≈ 220 MB before importing anything). A fresh data folder, and
// with --postgres a fresh database next to the url given (dropped afterwards). One person in ten appears twice
// (merged), one row in fifty has no way to reach them (skipped); phones are written the ways people write them.
import fs from "node:fs";
import {
  ADMIN,
  Client,
  createPostgresDatabase,
  DEFAULT_POSTGRES_URL,
  ensureBuild,
  parseFlags,
  startApp,
  tempDataDir,
} from "./lib/app-server.mjs";

const flags = parseFlags();
const rows = Number(flags.rows ?? 50_000);
if (!Number.isInteger(rows) || rows < 1) throw new Error("--rows must be a whole number");
const BUDGET = { seconds: 30, mb: 300 };

const PHONE_FORMS = [
  (n) => `07${n.slice(0, 3)} ${n.slice(3)}`,
  (n) => `+44 7${n.slice(0, 3)} ${n.slice(3)}`,
  (n) => `+44 (0)7${n.slice(0, 3)}-${n.slice(3)}`,
  (n) => `0044 7${n}`,
  (n) => `447${n}`,
];

/** A note on every row long enough that the file comes to just under 10 MB. */
const FULL_NOTE = `"${"Likes a skin fade, grade 1 on the sides, scissors on top; ".repeat(2)}"`;

function clientFile(count, full) {
  const lines = ["First Name,Last Name,Mobile Number,Email,Accepts Marketing,Date of Birth,Note"];
  for (let i = 0; i < count; i++) {
    const person = i % 10 === 9 ? i - 1 : i; // every tenth row repeats the row before it
    const digits = String(700_000_000 + person).slice(0, 9);
    const reachable = i % 50 !== 49;
    lines.push(
      [
        `Client${person}`,
        `Surname${person}`,
        reachable ? PHONE_FORMS[i % PHONE_FORMS.length](digits) : "",
        reachable && person % 3 === 0 ? `client${person}@example.com` : "",
        person % 4 === 0 ? "Yes" : "No",
        "1990-01-01",
        full ? FULL_NOTE : person % 5 === 0 ? `"Prefers a fade, no. 2; ""usual"""` : "",
      ].join(","),
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

/** VmRSS (now) or VmHWM (the peak since the process started) of a process, in MB. */
function memoryMb(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
}

ensureBuild(flags);
const postgresUrl =
  flags.postgres === undefined ? undefined : flags.postgres === true ? DEFAULT_POSTGRES_URL : flags.postgres;
const database = postgresUrl ? await createPostgresDatabase(postgresUrl, "bench_import") : undefined;
const dataDir = tempDataDir("bench-import");
const app = await startApp({ port: Number(flags.port ?? 4390), dataDir, databaseUrl: database?.url });
try {
  const admin = await new Client(app.url).signIn(ADMIN);
  const bytes = clientFile(rows, Boolean(flags.full));
  console.log(
    `${database ? "PostgreSQL" : "SQLite"}, ${rows} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB file`,
  );
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  console.log(
    `server before: RSS ${memoryMb(app.pid, "VmRSS")} MB (peak since start-up ${memoryMb(app.pid, "VmHWM")} MB)`,
  );
  const timed = async (label, dryRun) => {
    const form = new FormData();
    form.append("file", new File([bytes], "bench-clients.csv", { type: "text/csv" }));
    if (dryRun) form.append("dryRun", "true");
    const started = performance.now();
    const response = await fetch(`${app.url}/api/import/customers`, {
      method: "POST",
      body: form,
      headers: { cookie: admin.cookie },
      signal: AbortSignal.timeout(300_000),
    });
    const seconds = (performance.now() - started) / 1000;
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${label}: ${response.status} ${text.slice(0, 300)}`);
    const result = JSON.parse(text);
    const peak = memoryMb(app.pid, "VmHWM");
    console.log(
      `${label}: ${seconds.toFixed(1)} s; ${result.rows} rows, ${result.create} new, ${result.merge} merged, ` +
        `${result.skip.length} skipped; server peak RSS ${peak} MB`,
    );
    return { seconds, peak };
  };
  const dry = await timed("dry run", true);
  const done = await timed("import", false);
  const over = [dry, done].some((step) => step.seconds > BUDGET.seconds || step.peak > BUDGET.mb);
  console.log(`aim: under ${BUDGET.seconds} s and ${BUDGET.mb} MB each: ${over ? "NOT MET" : "met"}`);
  process.exitCode = over ? 1 : 0;
} finally {
  await app.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
