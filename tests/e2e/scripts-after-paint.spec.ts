import { expect, test } from "@playwright/test";

/*
 * Decision 017: no page requests JavaScript before its first contentful paint, and the load event still
 * means the page has started hydrating (the rest of the suite relies on it, as it did before).
 */
const PAGES = ["/", "/prices", "/contact", "/bookings", "/admin"];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    addEventListener("app:hydration-started", () => (marks.hydrationStarted = performance.now()));
    addEventListener("load", () => (marks.load = performance.now()));
  });
});

for (const path of PAGES) {
  test(`${path} requests its scripts only after the first contentful paint, and loads once hydration has started`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(path);
    const timings = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
      marks: (window as unknown as { __marks: Record<string, number> }).__marks,
    }));
    expect(timings.firstContentfulPaint, "first contentful paint").toBeGreaterThan(0);
    expect(timings.scripts.length, "the page's scripts were loaded").toBeGreaterThan(0);
    for (const script of timings.scripts) {
      expect(script.startTime, script.url).toBeGreaterThanOrEqual(timings.firstContentfulPaint!);
    }
    expect(timings.marks.hydrationStarted, "hydration started").toBeGreaterThan(0);
    expect(timings.marks.load).toBeGreaterThanOrEqual(timings.marks.hydrationStarted!);
    // The hold on the load event is gone and the loader data reached the router.
    await expect(page.locator("iframe[aria-hidden=true]")).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test("the page hydrates with the loader data its HTML was rendered from", async ({ page }) => {
  await page.goto("/prices");
  const firstService = page.getByRole("main").getByRole("heading", { level: 3 }).first();
  const name = await firstService.textContent();
  // A client-side navigation back to the page reuses no document: the router is live and kept its data.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  await page.goBack();
  await expect(page.getByRole("main").getByRole("heading", { level: 3 }).first()).toHaveText(name!);
  expect(documents).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page shows in full and offers its links", async ({ page }) => {
    await page.goto("/prices");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Book Appointments" })).toHaveAttribute(
      "href",
      "/bookings",
    );
  });

  test("on a phone the menu is a list under the bar, covering no heading, and no toggle that cannot open", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/prices", "/admin"]) {
      await page.goto(path);
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Contact" })).toBeVisible();
      await expect(banner.getByRole("button")).toBeHidden();
      const bar = await banner.boundingBox();
      const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
      expect(bar && heading && heading.y >= bar.y + bar.height, `${path}: the heading starts below the bar`).toBe(true);
    }
  });
});

/*
 * Decision 065: a page ships only the code it hydrates. A feature's public entry also re-exports its schemas and
 * admin components; the pages that show no form and no owner's tool must not load zod or the dialogs for them.
 */
for (const path of ["/", "/prices", "/team", "/faq"]) {
  test(`${path} loads no validation library and no dialog`, async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.text());
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const loaded = await Promise.all(scripts);
    expect(loaded.length, "the page's scripts were loaded").toBeGreaterThan(0);
    expect(loaded.filter((source) => source.includes("._zod.")).length, "scripts with zod").toBe(0);
    expect(loaded.filter((source) => source.includes("`DialogContent`")).length, "scripts with Radix's dialog").toBe(0);
  });
}
