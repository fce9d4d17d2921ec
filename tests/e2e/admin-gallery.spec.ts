import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { confirmDelete, expectToast, unique, uploadImage } from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const categoryCard = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Categories" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });

test("the owner manages gallery categories and styles, and a category in use cannot be deleted", async ({ page }) => {
  const category = unique("Skin Fades");
  const title = unique("Mid Fade");
  const image = await uploadImage(page, `${title}.png`);

  await page.goto("/admin/gallery");
  await expect(page.getByText("Manage haircut categories")).toBeVisible();

  // Add Category: empty names are refused, a new one is added, a repeated one explained.
  await page.getByRole("link", { name: "Add Category" }).click();
  let dialog = page.getByRole("dialog", { name: "Add Category" });
  await dialog.getByLabel("Category Name").fill("   ");
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expect(dialog.getByText("Category name cannot be empty")).toBeVisible();
  await dialog.getByLabel("Category Name").fill(category);
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expectToast(page, "Category added successfully");
  await expect(dialog).toBeHidden();
  await expect(categoryCard(page, category)).toContainText("0 styles");

  await page.getByRole("link", { name: "Add Category" }).click();
  dialog = page.getByRole("dialog", { name: "Add Category" });
  await dialog.getByLabel("Category Name").fill(category.toUpperCase());
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expectToast(page, "Error adding category", `A category named "${category}" already exists.`);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // A style in that category, with an image from the library.
  await page.getByRole("link", { name: "Add Gallery Item" }).click();
  dialog = page.getByRole("dialog", { name: "Add New Gallery Item" });
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Image is required")).toBeVisible();
  await expect(dialog.getByText("Category is required")).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Faded from the temple, textured on top.");
  await dialog.getByRole("button", { name: "Image Choose Image" }).click();
  await page.getByRole("dialog", { name: "Choose an Image" }).getByRole("button", { name: image.name }).click();
  await dialog.getByLabel("Category").selectOption(category);
  await dialog.getByLabel("Stylist").fill("Jordan");
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await expectToast(page, "Gallery item created", "The gallery item has been created successfully.");
  await expect(dialog).toBeHidden();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText(category);
  await expect(card).toContainText("by Jordan");
  await expect(card.getByRole("img", { name: title })).toHaveAttribute("src", image.url);
  await expect(categoryCard(page, category)).toContainText("1 style");

  await page.goto("/gallery");
  await expect(page.getByRole("img", { name: title })).toBeVisible();

  // The category is in use: deleting it is refused with the reason.
  await page.goto("/admin/gallery");
  await categoryCard(page, category).hover();
  await page.getByRole("button", { name: `Delete category ${category}` }).click();
  await confirmDelete(page, "category");
  await expectToast(page, "Error", "This category is used by 1 gallery item. Move or delete them first.");
  await expect(categoryCard(page, category)).toBeVisible();

  await card.getByRole("link", { name: `Edit ${title}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit Gallery Item" });
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await dialog.getByLabel("Title").fill(`${title} Updated`);
  await dialog.getByRole("button", { name: "Update Item" }).click();
  await expectToast(page, "Gallery item updated", "The gallery item has been updated successfully.");
  await expect(page.getByRole("heading", { name: `${title} Updated` })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${title} Updated` }).click();
  await confirmDelete(page, "gallery item");
  await expectToast(page, "Gallery item deleted", "The gallery item has been deleted successfully.");
  await expect(page.getByRole("heading", { name: `${title} Updated` })).toHaveCount(0);
  await expect(categoryCard(page, category)).toContainText("0 styles");

  // The delete button appears on keyboard focus as well as on hover.
  const remove = page.getByRole("button", { name: `Delete category ${category}` });
  await expect(remove).toHaveCSS("opacity", "0");
  await remove.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(remove).toBeFocused();
  await expect(remove).toHaveCSS("opacity", "1");
  await page.keyboard.press("Enter");
  await confirmDelete(page, "category");
  await expectToast(page, "Category deleted successfully");
  await expect(categoryCard(page, category)).toHaveCount(0);

  await page.goto("/gallery");
  await expect(page.getByRole("img", { name: title })).toHaveCount(0);
});
