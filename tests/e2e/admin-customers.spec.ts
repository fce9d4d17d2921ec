import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { addService, bookAppointment } from "../support/bookings";
import { openE2eDatabase } from "../support/e2e-db";
import { expectToast, unique } from "../support/e2e-fixtures";
import { e2eToday } from "../support/e2e-env";

test("the owner opens a customer's record, adds a note, marks a no-show, exports and erases the customer", async ({
  page,
}) => {
  const name = unique("Nora Noshow");
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`;
  // An appointment last week, booked a week before it: only the database can hold one in the past.
  const pastDate = addDays(e2eToday(), -7 - Math.floor(Math.random() * 200));
  const db = openE2eDatabase();
  try {
    const serviceId = await addService(db, unique("Past Fade"));
    await bookAppointment(db, {
      date: pastDate,
      startTime: "10:00",
      endTime: "10:30",
      email,
      name,
      serviceIds: [serviceId],
    });
  } finally {
    await db.destroy();
  }

  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: /Customers/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByLabel("Search by name, email or phone").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  const customers = page.getByRole("list", { name: "Customers" }).getByRole("listitem");
  await expect(customers).toHaveCount(1);
  await customers.getByRole("link", { name: new RegExp(name) }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("Private notes").fill("Likes a skin fade, always chatty.");
  await page.getByRole("button", { name: "Save notes" }).click();
  await expectToast(page, "Notes saved");

  const booking = page.getByRole("list", { name: "Bookings" }).getByRole("listitem").first();
  await expect(booking).toContainText(formatShopDate(pastDate));
  await booking.getByRole("button", { name: "No-show" }).click();
  await expectToast(page, "Marked as no-show");
  await expect(booking.getByRole("button", { name: "No-show" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("No-shows:").locator("xpath=following-sibling::dd[1]")).toHaveText("1");

  await page.reload();
  await expect(page.getByLabel("Private notes")).toHaveValue("Likes a skin fade, always chatty.");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^customer-.+\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(exported).toMatchObject({ email, ownerNotes: "Likes a skin fade, always chatty." });
  expect(exported.bookings).toEqual([expect.objectContaining({ name, date: pastDate, attendance: "no-show" })]);

  await page.getByRole("button", { name: "Erase customer" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Erase this customer?" });
  await dialog.getByRole("button", { name: "Erase" }).click();
  await expectToast(page, "Customer erased");
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await page.getByLabel("Search by name, email or phone").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`No customers match “${email}”.`)).toBeVisible();
  expect((await page.request.get(`/api/customers/${encodeURIComponent(email)}`)).status()).toBe(404);
});
