import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";

test("the owner reads the API reference, drawn from /api/openapi.json by a viewer that stays on the site", async ({
  page,
  baseURL,
}) => {
  // The viewer is a 4 MB script: parsing it takes a while on a busy machine.
  test.setTimeout(60_000);
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  await signIn(page);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Management sections" })
    .getByRole("link", { name: /^API Reference/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/api$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API Reference");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { name: "Oldham Barbers API" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Who is signed in").first()).toBeVisible();
  await expect(page.getByText("booking-slots").first()).toBeVisible();
  expect(elsewhere).toEqual([]);
});

test("the viewer's script is fetched by that page only, and the page is for admins only", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin/api");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  await signIn(page);
  await page.goto("/admin/media");
  await page.goto("/");
  expect(scripts.filter((path) => path.includes("standalone"))).toEqual([]);
});
