import { defineConfig, devices } from "@playwright/test";
import { E2E_CLOCK_START, E2E_SERVERS, type E2eServer } from "./tests/support/e2e-env";

/** One e2e server: the production build on a fresh data folder (tests/support/e2e-server.mjs). */
const e2eServer = (
  name: string,
  { port, baseURL, dataDir, stripePort }: E2eServer,
  env: Record<string, string> = {},
) => ({
  name,
  command: "node tests/support/e2e-server.mjs",
  url: `${baseURL}/api/services`,
  reuseExistingServer: false,
  timeout: 120_000,
  // The server's warnings and errors come on stderr, which Playwright shows; its stdout is one line a request,
  // thousands a run, that buried a failure's report in CI's output.
  stdout: "ignore" as const,
  env: {
    PORT: String(port),
    E2E_DATA_DIR: dataDir,
    TEST_CLOCK_START: E2E_CLOCK_START,
    TEST_CLOCK_ENABLED: "true",
    ...(stripePort === undefined ? {} : { STRIPE_DOUBLE_PORT: String(stripePort) }),
    ...env,
  },
});

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
    baseURL: E2E_SERVERS.shared.baseURL,
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
  // The two specs that change the whole shop run against servers of their own (decision 047), one test at a
  // time there (a repeat of the spec must not turn the policy on under itself), alongside the others. Every
  // `*payments.spec.ts` (the deposits, the gift cards, the till) runs on the payments server and its Stripe double.
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [/payments\.spec\.ts/, /admin-settings\.spec\.ts/],
    },
    {
      name: "payments",
      use: { ...devices["Desktop Chrome"], baseURL: E2E_SERVERS.payments.baseURL },
      testMatch: /payments\.spec\.ts/,
      workers: 1,
    },
    {
      name: "settings",
      use: { ...devices["Desktop Chrome"], baseURL: E2E_SERVERS.settings.baseURL },
      testMatch: /admin-settings\.spec\.ts/,
      workers: 1,
    },
  ],
  // Started one after another, each in about 2 s (the two own servers seed no demo content: their specs make
  // what they book).
  webServer: [
    e2eServer("Shop", E2E_SERVERS.shared),
    e2eServer("Payments", E2E_SERVERS.payments, { SEED_DEMO_CONTENT: "false" }),
    e2eServer("Settings", E2E_SERVERS.settings, { SEED_DEMO_CONTENT: "false" }),
  ],
});
