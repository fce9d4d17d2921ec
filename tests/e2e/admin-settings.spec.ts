import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { E2E_ADMIN, E2E_PORT, e2eToday } from "../support/e2e-env";
import { expectToast } from "../support/e2e-fixtures";

/*
 * The owner edits the shop's facts. The change shows on every public page, so this spec runs against a
 * server of its own (port E2E_PORT + 1000, on a fresh database): the other specs, running alongside,
 * keep the default phone number and hours they assert.
 */

const PORT = E2E_PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, [path.resolve(import.meta.dirname, "../support/e2e-server.mjs")], {
    // No demo content: this spec needs none, and the server starts sooner.
    env: { ...process.env, PORT: String(PORT), SEED_DEMO_CONTENT: "false" },
    stdio: "ignore",
  });
  const deadline = Date.now() + 110_000;
  for (;;) {
    const ready = await fetch(`${BASE}/api/services`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`The settings spec's server did not start on port ${PORT}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

test("the owner changes the phone, Saturday's hours and adds a closure, and the public pages show them", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const signedIn = await page.request.post(`${BASE}/api/login`, { data: E2E_ADMIN });
  expect(signedIn.status()).toBe(200);
  const from = addDays(e2eToday(), 2);
  const to = addDays(e2eToday(), 3);

  await page.goto(`${BASE}/admin`);
  await page.getByRole("link", { name: /Shop Settings/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop Settings");

  const form = page.getByRole("form", { name: "Shop settings" });
  await form.getByLabel("Phone").fill("0161 555 0199");
  const saturday = form.getByRole("group", { name: "Saturday" });
  await saturday.getByLabel("Opens").fill("10:00");
  await saturday.getByLabel("Closes").fill("14:00");
  await form.getByRole("button", { name: "Add closure" }).click();
  const closure = form.getByRole("group", { name: "Closure 1" });
  await closure.getByLabel("First day").fill(from);
  await closure.getByLabel("Last day").fill(to);
  await closure.getByLabel("Note", { exact: true }).fill("Closed for a refit");
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved");

  // A visitor, without the owner's cookie, gets pages the response cache may have held before the change.
  await page.context().clearCookies();
  const announcement = `Closed ${formatShopDate(from, "weekdayDate")}`;

  await page.goto(`${BASE}/`);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "0161 555 0199" })).toHaveAttribute("href", "tel:+441615550199");
  await expect(footer).toContainText("Saturday10:00 – 14:00");
  await expect(page.getByRole("region", { name: "Shop closures" })).toContainText("Closed for a refit");

  await page.goto(`${BASE}/contact`);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "0161 555 0199" }).first()).toHaveAttribute("href", "tel:+441615550199");
  await expect(main).toContainText("Saturday10:00 – 14:00");
  await expect(main.getByRole("region", { name: "Shop closures" })).toContainText(announcement);
  await expect(main.getByRole("region", { name: "Shop closures" })).toContainText("Closed for a refit");

  await page.goto(`${BASE}/bookings`);
  await expect(page.getByRole("region", { name: "Shop closures" })).toContainText("Closed for a refit");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "0161 555 0199" })).toBeVisible();
});
