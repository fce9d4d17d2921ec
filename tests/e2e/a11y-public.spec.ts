import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) => `${label} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Each public screen, plus the states that add content: an open menu, a dialog, validation errors. */
async function publicPaths(page: Page) {
  const [post] = (await (await page.request.get("/api/blog")).json()) as { slug: string }[];
  const [barber] = (await (await page.request.get("/api/barbers")).json()) as { slug: string }[];
  return [
    "/",
    "/prices",
    "/products",
    "/gallery",
    "/blog",
    `/blog/${post!.slug}`,
    "/contact",
    "/faq",
    "/barbers-near-me",
    `/barbers/${barber!.slug}`,
    "/no-such-page",
  ];
}

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`public pages have no serious or critical accessibility violations (${viewport.name})`, async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of await publicPaths(page)) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolations(page, path);
      }
    });

    test(`interactive states stay accessible: menu, gallery view, FAQ answer, form errors (${viewport.name})`, async ({
      page,
    }) => {
      await page.goto("/gallery");
      await page.waitForLoadState("networkidle");
      if (viewport.name === "phone") {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
        await expectNoSeriousViolations(page, "/gallery with the menu open");
        await page.getByRole("button", { name: "Close menu" }).click();
      }
      await page.getByRole("list", { name: "Styles" }).getByRole("link").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousViolations(page, "/gallery larger view");

      await page.goto("/faq");
      await page.waitForLoadState("networkidle");
      await page.getByRole("main").getByRole("button").first().click();
      await expectNoSeriousViolations(page, "/faq with an answer open");

      // The map frame is answered locally: the test checks our page, not Google's.
      await page.route(/^https:\/\/(www|maps)\.google\.com\//, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><html lang="en"><title>Map</title><main>Map</main></html>',
        }),
      );
      await page.goto("/contact");
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      await page.getByRole("button", { name: "Show map" }).click();
      await expectNoSeriousViolations(page, "/contact with errors and map");
    });
  });
}
