#!/usr/bin/env node
// Idle memory of the production server (issue 29: under 150 MB): starts the built server on a fresh data folder
// with the demo content, asks for four pages (/, /prices, /contact, /bookings) once each, waits for the
// start-up work to settle and prints its resident memory (VmRSS), then stops it.
//   node scripts/idle-memory.mjs [--port 4334] [--no-build]   (BUILD_DIR picks the build)
import fs from "node:fs";
import { ensureBuild, parseFlags, startApp, tempDataDir } from "./lib/app-server.mjs";

const flags = parseFlags();
ensureBuild(flags);
const BUDGET_MB = 150;
const PAGES = ["/", "/prices", "/contact", "/bookings"];
const dataDir = tempDataDir("idle-memory");
const app = await startApp({ port: Number(flags.port ?? 4334), dataDir });
try {
  const started = app.rssMb();
  for (const page of PAGES) {
    const response = await fetch(`${app.url}${page}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
  }
  // Idle: the first requests' work done and the timers that follow start-up run.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const idle = app.rssMb();
  console.log(
    `RSS after start: ${started} MB; after ${PAGES.join(", ")} and 5 s idle: ${idle} MB (aim < ${BUDGET_MB} MB)`,
  );
  process.exitCode = idle < BUDGET_MB ? 0 : 1;
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
