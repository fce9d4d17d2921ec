import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";

test("the owner reads the API reference, rendered on the server from /api/openapi.json and staying on the site", async ({
  page,
  baseURL,
}) => {
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
  await expect(page.getByRole("heading", { level: 2, name: "Oldham Barbers API" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "booking-slots" })).toBeAttached();

  const booking = page.locator("article", { has: page.getByRole("heading", { name: /^POST\s*\/api\/bookings\s/ }) });
  await booking.scrollIntoViewIfNeeded();
  const body = booking.getByRole("table", { name: "Request body (application/json)" });
  await expect(body.getByRole("row", { name: /customerName\s+string\s+yes\s+2–100 characters/ })).toBeVisible();
  await booking.getByText(/^Responses: 201/).click();
  await expect(
    booking.getByRole("table", { name: "201 body (application/json)" }).getByRole("cell", { name: "services[].title" }),
  ).toBeVisible();

  await page.getByRole("navigation", { name: "API sections" }).getByRole("link", { name: "auth" }).click();
  await expect(page).toHaveURL(/#tag-auth$/);
  await expect(page.getByText("Who is signed in").first()).toBeVisible();
  expect(elsewhere).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the reference is whole, and the page is for admins only", async ({ page }) => {
    await page.goto("/admin/api");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await signIn(page);
    await page.goto("/admin/api");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API Reference");
    const login = page.locator("article", { has: page.getByRole("heading", { name: /^POST\s*\/api\/login\s/ }) });
    await expect(login.getByRole("row", { name: /^password\s+string\s+yes/ })).toBeVisible();
  });
});
