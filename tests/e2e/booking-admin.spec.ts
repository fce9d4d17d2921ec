import { expect } from "@playwright/test";
import { monthOf } from "~/features/booking/components/month-calendar";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import {
  adminSlots,
  bookThroughApi,
  calendarDay,
  createService,
  createSlots,
  createTwoServices,
  futureDate,
  futureDayPair,
  test,
  publicSlots,
} from "../support/e2e-booking";
import { expectToast, unique } from "../support/e2e-fixtures";
import { e2eToday } from "../support/e2e-env";

test("only admins reach the page", async ({ page }) => {
  await page.goto("/admin/bookings");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
});

test("the admin adds a day of 30-minute slots on two dates, sees a booking with its customer and services, and deletes a slot", async ({
  page,
  owner,
  customer,
}) => {
  // Slots made, refused, booked, deleted and cancelled in one story: more than the usual 30 s on a busy machine.
  test.slow();
  // Short enough for one 30-minute slot: a longer booking no longer fits when the next slot follows it.
  const services = [
    await createService(owner, { title: unique("Test Fade"), price: 18.5, duration: 15 }),
    await createService(owner, { title: unique("Test Beard"), price: 7.25, duration: 10, category: "beard" }),
  ] as const;
  const [first, second] = futureDayPair(4);
  await signIn(page);
  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Booking Slots" })).toBeVisible();
  const available = page.getByRole("group", { name: "Available slots calendar" });
  await expect(available.getByRole("columnheader")).toHaveText(["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]);

  // Past days cannot be chosen.
  await expect(available.getByRole("button", { name: "Previous month" })).toBeDisabled();
  const today = e2eToday();
  if (monthOf(addDays(today, -1)) === monthOf(today)) {
    const yesterday = available.getByRole("button", { name: new RegExp(`^${formatShopDate(addDays(today, -1))}`) });
    await expect(yesterday).toHaveAttribute("aria-disabled", "true");
    await yesterday.click({ force: true });
    await expect(page.getByText("Selected dates: 0")).toBeVisible();
  }

  await page.getByRole("button", { name: "Add Slots" }).click();
  let dialog = page.getByRole("dialog", { name: "Add New Booking Slots" });
  await expect(dialog).toContainText("Selected dates: 0");
  await expect(dialog.getByText("Please select at least one date")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();

  await (await calendarDay(page, "Available slots calendar", first)).click();
  await (await calendarDay(page, "Available slots calendar", second)).click();
  await expect(page.getByText("Selected dates: 2")).toBeVisible();

  await page.getByRole("button", { name: "Add Slots" }).click();
  dialog = page.getByRole("dialog", { name: "Add New Booking Slots" });
  await expect(dialog).toContainText("Selected dates: 2");
  await expect(dialog.getByLabel("Start time")).toHaveValue("09:00");
  await expect(dialog.getByLabel("End time")).toHaveValue("10:00");
  // Inside every day's default opening hours (Sunday 9:30–16:00), whatever weekdays the dates fall on.
  await dialog.getByLabel("Start time").fill("10:00");
  await dialog.getByLabel("End time").fill("15:00");
  await dialog.getByLabel(/Repeat every/).fill("30");
  await expect(dialog).toContainText("This will create 20 slots.");
  await dialog.getByRole("button", { name: "Add Slots" }).click();
  await expectToast(page, "Booking slots created successfully");
  await expect(dialog).toBeHidden();

  const firstList = page.getByRole("list", { name: `Available slots on ${formatShopDate(first)}` });
  await expect(firstList.getByRole("listitem")).toHaveCount(10);
  await expect(firstList.getByRole("listitem").first()).toHaveText("10:00 – 10:30");
  await expect(firstList.getByRole("listitem").last()).toHaveText("14:30 – 15:00");
  const created = (await publicSlots(owner)).filter((slot) => slot.date === first || slot.date === second);
  expect(created).toHaveLength(20);

  // An overlapping slot is refused with the server's reason.
  await page.getByRole("button", { name: "Add Slots" }).click();
  dialog = page.getByRole("dialog", { name: "Add New Booking Slots" });
  await dialog.getByRole("button", { name: "Add Slots" }).click();
  await expectToast(page, "Failed to create booking slots", /overlaps an existing slot/);
  await expect(dialog.getByRole("alert")).toContainText("overlaps an existing slot");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // A customer books 10:00 – 10:30 on the first date.
  const slot = created.find((candidate) => candidate.date === first && candidate.startTime === "10:00")!;
  const booking = await bookThroughApi(owner, slot.id, services, { ...customer, notes: "Short on top, please." });
  await page.reload();

  const booked = await calendarDay(page, "Booked slots calendar", first);
  await expect(booked).toHaveAccessibleName(`${formatShopDate(first)}, 1 booked, 9 available`);
  await booked.click();
  const bookings = page.getByRole("list", { name: `Booked slots on ${formatShopDate(first)}` });
  await expect(bookings.getByRole("listitem")).toHaveCount(1);
  const entry = bookings.getByRole("listitem").first();
  await expect(entry).toContainText("10:00 – 10:30");
  await expect(entry).toContainText(customer.customerName);
  await expect(entry).toContainText(customer.customerEmail);
  await expect(entry).toContainText("07700900123");
  await expect(entry).toContainText(`Services:${services[0].title}, ${services[1].title}`);
  await expect(entry).toContainText(booking.reference);
  await expect(entry).toContainText("£33.75");
  await expect(entry).toContainText("Short on top, please.");

  // The booked slot has left the available list; delete another after confirming.
  await (await calendarDay(page, "Available slots calendar", first)).click();
  await expect(firstList.getByRole("listitem")).toHaveCount(9);
  await firstList.getByRole("button", { name: `Delete slot 10:30 – 11:00 on ${formatShopDate(first)}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this booking slot?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Booking slot deleted successfully");
  await expect(firstList.getByRole("listitem")).toHaveCount(8);
  await expect(firstList).not.toContainText("10:30 – 11:00");
  expect(
    (await adminSlots(owner)).some((candidate) => candidate.date === first && candidate.startTime === "10:30"),
  ).toBe(false);

  // The shop cancels the booking: the slot is available again.
  await entry.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel booking" }).click();
  await expectToast(page, "Booking cancelled");
  await expect(bookings).toHaveCount(0);
  expect((await publicSlots(owner)).map((free) => free.id)).toContain(slot.id);
});

test("a slot a customer books while the admin's list is open is not deleted: the admin is told and sees it booked", async ({
  page,
  owner,
}) => {
  const services = await createTwoServices(owner);
  const date = await futureDate(owner, 7);
  const [slot] = await createSlots(owner, { dates: [date], startTime: "11:00", endTime: "11:30" });
  await signIn(page);
  await page.goto("/admin/bookings");
  await (await calendarDay(page, "Available slots calendar", date)).click();
  const list = page.getByRole("list", { name: `Available slots on ${formatShopDate(date)}` });
  await expect(list.getByRole("listitem")).toHaveText(["11:00 – 11:30"]);

  const booking = await bookThroughApi(owner, slot!.id, services);
  await list.getByRole("button", { name: `Delete slot 11:00 – 11:30 on ${formatShopDate(date)}` }).click();
  await page
    .getByRole("alertdialog", { name: "Are you sure you want to delete this booking slot?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Error", /has just been booked, so it was not deleted/);
  await expect(list).toHaveCount(0);
  await (await calendarDay(page, "Booked slots calendar", date)).click();
  await expect(page.getByRole("list", { name: `Booked slots on ${formatShopDate(date)}` })).toContainText(
    booking.reference,
  );
  expect((await adminSlots(owner)).find((candidate) => candidate.id === slot!.id)).toMatchObject({ status: "booked" });
});
