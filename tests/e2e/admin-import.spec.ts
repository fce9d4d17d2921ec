import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { unique } from "../support/e2e-fixtures";

test.use({ viewport: { width: 1440, height: 900 } });

test("the owner uploads a client file, fixes one column's mapping, sees the dry run and imports it", async ({
  page,
}) => {
  const tag = unique("imp").toLowerCase().replace(/\W+/g, "");
  const csv = [
    "First name;Last name;Email;Contact number;Marketing consent",
    `Zoe;Import;zoe-${tag}@example.com;07700 900321;yes`,
    `Rene;Import;;07${String(Date.now()).slice(-9)};no`,
  ].join("\r\n");

  await signIn(page);
  await page.goto("/admin/customers");
  await page.getByRole("link", { name: "Import clients" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import clients" })).toBeVisible();
  await page.getByLabel("Client file (CSV)").setInputFiles({
    name: `${tag}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(`\ufeff${csv}`),
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("status")).toHaveText(/2 rows: 1 new customer, 0 merged .* 1 skipped\./);

  await page.getByLabel("“Contact number” is").selectOption("phone");
  await page.getByRole("button", { name: "Check again with these columns" }).click();
  await expect(page.getByRole("status")).toHaveText(/2 rows: 2 new customers, 0 merged .* 0 skipped\./);
  await expect(page.getByRole("cell", { name: "Rene Import" })).toBeVisible();

  await page.getByRole("button", { name: "Import 2 clients" }).click();
  await expect(page.getByText("Clients imported: 2 new, 0 merged")).toBeVisible();
  await page.goto(`/admin/customers?q=${encodeURIComponent(`zoe-${tag}`)}`);
  await expect(page.getByRole("list", { name: "Customers" }).getByRole("listitem")).toHaveCount(1);
});
