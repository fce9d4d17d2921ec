import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { confirmDelete, expectToast, unique, uploadImage } from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the owner adds a product with an image picked from the library, edits it and deletes it", async ({ page }) => {
  const name = unique("Matte Clay");
  const tag = name.split(" ").at(-1)!;
  const chosen = await uploadImage(page, `clay-${tag}.png`, { r: 40, g: 90, b: 160 });
  const decoy = await uploadImage(page, `pomade-${tag}.png`, { r: 160, g: 40, b: 90 });

  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByRole("button", { name: "Add Product" }).click();
  for (const message of [
    "Name is required",
    "Price must be positive",
    "Description is required",
    "Image is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Price (£)").fill("14.95");
  await dialog.getByLabel("Description").fill("A strong hold with a natural, no-shine finish.");

  // The picker: a 3-column grid in a 60vh scroll area; the search box filters by file name.
  await dialog.getByRole("button", { name: "Image Choose Image" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an Image" });
  await expect(picker.getByRole("button", { name: decoy.name })).toBeVisible();
  await expect(picker.getByRole("list")).toHaveCSS("grid-template-columns", /^\S+ \S+ \S+$/);
  const viewportHeight = page.viewportSize()!.height;
  const scrollArea = await picker.locator("[data-radix-scroll-area-viewport]").boundingBox();
  expect(Math.round(scrollArea!.height)).toBeLessThanOrEqual(Math.round(viewportHeight * 0.6));
  await picker.getByRole("searchbox", { name: "Search images by file name" }).fill(`clay-${tag}`);
  await expect(picker.getByRole("button", { name: decoy.name })).toHaveCount(0);
  await picker.getByRole("button", { name: chosen.name }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByRole("button", { name: /^Image Chosen image/ })).toBeVisible();

  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product created", "The product has been created successfully.");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("£14.95");
  await expect(card.getByRole("img", { name })).toHaveAttribute("src", chosen.url);

  await page.goto("/products");
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.goto("/admin/products");
  await card.getByRole("link", { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Product" });
  await editDialog.getByLabel("Price (£)").fill("-1");
  await editDialog.getByRole("button", { name: "Update Product" }).click();
  await expect(editDialog.getByText("Price must be positive")).toBeVisible();
  await editDialog.getByLabel("Price (£)").fill("16");
  await editDialog.getByRole("button", { name: "Update Product" }).click();
  await expectToast(page, "Product updated", "The product has been updated successfully.");
  await expect(card).toContainText("£16.00");

  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmDelete(page, "product");
  await expectToast(page, "Product deleted", "The product has been deleted successfully.");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  await page.goto("/products");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});
