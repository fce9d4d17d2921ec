import { expect, test, type Page } from "@playwright/test";
import { AXE_VIEWPORTS, expectNoSeriousViolations } from "../support/e2e-axe";
import { gotoHydrated } from "../support/e2e-hydration";

/** Each public screen, plus the states that add content: an open menu, a dialog, validation errors. */
async function publicPaths(page: Page) {
  // The oldest post is the demo content; newer ones are other specs' and may be deleted meanwhile.
  const post = ((await (await page.request.get("/api/blog")).json()) as { slug: string }[]).at(-1);
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

for (const viewport of AXE_VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`public pages have no serious or critical accessibility violations (${viewport.name})`, async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of await publicPaths(page)) {
        await gotoHydrated(page, path);
        await expectNoSeriousViolations(page, path);
      }
    });

    test(`interactive states stay accessible: menu, gallery view, FAQ answer, form errors (${viewport.name})`, async ({
      page,
    }) => {
      await gotoHydrated(page, "/gallery");
      if (viewport.name === "phone") {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
        await expectNoSeriousViolations(page, "/gallery with the menu open");
        await page.getByRole("button", { name: "Close menu" }).click();
      }
      await page.getByRole("list", { name: "Styles" }).getByRole("link").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousViolations(page, "/gallery larger view");

      await gotoHydrated(page, "/faq");
      await page.getByRole("main").getByRole("button").first().click();
      await expectNoSeriousViolations(page, "/faq with an answer open");

      // The map frame is answered locally: the test checks our page, not Google's.
      await page.route(/^https:\/\/(www|maps)\.google\.com\//, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><html lang="en"><title>Map</title><main>Map</main></html>',
        }),
      );
      await gotoHydrated(page, "/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      await page.getByRole("button", { name: "Show map" }).click();
      await expectNoSeriousViolations(page, "/contact with errors and map");
    });
  });
}
