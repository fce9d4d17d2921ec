import { expect } from "@playwright/test";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { calendarDay, createBarber, createService, nextWeekday, test } from "../support/e2e-booking";
import { expectToast, unique } from "../support/e2e-fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, a customer books a repeating appointment, sees its dates, and cancels this and all later ones", async ({
  page,
  owner,
  customer,
}) => {
  // Three bookings, their preview and a cancel of three: more steps than one booking's spec.
  test.slow();
  const service = await createService(owner, { title: unique("Regular Cut"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const date = nextWeekday();
  const dates = [0, 1, 2].map((week) => addDays(date, week * 7));
  const email = `${unique("repeat").replace(" ", ".")}@example.com`;

  await page.goto("/bookings");
  await page.getByRole("checkbox", { name: service.title }).check();
  await page.getByRole("radio", { name: new RegExp(barber.name) }).check();
  const day = await calendarDay(page, "Choose a date", date);
  await expect(day).not.toHaveAttribute("aria-disabled", "true");
  await day.click();
  await page
    .getByRole("group", { name: `Times on ${formatShopDate(date)}` })
    .getByRole("button", { name: "10:00 – 10:30" })
    .click();

  // Repeat every week, three times: the dates are listed before confirming.
  await page.getByRole("checkbox", { name: "Repeat every" }).check();
  await page.getByRole("combobox", { name: "Weeks between appointments" }).selectOption("1");
  await page.getByRole("combobox", { name: "Number of appointments" }).selectOption("3");
  const preview = page.getByRole("list", { name: "Your repeat dates" });
  for (const day of dates) await expect(preview).toContainText(`${formatShopDate(day)}, 10:00`);
  await expect(preview.getByRole("listitem")).toHaveCount(3);

  await page.getByLabel("Name", { exact: true }).fill(customer.customerName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Your repeat appointments have been booked!");
  const confirmation = page.getByRole("region", { name: "Your repeat appointments are booked" });
  await expect(confirmation).toContainText("3 of 3 dates booked");
  const booked = confirmation.getByRole("list", { name: "Your repeat appointments" }).getByRole("listitem");
  await expect(booked).toHaveCount(3);
  for (const [index, day] of dates.entries()) {
    await expect(booked.nth(index)).toContainText(`${formatShopDate(day)}, 10:00`);
    await expect(booked.nth(index)).toContainText(/Booked \(OB-/);
  }

  // The first date's page cancels it and the two later ones.
  await confirmation.getByRole("link", { name: "View or cancel your booking" }).click();
  await page.getByRole("button", { name: "Cancel this and all later ones" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("the 2 later dates of your repeat appointments");
  await dialog.getByRole("button", { name: "Cancel this and all later ones" }).click();
  await expectToast(page, "Your bookings have been cancelled");
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();

  // The times are free again: every date offers 10:00 with the barber.
  for (const day of dates) {
    const times = await owner.get(`/api/availability?date=${day}&services=${service.id}&member=${barber.id}`);
    expect((await times.json()).map((time: { startTime: string }) => time.startTime)).toContain("10:00");
  }
});
