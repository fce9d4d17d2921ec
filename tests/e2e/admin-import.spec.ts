import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { createService, test } from "../support/e2e-booking";
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

/**
 * The Fresha-shaped fixture of the import feature's own tests, on a Wednesday in July years ahead that no other run uses,
 * with this run's barbers and services in place of its names (a first name, a name in lower case, a service and a
 * barber the shop has not, a cancelled row, a row after hours and one that clashes stay as they are).
 */
function freshaAppointments(tag: string, date: string) {
  const fixture = path.join(import.meta.dirname, "../../app/features/import/fixtures/fresha-appointments.csv");
  return fs
    .readFileSync(fixture, "utf8")
    .replaceAll("08 Jan 2030", `${date.slice(8)} Jul ${date.slice(0, 4)}`)
    .replaceAll("Alex Morgan", `Alex${tag} Morgan`)
    .replaceAll(",Alex,", `,Alex${tag},`)
    .replaceAll("Bea Jones", `Bea${tag} Jones`)
    .replaceAll("Carl", `Carl${tag}`)
    .replaceAll("Hot Towel Shave", `Hot Towel ${tag}`)
    .replace(/skin fade/gi, `Skin Fade ${tag}`)
    .replaceAll("Beard Trim", `Beard Trim ${tag}`);
}

test("the owner imports a Fresha export of appointments: the check lists the rows skipped and why, the import books the rest into the calendar", async ({
  page,
  owner,
}) => {
  const tag = unique("").replace(/\W+/g, "").slice(-8);
  const fade = await createService(owner, { title: `Skin Fade ${tag}`, price: 18.5, duration: 30 });
  const beard = await createService(owner, { title: `Beard Trim ${tag}`, price: 11.5, duration: 15 });
  const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
  for (const [name, services] of [
    [`Alex${tag} Morgan`, [fade.id, beard.id]],
    [`Bea${tag} Jones`, [fade.id]],
  ] as const) {
    const made = await owner.post("/api/team", {
      data: { name, bio: "", image: null, serviceIds: services.map(String), weeklyHours: weekdays, timeOff: [] },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  // A Wednesday in July (no bank holiday) of a year well ahead, so a run never meets another's bookings.
  let date = `${2031 + Math.floor(Math.random() * 40)}-07-${String(1 + Math.floor(Math.random() * 20)).padStart(2, "0")}`;
  while (dayOfWeek(date) !== 3) date = addDays(date, 1);
  const file = { name: `fresha-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(freshaAppointments(tag, date)) };

  await signIn(page);
  await page.goto("/admin/import");
  const part = page.getByRole("region", { name: "Import appointments" });
  await part.getByLabel("Appointments file (CSV)").setInputFiles(file);
  await part.getByRole("button", { name: "Check appointments" }).click();
  const answer = part.getByRole("status");
  await expect(answer).toContainText("8 rows: 3 appointments would be booked, 5 rows skipped.");
  await expect(answer.getByRole("list", { name: "Skipped rows" }).getByRole("listitem")).toHaveText([
    `Row 4: Clashes with another booking of Alex${tag} Morgan at that time`,
    `Row 5: Unknown service "Hot Towel ${tag}"`,
    `Row 6: Unknown barber "Carl${tag}"`,
    'Row 7: Not an appointment to keep: its status is "Cancelled"',
    `Row 8: That time is outside Alex${tag} Morgan's working hours.`,
  ]);
  await expect(answer.getByRole("table")).toContainText("Jamal Ahmed");
  await page.screenshot({ path: test.info().outputPath("import-appointments-check-1440.png"), fullPage: true });

  // The check booked nothing: the import (of the file kept since the check) books the same three.
  await expect(part.getByLabel("“Time” is")).toHaveValue("startTime");
  await part.getByRole("button", { name: "Import 3 appointments" }).click();
  await expect(answer).toContainText("8 rows: 3 appointments booked, 5 rows skipped, 0 customers mailed.");

  await page.goto(`/admin/calendar?date=${date}`);
  const alex = page.getByRole("list", { name: `Alex${tag} Morgan's bookings` });
  await expect(alex.getByRole("listitem")).toHaveCount(2);
  await expect(alex).toContainText("Jamal Ahmed");
  await expect(alex).toContainText("Owen Price");
  await expect(page.getByRole("list", { name: `Bea${tag} Jones's bookings` })).toContainText("Dee Walsh");
  await page.screenshot({ path: test.info().outputPath("import-appointments-calendar-1440.png"), fullPage: true });
});
