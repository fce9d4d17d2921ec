import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, E2E_CLOCK_START, E2E_DATA_DIR, E2E_PORT } from "./tests/support/e2e-env";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test's whole story (sign-in at the real password cost, several pages, axe): 30 s was too tight on a
  // 2-CPU CI machine running two workers and the server.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/report.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    // Debian's headless shell, the kind of Chromium Playwright itself runs headless: it opened a context in a
    // third of full Chromium's time and ran the accessibility specs in 2.3 min against 3.6 (decision 037).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /payments\.spec\.ts/ },
    // The payments spec turns the shop's deposit policy on for a moment: run after every other spec, so no
    // booking of another spec is asked for a deposit in that window.
    {
      name: "payments",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /payments\.spec\.ts/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${E2E_BASE_URL}/api/services`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server's warnings and errors come on stderr, which Playwright shows; its stdout is one line a request,
    // thousands a run, that buried a failure's report in CI's output.
    stdout: "ignore",
    env: { PORT: String(E2E_PORT), E2E_DATA_DIR, TEST_CLOCK_START: E2E_CLOCK_START, TEST_CLOCK_ENABLED: "true" },
  },
});
