// A 50,000-row client file (the most an import takes) through the client import: the dry run, then the import in its
// one transaction, timed, with the process's peak RSS. The issue asks for under 30 s and 300 MB.
//
//   npx tsx scripts/bench-import.ts [--rows 50000]
//
// Runs in this process against a fresh SQLite file in a temporary folder, or a fresh PostgreSQL database made next
// to TEST_DATABASE_URL (and dropped afterwards). One person in ten appears twice (merged), one row in fifty has no
// way to reach them (skipped); phones are written the ways people write them.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { migrateToLatest, openDatabase, type Db } from "~/db/client.server";
import { importCustomers } from "~/features/import/customer-import.server";

const { values } = parseArgs({ options: { rows: { type: "string", default: "50000" } } });
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error("--rows must be a whole number");

const PHONE_FORMS = [
  (n: string) => `07${n.slice(0, 3)} ${n.slice(3)}`,
  (n: string) => `+44 7${n.slice(0, 3)} ${n.slice(3)}`,
  (n: string) => `+44 (0)7${n.slice(0, 3)}-${n.slice(3)}`,
  (n: string) => `0044 7${n}`,
  (n: string) => `447${n}`,
];

function clientFile(count: number) {
  const lines = ["First Name,Last Name,Mobile Number,Email,Accepts Marketing,Date of Birth,Note"];
  for (let i = 0; i < count; i++) {
    const person = i % 10 === 9 ? i - 1 : i; // every tenth row repeats the row before it
    const digits = String(700_000_000 + person).slice(0, 9);
    const reachable = i % 50 !== 49;
    lines.push(
      [
        `Client${person}`,
        `Surname${person}`,
        reachable ? PHONE_FORMS[i % PHONE_FORMS.length]!(digits) : "",
        reachable && person % 3 === 0 ? `client${person}@example.com` : "",
        person % 4 === 0 ? "Yes" : "No",
        "1990-01-01",
        person % 5 === 0 ? `"Prefers a fade, no. 2; ""usual"""` : "",
      ].join(","),
    );
  }
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
    const db = openDatabase({ kind: "sqlite", file: path.join(dir, "bench.sqlite") });
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `barber_bench_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { db: openDatabase({ kind: "postgres", url: url.toString() }), drop: () => run(`drop database ${name}`) };
}

const { db, drop } = await freshDatabase();
try {
  await migrateToLatest(db);
  const bytes = clientFile(rows);
  const file = { name: "bench-clients.csv", bytes };
  const actor = { id: 1, username: "bench" };
  const timed = async (label: string, dryRun: boolean) => {
    const started = performance.now();
    const result = await importCustomers(db, file, { mapping: {}, dryRun, actor });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: ${seconds.toFixed(1)} s; ${result.rows} rows, ${result.create} new, ${result.merge} merged, ${result.skip.length} skipped`,
    );
    return seconds;
  };
  console.log(
    `${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"}, ${(bytes.length / 1024 / 1024).toFixed(1)} MB file`,
  );
  const peakRss = () => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;
  // What the process holds before importing anything: Node, the loaded modules (more under tsx than bundled).
  console.log(`before: RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  await timed("dry run", true);
  console.log(`after the dry run: peak RSS ${peakRss()}`);
  const importSeconds = await timed("import", false);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`after the import: peak RSS ${peakRss()}`);
  if (importSeconds > 30 || peakMb > 300) process.exitCode = 1;
} finally {
  await db.destroy();
  await drop();
}
