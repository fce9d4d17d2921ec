import { expect, test } from "@playwright/test";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { E2E_ADMIN, e2eToday } from "../support/e2e-env";
import { expectToast, unique } from "../support/e2e-fixtures";

/*
 * The owner edits the shop's facts. The change shows on every public page, so this spec runs against a
 * server of its own (the "settings" project in playwright.config.ts): the other specs, running alongside,
 * keep the default phone number and hours they assert. A run may repeat the test on that server, so each
 * run saves values of its own and adds a closure of its own.
 */

test("the owner changes the phone, Saturday's hours and adds a closure, and the public pages show them", async ({
  page,
}) => {
  // Several pages, each checked after the save: more than the default on a busy machine.
  test.setTimeout(90_000);
  const signedIn = await page.request.post("/api/login", { data: E2E_ADMIN });
  expect(signedIn.status()).toBe(200);
  const from = addDays(e2eToday(), 2);
  const to = addDays(e2eToday(), 3);
  const lastDigits = String(Math.floor(Math.random() * 100)).padStart(2, "0");
  const phone = { shown: `0161 555 01${lastDigits}`, href: `tel:+4416155501${lastDigits}` };
  const saturdayCloses = `${13 + Math.floor(Math.random() * 4)}:00`;
  const note = unique("Closed for a refit");

  await page.goto("/admin");
  await page.getByRole("link", { name: /Shop Settings/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop Settings");

  const form = page.getByRole("form", { name: "Shop settings" });
  await form.getByLabel("Phone").fill(phone.shown);
  const saturday = form.getByRole("group", { name: "Saturday" });
  await saturday.getByLabel("Opens").fill("10:00");
  await saturday.getByLabel("Closes").fill(saturdayCloses);
  // The closures saved before are in the page's HTML; the one added comes after them.
  const saved = await form.getByRole("group", { name: /^Closure \d+$/ }).count();
  await form.getByRole("button", { name: "Add closure" }).click();
  const closure = form.getByRole("group", { name: `Closure ${saved + 1}` });
  await closure.getByLabel("First day").fill(from);
  await closure.getByLabel("Last day").fill(to);
  await closure.getByLabel("Note", { exact: true }).fill(note);
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved");

  // A visitor, without the owner's cookie, gets pages the response cache may have held before the change.
  await page.context().clearCookies();
  const announcement = `Closed ${formatShopDate(from, "weekdayDate")}`;

  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: phone.shown })).toHaveAttribute("href", phone.href);
  await expect(footer).toContainText(`Saturday10:00 – ${saturdayCloses}`);
  await expect(page.getByRole("region", { name: "Shop closures" })).toContainText(note);

  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: phone.shown }).first()).toHaveAttribute("href", phone.href);
  await expect(main).toContainText(`Saturday10:00 – ${saturdayCloses}`);
  await expect(main.getByRole("region", { name: "Shop closures" })).toContainText(announcement);
  await expect(main.getByRole("region", { name: "Shop closures" })).toContainText(note);

  await page.goto("/bookings");
  await expect(page.getByRole("region", { name: "Shop closures" })).toContainText(note);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: phone.shown })).toBeVisible();
});
