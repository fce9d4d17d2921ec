import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { confirmDelete, expectToast, unique } from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the owner writes a blog post, reads it on the blog, edits it and deletes it", async ({ page }) => {
  const title = unique("Five Fade Myths");
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "Add New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Blog Post" });
  await dialog.getByRole("button", { name: "Add Post" }).click();
  for (const message of [
    "Title is required",
    "Author is required",
    "Category is required",
    "Summary is required",
    "Content is required",
    "At least one tag is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(dialog.getByLabel("Category").locator("option")).toHaveText([
    "Select a category",
    "Hair Care",
    "Beard Care",
    "Styling Tips",
    "Product Reviews",
    "News",
  ]);

  await dialog.getByLabel("Title").fill(`${title}!`);
  await expect(dialog.getByText(`/blog/${slug}`)).toBeVisible();
  await dialog.getByLabel("Author").fill("Sam the Barber");
  await dialog.getByLabel("Category").selectOption("Styling Tips");
  await dialog.getByLabel("Summary").fill("What a fade can and cannot do for you.");
  await dialog.getByLabel("Content").fill("Myth one: fades only suit short hair.\nMyth two: they grow out badly.");
  await dialog.getByLabel("Tags").fill("fades, myths, , Fades");
  await dialog.getByRole("button", { name: "Add Post" }).click();
  await expectToast(page, "Blog post created", "The blog post has been created successfully.");
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `${title}!` }) });
  await expect(card).toContainText("By Sam the Barber");
  await expect(card).toContainText("Styling Tips");
  await expect(card.getByText("myths", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /View post/ })).toHaveAttribute("href", `/blog/${slug}`);

  await page.goto("/blog");
  await expect(page.getByRole("link", { name: new RegExp(`${title}!`) }).first()).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title}!`);
  await expect(page.getByText("Myth two: they grow out badly.")).toBeVisible();

  await page.goto("/admin/blog");
  await card.getByRole("link", { name: `Edit ${title}!` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Blog Post" });
  await expect(editDialog.getByLabel("Tags")).toHaveValue("fades, myths");
  await editDialog.getByLabel("Title").fill(`${title} Revisited`);
  await expect(editDialog.getByText(`/blog/${slug}-revisited`)).toBeVisible();
  await editDialog.getByRole("button", { name: "Update Post" }).click();
  await expectToast(page, "Blog post updated", "The blog post has been updated successfully.");
  const edited = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `${title} Revisited` }) });
  await expect(edited.getByRole("link", { name: /View post/ })).toHaveAttribute("href", `/blog/${slug}-revisited`);

  await edited.getByRole("button", { name: `Delete ${title} Revisited` }).click();
  await confirmDelete(page, "blog post");
  await expectToast(page, "Blog post deleted", "The blog post has been deleted successfully.");
  await expect(edited).toHaveCount(0);
  const gone = await page.goto(`/blog/${slug}-revisited`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText("Blog post not found")).toBeVisible();
});
