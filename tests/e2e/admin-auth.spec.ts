import { expect, test } from "@playwright/test";
import { ADMIN_SCREENS, signIn, signInWithForm } from "../support/e2e-auth";
import { E2E_ADMIN } from "../support/e2e-env";
import { expectToast } from "../support/e2e-fixtures";

test("the login form explains what is missing and what the server refused, then signs the owner in", async ({
  page,
}) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Login failed", "Invalid username or password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");

  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Login successful", "Welcome back!");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).first()).toBeAttached();

  const sections = page.getByRole("navigation", { name: "Management sections" });
  const cards = [
    ["Reports", "/admin/reports"],
    ["Calendar", "/admin/calendar"],
    ["Booking Slots", "/admin/bookings"],
    ["Till", "/admin/till"],
    ["Customers", "/admin/customers"],
    ["Waitlist", "/admin/waitlist"],
    ["Gift cards", "/admin/gift-cards"],
    ["Memberships", "/admin/memberships"],
    ["Media Library", "/admin/media"],
    ["Products", "/admin/products"],
    ["Team", "/admin/team"],
    ["Services", "/admin/services"],
    ["Gallery", "/admin/gallery"],
    ["Blog Posts", "/admin/blog"],
    ["Contact Submissions", "/admin/contact"],
    ["FAQs", "/admin/faq"],
    ["Admin Accounts", "/admin/accounts"],
    ["Activity", "/admin/activity"],
    ["API Reference", "/admin/api"],
    ["Shop Settings", "/admin/settings"],
  ] as const;
  await expect(sections.getByRole("link")).toHaveCount(cards.length);
  for (const [name, href] of cards) {
    await expect(sections.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  }
  await sections.getByRole("link", { name: /^Services/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage Services");
});

test("every management screen has its heading, a way back to the dashboard and keeps out of search engines", async ({
  page,
}) => {
  await signIn(page);
  for (const screen of ADMIN_SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(screen.heading);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
  }
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
});

test("after Logout every admin address sends the visitor back to the login form", async ({ page }) => {
  // One visit per management screen: more than the usual 30 s on a busy CI machine.
  test.slow();
  await signInWithForm(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  expect((await page.request.get("/api/user")).status()).toBe(401);

  for (const screen of ADMIN_SCREENS) {
    await page.goto(screen.path);
    await expect(page, `${screen.path} should redirect`).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  }
});

test("a session that ends while a screen is open sends the owner to the login form with a notice", async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto("/admin/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage FAQs");
  await context.clearCookies();

  await page.getByLabel("Question").fill("Will this be saved?");
  await page.getByLabel("Answer").fill("No: the session has ended.");
  await page.getByRole("button", { name: "Add FAQ" }).click();

  await expectToast(page, "Session expired", "Please sign in again.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  expect((await page.request.get("/api/faqs")).ok()).toBe(true);
  expect(
    ((await (await page.request.get("/api/faqs")).json()) as { question: string }[]).map((faq) => faq.question),
  ).not.toContain("Will this be saved?");
});
