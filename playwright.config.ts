import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, E2E_CLOCK_START, E2E_DATA_DIR, E2E_PORT } from "./tests/support/e2e-env";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/report.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${E2E_BASE_URL}/api/services`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: { PORT: String(E2E_PORT), E2E_DATA_DIR, TEST_CLOCK_START: E2E_CLOCK_START, TEST_CLOCK_ENABLED: "true" },
  },
});
