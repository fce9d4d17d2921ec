import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { confirmDelete, expectToast, unique } from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the owner adds an FAQ, finds it on the FAQ page, edits it with Cancel Edit on the way and deletes it", async ({
  page,
}) => {
  const question = `${unique("Do you take card payments")}?`;

  await page.goto("/admin/faq");
  await expect(page.getByRole("heading", { name: "Add New FAQ" })).toBeVisible();
  await page.getByRole("button", { name: "Add FAQ" }).click();
  await expect(page.getByText("Question is required")).toBeVisible();
  await expect(page.getByText("Answer is required")).toBeVisible();
  await expect(page.getByLabel("Category").locator("option")).toHaveText([
    "General",
    "Services",
    "Bookings",
    "Products",
    "Payments",
  ]);

  await page.getByLabel("Question").fill(question);
  await page.getByLabel("Answer").fill("Yes, every major card and contactless.");
  await page.getByLabel("Category").selectOption("Payments");
  await page.getByLabel("Order").fill("3");
  await page.getByRole("button", { name: "Add FAQ" }).click();
  await expectToast(page, "FAQ created", "The FAQ has been created successfully.");
  // Create mode again, emptied.
  await expect(page.getByLabel("Question")).toHaveValue("");

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: question }) });
  await expect(card).toContainText("Payments");
  await expect(card).toContainText("Order 3");

  await page.goto("/faq");
  await page.getByRole("button", { name: question }).click();
  await expect(page.getByText("Yes, every major card and contactless.")).toBeVisible();

  await page.goto("/admin/faq");
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit FAQ" })).toBeVisible();
  await expect(page.getByLabel("Question")).toHaveValue(question);
  await expect(page.getByLabel("Question")).toBeFocused();
  await page.getByRole("link", { name: "Cancel Edit" }).click();
  await expect(page.getByRole("heading", { name: "Add New FAQ" })).toBeVisible();
  await expect(page.getByLabel("Question")).toHaveValue("");

  await card.getByRole("link", { name: /^Edit/ }).click();
  await page.getByLabel("Answer").fill("Yes: cards, contactless and cash.");
  await page.getByRole("button", { name: "Update FAQ" }).click();
  await expectToast(page, "FAQ updated", "The FAQ has been updated successfully.");
  await expect(page.getByRole("heading", { name: "Add New FAQ" })).toBeVisible();
  await expect(card).toContainText("Yes: cards, contactless and cash.");

  await card.getByRole("button", { name: /^Delete/ }).click();
  await confirmDelete(page, "FAQ");
  await expectToast(page, "FAQ deleted", "The FAQ has been deleted successfully.");
  await expect(card).toHaveCount(0);
  await page.goto("/faq");
  await expect(page.getByRole("button", { name: question })).toHaveCount(0);
});
