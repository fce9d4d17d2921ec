#!/usr/bin/env node
// `npm test`: unit, service and API tests (Vitest), then the screens in Chromium (Playwright) against
// the production build. Installs nothing: a missing prerequisite stops it with the command that fixes it.
// With TEST_DATABASE_URL set, both suites run against PostgreSQL instead of SQLite.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

const missing = [];
if (!fs.existsSync(path.join(root, "node_modules/.bin/vitest"))) missing.push("the npm packages: run `npm ci`");
if (!fs.existsSync(chromium))
  missing.push(
    `Chromium's headless shell at ${chromium}: run \`apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH)`,
  );
if (missing.length) {
  console.error(`npm test cannot run; missing:\n${missing.map((item) => `  - ${item}`).join("\n")}`);
  process.exit(1);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "barber-test-report-"));
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

const only = process.argv[2];
// Each step that ended badly, by name: a run can fail with every test passed (a test file that did not load, a
// hook that failed, an unhandled error, a build that broke), and the summary line alone would not say so.
const stepsFailed = [];
const step = (name, command, args, env) => {
  const code = run(command, args, env);
  if (code !== 0) stepsFailed.push(`${name} exited with status ${code}`);
};
if (only !== "e2e") {
  step("Vitest", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${reports}/vitest.json`,
  ]);
}
if (only !== "unit") {
  step("The production build", "node", ["scripts/start.mjs", "--build-only"]);
  step("Playwright", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);
const vitest = read(`${reports}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults.filter((result) => result.status === "failed" && result.message)) {
    stepsFailed.push(`${path.relative(root, file.name)}: ${file.message.split("\n")[0]}`);
  }
}
const playwright = read(`${reports}/playwright.json`);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  for (const error of playwright.errors ?? []) stepsFailed.push(`Playwright: ${(error.message ?? "").split("\n")[0]}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (stepsFailed.length) console.log(`Not passed:\n${stepsFailed.map((line) => `  - ${line}`).join("\n")}`);
process.exit(stepsFailed.length || failed > 0 ? 1 : 0);
