import { expect, test } from "@playwright/test";
import { buildBusyShop } from "~/features/reports/busy-shop.testing";
import { signIn } from "../support/e2e-auth";
import { openE2eDatabase } from "../support/e2e-db";

/*
 * The owner's books in a browser (issue 32): a small busy week long past (barbers nobody can book, so other specs'
 * team is untouched), read at a phone's and a desktop's width; the charts are SVG drawn on the server, each with
 * its numbers; the period picker is a GET form that works without JavaScript.
 */

const WEEK = { from: "2024-03-04", to: "2024-03-10" };
/** Where the screenshots go, for a person to look at (the folder Playwright keeps its results in). */
const SCREENSHOTS = "test-results/reports";

test.beforeAll(async () => {
  const db = openE2eDatabase();
  try {
    const taken = await db.selectFrom("bookings").select("id").where("reference", "like", "RPT%").executeTakeFirst();
    if (!taken) {
      await buildBusyShop(db, {
        barbers: 3,
        from: WEEK.from,
        days: 7,
        bookings: 120,
        sales: 70,
        lines: 150,
        movements: 130,
        prefix: "Rpt",
        active: false,
      });
    }
  } finally {
    await db.destroy();
  }
});

for (const { name, width, height } of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
]) {
  test(`the reports page reads at ${width} px: headline figures, four charts with their numbers, definitions`, async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize({ width, height });
    const response = await page.goto(`/admin/reports?period=custom&from=${WEEK.from}&to=${WEEK.to}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "Net takings" })).toBeVisible();
    for (const chart of ["Takings by day", "Each barber's chair", "Turned up, didn't, cancelled", "Busiest hours"]) {
      const figure = page.getByRole("figure", { name: chart });
      await expect(figure).toBeVisible();
      await expect(figure.getByRole("img", { name: chart })).toBeVisible();
      await expect(figure.getByText("The numbers")).toBeVisible();
    }
    await expect(page.getByRole("figure", { name: "Each barber's chair" }).getByRole("img")).toContainText(
      "Rpt Barber 1",
    );
    // Nothing wider than the screen: the page scrolls down, never sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByText("How these figures are counted").click();
    await expect(page.getByText(/No-shows ÷ \(attended \+ no-shows\)/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/reports-${name}.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: `${SCREENSHOTS}/reports-${name}-dark.png` });

    await page.goto(`/admin/reports/pay?period=custom&from=${WEEK.from}&to=${WEEK.to}`);
    await expect(page.getByRole("row", { name: /Rpt Barber 1/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/pay-${name}.png`, fullPage: true });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the period picker is a form that works as it is", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/reports");
    await page.getByLabel("Period", { exact: true }).selectOption("custom");
    await page.getByLabel("From", { exact: true }).fill(WEEK.from);
    await page.getByLabel("To", { exact: true }).fill(WEEK.to);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/period=custom&from=2024-03-04&to=2024-03-10/);
    await expect(page.getByText("4 March 2024 to 10 March 2024", { exact: false })).toBeVisible();
    await page.goto("/admin/reports?period=custom&from=2024-03-10&to=2024-03-04");
    await expect(page.getByRole("alert")).toContainText("from must not be after to");
  });
});
