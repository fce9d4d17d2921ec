import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-env";

/**
 * Signs the page's browser context in as the shop owner through the API (fast; the
 * cookie is shared with the page). Specs about the login form itself use `signInWithForm`.
 */
export async function signIn(page: Page) {
  const response = await page.request.post("/api/login", { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in the way the owner does: the Admin Login form at /admin, ending on the dashboard. */
export async function signInWithForm(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

/** Every admin screen, as the dashboard links to them. */
export const ADMIN_SCREENS = [
  { path: "/admin/services", heading: "Manage Services" },
  { path: "/admin/gallery", heading: "Manage Gallery" },
  { path: "/admin/products", heading: "Manage Products" },
  { path: "/admin/blog", heading: "Manage Blog Posts" },
  { path: "/admin/media", heading: "Media Library" },
  { path: "/admin/contact", heading: "Contact Form Submissions" },
  { path: "/admin/bookings", heading: "Manage Booking Slots" },
  { path: "/admin/faq", heading: "Manage FAQs" },
  { path: "/admin/accounts", heading: "Admin Accounts" },
  { path: "/admin/activity", heading: "Activity" },
  { path: "/admin/customers", heading: "Customers" },
  { path: "/admin/waitlist", heading: "Waitlist" },
  { path: "/admin/gift-cards", heading: "Gift cards" },
  { path: "/admin/memberships", heading: "Memberships" },
  { path: "/admin/team", heading: "Manage Team" },
  { path: "/admin/settings", heading: "Shop Settings" },
  { path: "/admin/reports", heading: "Reports" },
  { path: "/admin/reports/pay", heading: "Pay" },
] as const;
