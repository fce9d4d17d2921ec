import { expect } from "@playwright/test";
import { addDays, shopToday } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { bookThroughApi, createService, createSlots, futureDate, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";

/*
 * The owner's main screens with JavaScript off (or before it has loaded): each form is rendered with its
 * values and posts to its page, which answers with a redirect to the page saying what happened.
 */

test.use({ javaScriptEnabled: false });

test("settings are shown and saved, and a closure is added and removed, without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/settings");
  await expect(page.getByLabel("Shop name")).not.toHaveValue("");
  const shopName = await page.getByLabel("Shop name").inputValue();

  // Years ahead, so no other spec's page announces it.
  const day = addDays(shopToday(), 700 + Math.floor(Math.random() * 300));
  const note = unique("Closed for a refit");
  const spare = page.getByRole("group", { name: "New closure" });
  await spare.getByLabel("First day").fill(day);
  await spare.getByLabel("Last day").fill(day);
  await spare.getByLabel("Note").fill(note);
  await page.getByRole("button", { name: "Save Settings" }).click();

  await expect(page).toHaveURL(/\/admin\/settings\?saved$/);
  await expect(page.getByRole("status")).toContainText("Settings saved");
  await expect(page.getByLabel("Shop name")).toHaveValue(shopName);
  const closure = page.getByRole("group").filter({ has: page.locator(`input[value="${note}"]`) });
  await expect(closure.getByLabel("First day")).toHaveValue(day);

  await closure.getByLabel(/^Remove/).check();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toContainText("Settings saved");
  await expect(page.locator(`input[value="${note}"]`)).toHaveCount(0);
});

test("a team member is added without JavaScript, with no service ticked to start with", async ({ page, owner }) => {
  const service = await createService(owner, { title: unique("No-JS Cut"), price: 15, duration: 30 });
  await signIn(page);
  await page.goto("/admin/team");
  await page.getByRole("link", { name: "Add Team Member" }).click();
  await expect(page).toHaveURL(/\?edit=new$/);
  const form = page.getByRole("heading", { name: "Add Team Member" }).locator("..");
  await expect(form.getByRole("checkbox", { name: service.title })).not.toBeChecked();

  const name = unique("Barber");
  await form.getByLabel("Name").fill(name);
  await form.getByRole("checkbox", { name: service.title }).check();
  await form.getByLabel("Wednesday").fill("10:00–16:00");
  await form.getByRole("button", { name: "Add Member" }).click();

  await expect(page).toHaveURL(/\/admin\/team\?saved=added$/);
  await expect(page.getByRole("status")).toContainText("Team member added");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText(service.title);
  await expect(card).toContainText("10:00");
});

test("a booking is cancelled from the admin list without JavaScript", async ({ page, owner }) => {
  const service = await createService(owner, { title: unique("No-JS Trim"), price: 12, duration: 30 });
  const day = futureDate(5);
  // Inside the opening hours of every day of the week, whichever day five days from now is.
  const [slot] = await createSlots(owner, { dates: [day], startTime: "11:00", endTime: "11:30" });
  const booking = await bookThroughApi(owner, slot!.id, [service]);
  await signIn(page);
  await page.goto(`/admin/bookings?date=${day}`);
  const entry = page.getByRole("listitem").filter({ hasText: booking.reference });
  await entry.getByRole("button", { name: "Cancel booking" }).click();

  await expect(page).toHaveURL(new RegExp(`date=${day}&cancelled=${booking.reference}$`));
  await expect(page.getByRole("status")).toContainText(`Booking cancelled: ${booking.reference}`);
  await expect(page.getByRole("listitem").filter({ hasText: booking.reference })).toHaveCount(0);
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("a closure over a booking lists it before saving, and cancels it when chosen", async ({ page, owner }) => {
    const service = await createService(owner, { title: unique("Closure Cut"), price: 14, duration: 30 });
    const day = futureDate(6);
    const [slot] = await createSlots(owner, { dates: [day], startTime: "11:00", endTime: "11:30" });
    const booking = await bookThroughApi(owner, slot!.id, [service]);
    await signIn(page);
    await page.goto("/admin/settings");
    await page.getByRole("button", { name: "Add closure" }).click();
    await page.getByLabel("First day").last().fill(day);
    await page.getByLabel("Last day").last().fill(day);
    await page.getByRole("button", { name: "Save Settings" }).click();

    const choice = page.getByRole("group", { name: "Bookings on the days being closed" });
    await expect(choice).toContainText("1 confirmed booking falls on the days you are closing");
    await expect(choice).toContainText(booking.reference);
    await choice.getByLabel("Cancel these bookings and email each customer").check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved", { exact: true }).first()).toBeVisible();
    await expect(choice).toHaveCount(0);
    const slots = (await (await owner.get("/api/booking-slots?admin=true")).json()) as { id: number; status: string }[];
    expect(slots.find((entry) => entry.id === slot!.id)?.status).toBe("available");

    const closure = page.getByRole("group").filter({ has: page.locator(`input[value="${day}"]`) });
    await closure.getByRole("button", { name: /^Remove/ }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator(`input[value="${day}"]`)).toHaveCount(0);
  });
});
