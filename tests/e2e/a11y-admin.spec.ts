import { expect, test } from "@playwright/test";
import { ADMIN_SCREENS, signIn } from "../support/e2e-auth";
import { AXE_VIEWPORTS, expectNoSeriousViolations } from "../support/e2e-axe";
import { ADMIN_SPEC_EMAIL } from "../support/e2e-fixtures";

test("the login form has no serious accessibility problems, with or without its errors", async ({ page }) => {
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await expectNoSeriousViolations(page, `login form, ${viewport.name}`, { bestPractice: true });
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expectNoSeriousViolations(page, `login form with errors, ${viewport.name}`, { bestPractice: true });
  }
});

test.beforeAll(async ({ request }) => {
  // So the submissions screen is checked with a card on it, not only its empty state.
  await request.post("/api/contact", {
    data: {
      name: "Axe Checker",
      email: ADMIN_SPEC_EMAIL,
      phone: "07700 900789",
      message: "Checking the admin cards.",
    },
  });
});

for (const screen of [{ path: "/admin", heading: "Admin Dashboard" }, ...ADMIN_SCREENS]) {
  test(`${screen.heading} (${screen.path}) has no serious accessibility problems`, async ({ page }) => {
    await signIn(page);
    for (const viewport of AXE_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(screen.heading);
      await expectNoSeriousViolations(page, `${screen.path}, ${viewport.name}`, { bestPractice: true });
    }
  });
}

test("an admin form dialog and the image picker have no serious accessibility problems", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expectNoSeriousViolations(page, "product form with errors", { bestPractice: true });
  await dialog.getByRole("button", { name: "Image Choose Image" }).click();
  await expect(page.getByRole("dialog", { name: "Choose an Image" }).getByRole("list")).toBeVisible();
  await expectNoSeriousViolations(page, "image picker", { bestPractice: true });
});
