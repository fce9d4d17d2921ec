import { expect } from "@playwright/test";
import { fromMinutes, shopMoment, toMinutes, formatShopDate, formatTimeRange } from "~/lib/shop-time";
import { openingRangesOn } from "~/features/settings/opening-hours";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { signIn } from "../support/e2e-auth";
import { E2E_CLOCK_START } from "../support/e2e-env";
import { adminSlots, bookThroughApi, createService, createSlots, test } from "../support/e2e-booking";
import { ADMIN_SPEC_EMAIL, expectToast, pngImage, unique } from "../support/e2e-fixtures";

test("the dashboard starts from today: it lists an appointment made for today and counts a new message", async ({
  page,
  owner,
  customer,
}) => {
  // The server's shop clock started at 10:00 today (E2E_CLOCK_START) and the browser's starts there too, so a
  // slot later today exists at any real hour: an hour after that start (a run takes less), inside the hours.
  const now = shopMoment(new Date(E2E_CLOCK_START));
  await page.clock.install({ time: new Date(E2E_CLOCK_START) });
  const shop = (await (await owner.get("/api/settings")).json()) as ShopSettings;
  const earliest = Math.ceil((toMinutes(now.time) + 60) / 5) * 5;
  // A half hour no slot holds yet: a repeat of this test on the same server made one at the first free time.
  const held = (await adminSlots(owner))
    .filter((slot) => slot.date === now.date)
    .map((slot) => [toMinutes(slot.startTime), toMinutes(slot.endTime)] as const);
  const free = (from: number) => held.every(([start, end]) => from + 30 <= start || from >= end);
  const start = openingRangesOn(shop, now.date)
    .flatMap((range) => {
      const starts: number[] = [];
      for (let from = Math.max(toMinutes(range.start), earliest); from + 30 <= toMinutes(range.end); from += 5) {
        starts.push(from);
      }
      return starts;
    })
    .find(free);
  expect(start, "the shop's opening hours leave a free half hour after 11:00 today").toBeDefined();
  const [startTime, endTime] = [fromMinutes(start!), fromMinutes(start! + 30)];

  const service = await createService(owner, { title: unique("Dashboard Fade"), price: 18, duration: 30 });
  const [slot] = await createSlots(owner, { dates: [now.date], startTime, endTime });
  const who = { ...customer, customerName: unique("Today Customer") };
  await bookThroughApi(owner, slot!.id, [service], who);
  const sender = unique("Dashboard Sender");
  const sent = await page.request.post("/api/contact", {
    data: { name: sender, email: ADMIN_SPEC_EMAIL, phone: "07700 900123", message: "Are you open on bank holidays?" },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signIn(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  // The spec's dashboard is still there: Logout and the cards to every screen.
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Management sections" }).getByRole("link")).not.toHaveCount(0);

  const todayList = page.getByRole("region", { name: /^Today/ });
  const appointment = todayList.getByRole("listitem").filter({ hasText: who.customerName });
  await expect(appointment).toContainText(formatTimeRange(startTime, endTime));
  await expect(appointment).toContainText(service.title);

  const messages = page.getByRole("link", { name: /new messages?/ });
  await expect(messages).toHaveAttribute("href", "/admin/contact");
  expect(Number((await messages.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(1);

  // The e2e server mails through a local SMTP double (the specs read what it received): no warning that mail is off.
  await expect(page.getByRole("region", { name: "Mail not set up" })).toHaveCount(0);

  // Manage opens that day's bookings.
  await todayList.getByRole("link", { name: `Manage the bookings of ${formatShopDate(now.date)}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Booking Slots" })).toBeVisible();
  const booked = page.getByRole("list", { name: `Booked slots on ${formatShopDate(now.date)}` });
  await expect(booked).toContainText(who.customerName);
  await expect(booked).toContainText(/Mail (sent|pending)/);

  // With mail working, cancelling promises the customer a mail.
  await booked.getByRole("button", { name: "Cancel booking" }).filter({ visible: true }).first().click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to cancel this booking?" });
  await expect(confirm).toContainText("The customer is emailed");
  await confirm.getByRole("button", { name: "Keep booking" }).click();
});

test("an image uploaded from inside the picker is chosen in one go, shown by its file name", async ({ page }) => {
  await signIn(page);
  const name = unique("Picker Pomade");
  const file = `${name.replace(/\W+/g, "-").toLowerCase()}.png`;

  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Price (£)").fill("9.50");
  await dialog.getByLabel("Description").fill("Chosen straight from an upload.");

  await dialog.getByRole("button", { name: "Image Choose Image" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an Image" });
  await picker.locator('input[type="file"]').setInputFiles({
    name: file,
    mimeType: "image/png",
    buffer: await pngImage({ r: 200, g: 160, b: 60 }),
  });
  await expectToast(page, "Files uploaded");
  await expect(picker).toHaveCount(0);

  const chosen = dialog.getByRole("button", { name: `Image Chosen image: ${file} Change image` });
  await expect(chosen).toBeVisible();
  await expect(chosen.locator("img")).toHaveAttribute("src", /^\/uploads\/[0-9a-f]+\.webp$/);
  await expect(chosen).not.toContainText("/uploads/");

  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product created");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByRole("img", { name })).toHaveAttribute("src", /^\/uploads\/[0-9a-f]+\.webp$/);
});
