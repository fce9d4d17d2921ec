// Lighthouse audits of the production build with mobile settings (Lighthouse's defaults:
// a mid-range phone, simulated slow 4G and a 4x slower CPU). Run through `scripts/lighthouse`,
// which builds first. Starts the built server on its own port with a throw-away data folder
// (seeded with the demo content), audits the pages of the issue and prints four scores per page
// (the median run, and the spread of the performance runs), the home page's transferred bytes,
// gzipped JavaScript and the JavaScript requested before the first contentful paint (aim: none).
// Exits with 1 when a median misses its aim, so it can gate a change.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR ?? "build-lighthouse";
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4305);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const origin = `http://localhost:${port}`;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Simulated timings swing with the machine's load; each page is audited this many times and the median run kept. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const AIM = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
const BUDGET = { transferBytes: 250 * 1024, jsGzipBytes: 100 * 1024 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-lighthouse-"));
const server = spawn(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `(await import(${JSON.stringify(path.join(root, buildDir, "server/index.js"))})).start()`,
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_USERNAME: "lighthouse",
      ADMIN_PASSWORD: "lighthouse-audit-only",
      SEED_DEMO_CONTENT: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  },
);

let chrome;
async function cleanUp() {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/services`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer on ${origin}`);
}

/** Share of the machine's CPU time spent busy over the next second (all cores, from /proc/stat). */
async function busyShare() {
  const sample = () => {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + fields[4], total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = sample();
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * Lighthouse scales the CPU time it observes, so a run taken while something else works (a build, a test
 * suite) scores the machine, not the page. Each run waits, up to half a minute, for a quiet second.
 */
async function waitForQuietMachine() {
  for (let attempt = 0; attempt < 30; attempt++) if ((await busyShare()) < 0.15) return;
  console.error("The machine stayed busy: these figures will read low.");
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (text, width) => String(text).padEnd(width);

/** Scripts the page requested before its first contentful paint (trace timestamps, in microseconds). */
function scriptsBeforeFirstPaint(lhr) {
  const requests = lhr.audits["network-requests"].details;
  const start = requests.debugData.networkStartTimeTs;
  const firstPaint = lhr.audits.metrics.details.items[0].observedFirstContentfulPaintTs;
  return requests.items.filter(
    (request) => request.resourceType === "Script" && start + request.networkRequestTime * 1000 < firstPaint,
  );
}

/** Gzip sizes of the scripts the page loaded, from the built files (what a gzip-serving server sends). */
function scriptGzipBytes(requests) {
  let total = 0;
  for (const request of requests) {
    if (request.resourceType !== "Script") continue;
    const file = path.join(root, buildDir, "client", new URL(request.url).pathname);
    if (fs.existsSync(file)) total += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    else total += request.transferSize ?? 0;
  }
  return total;
}

try {
  server.stdout.on("data", () => {});
  await waitForServer();
  const posts = await (await fetch(`${origin}/api/blog`)).json();
  if (!posts.length) throw new Error("no blog post to audit");
  const pages = ["/", "/prices", "/contact", "/bookings", `/blog/${posts[0].slug}`];

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });

  const rows = [];
  let home;
  for (const page of pages) {
    // A first visit warms the server's page cache, as a live site's would be.
    await fetch(`${origin}${page}`);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      await waitForQuietMachine();
      const { lhr } = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
      });
      if (lhr.runtimeError) console.error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      else runs.push(lhr);
    }
    if (runs.length === 0) throw new Error(`every audit of ${page} failed`);
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const failing = CATEGORIES.flatMap((id) =>
      lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    );
    rows.push({
      page,
      scores,
      failing,
      metrics: lhr.audits.metrics?.details?.items?.[0],
      performanceRuns: runs.map((r) => Math.round(r.categories.performance.score * 100)),
    });
    if (page === "/") home = lhr;
  }

  const pageWidth = Math.max(...rows.map((row) => row.page.length)) + 2;
  console.log(
    `\nLighthouse 12 · mobile (simulated slow 4G, 4x CPU slowdown) · production build · median of ${RUNS} run(s)\n`,
  );
  console.log(`${pad("page", pageWidth)}${CATEGORIES.map((id) => pad(id, 16)).join("")}`);
  for (const row of rows) {
    console.log(
      `${pad(row.page, pageWidth)}${CATEGORIES.map((id) => pad(`${row.scores[id]}${row.scores[id] < AIM[id] ? " !" : ""}`, 16)).join("")}`,
    );
  }
  for (const row of rows) {
    const m = row.metrics;
    const spread = `${Math.min(...row.performanceRuns)}–${Math.max(...row.performanceRuns)}`;
    if (m)
      console.log(
        `  ${row.page}: performance ${row.scores.performance} (${spread}), per run ${row.performanceRuns.join(", ")}; median run: FCP ${Math.round(m.firstContentfulPaint)} ms, LCP ${Math.round(m.largestContentfulPaint)} ms, TBT ${Math.round(m.totalBlockingTime)} ms, CLS ${m.cumulativeLayoutShift.toFixed(3)}`,
      );
    for (const line of row.failing) console.log(`    below 100: ${line}`);
  }

  const requests = home.audits["network-requests"].details.items;
  const transferred = home.audits["total-byte-weight"].numericValue;
  const jsTransferred = requests
    .filter((request) => request.resourceType === "Script")
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const jsGzip = scriptGzipBytes(requests);
  console.log(
    `\nHome page: ${kb(transferred)} transferred (aim ≤ ${kb(BUDGET.transferBytes)}) in ${requests.length} requests`,
  );
  console.log(
    `Home page JavaScript: ${kb(jsGzip)} gzipped (aim ≤ ${kb(BUDGET.jsGzipBytes)}), ${kb(jsTransferred)} as transferred`,
  );
  const early = scriptsBeforeFirstPaint(home);
  const earlyBytes = early.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  console.log(
    `Home page JavaScript requested before the first contentful paint: ${earlyBytes} B in ${early.length} request(s) (aim: 0)`,
  );

  const missed = rows.flatMap((row) =>
    CATEGORIES.filter((id) => row.scores[id] < AIM[id]).map((id) => `${row.page} ${id} ${row.scores[id]}`),
  );
  if (early.length > 0) missed.push("home page scripts before the first paint");
  if (missed.length > 0) {
    console.error(`\nBelow the aim: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Lighthouse run failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
