import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { confirmDelete, expectToast, unique } from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the owner adds a service, sees it on the price list, edits it past a taken order and deletes it", async ({
  page,
}) => {
  const title = unique("Hot Towel Shave");
  const other = unique("Kids Cut");

  // Another service holds an order number the edit will try to take.
  const otherResponse = await page.request.post("/api/services", {
    data: {
      title: other,
      price: 12,
      description: "For under twelves.",
      category: "hair",
      icon: "Scissors",
      duration: 20,
      order: 0,
    },
  });
  const taken = ((await otherResponse.json()) as { order: number }).order;

  await page.goto("/admin/services");
  await page.getByRole("link", { name: "Add New Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await dialog.getByRole("button", { name: "Add Service" }).click();
  for (const message of [
    "Title is required",
    "Price must be positive",
    "Description is required",
    "Category is required",
    "Duration is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(dialog.getByLabel("Price (£)")).toHaveAttribute("step", "0.01");
  await expect(dialog.getByLabel("Icon").locator("option")).toHaveText(["Scissors", "Sparkles", "Award", "Droplets"]);

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Price (£)").fill("22.50");
  await dialog.getByLabel("Duration (mins)").fill("35");
  await dialog.getByLabel("Description").fill("A traditional straight-razor shave with hot towels.");
  await dialog.getByLabel("Category").selectOption("beard");
  await dialog.getByLabel("Icon").selectOption("Droplets");
  await dialog.getByRole("button", { name: "Add Service" }).click();

  await expectToast(page, "Service created", "The service has been created successfully.");
  await expect(dialog).toBeHidden();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("£22.50");
  await expect(card).toContainText("35 mins");
  // Order left empty: the server placed it after the highest (other specs may add services meanwhile).
  await expect(card).toContainText(/Order:\d+/);
  const placed = Number(/Order:(\d+)/.exec((await card.textContent()) ?? "")?.[1]);
  expect(placed).toBeGreaterThan(taken);

  await page.goto("/prices");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await page.goto("/admin/services");
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Service" });
  await expect(editDialog.getByLabel("Title")).toHaveValue(title);
  await editDialog.getByLabel("Price (£)").fill("24.99");
  await editDialog.getByLabel("Order").fill(String(taken));
  await editDialog.getByRole("button", { name: "Update Service" }).click();
  const inUse = `Order number ${taken} is already in use. Please choose a different number.`;
  await expect(editDialog.getByText(inUse)).toBeVisible();
  await expectToast(page, "Error", inUse);

  await editDialog.getByLabel("Order").fill("");
  await editDialog.getByRole("button", { name: "Update Service" }).click();
  await expectToast(page, "Service updated", "The service has been updated successfully.");
  await expect(editDialog).toBeHidden();
  await expect(card).toContainText("£24.99");

  // After an edit the dialog is back in create mode, empty.
  await page.getByRole("link", { name: "Add New Service" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Service" }).getByLabel("Title")).toHaveValue("");
  await page.getByRole("button", { name: "Cancel" }).click();

  // Deleting asks first: Cancel keeps the service, Delete removes it.
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this service?" });
  await expect(confirm).toContainText(`“${title}” will be removed for good.`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDelete(page, "service");
  await expectToast(page, "Service deleted", "The service has been deleted successfully.");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  await page.goto("/prices");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  await page.goto("/admin/services");
  await page.getByRole("button", { name: `Delete ${other}` }).click();
  await confirmDelete(page, "service");
  await expectToast(page, "Service deleted");
});
