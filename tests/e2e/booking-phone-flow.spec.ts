import { expect, type Locator, type Page } from "@playwright/test";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { test } from "../support/e2e-booking";
import { expectToast } from "../support/e2e-fixtures";
import { e2eToday } from "../support/e2e-env";

test.use({ viewport: { width: 390, height: 844 } });

const stickyBar = (page: Page) => page.getByRole("region", { name: "Your booking so far" });

/**
 * The thumb's only way down the page is the sticky bar's Continue: the next control must be on screen
 * already, or be brought there by Continue. (Playwright's click would scroll by itself, so each target is
 * checked to be in view before it is touched.)
 */
async function reach(page: Page, target: Locator) {
  if (!(await isInViewport(target))) await stickyBar(page).getByRole("button", { name: "Continue" }).click();
  await expect(target).toBeInViewport();
}

const isInViewport = (target: Locator) =>
  target.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve(Boolean(entry?.isIntersecting));
        });
        observer.observe(element);
      }),
  );

test("from the home page, a phone customer books two services moving on only with the sticky bar's Continue", async ({
  page,
  customer,
}) => {
  await page.goto("/");
  const bookThis = page.getByRole("link", { name: /^Book this/ }).first();
  expect(await bookThis.getAttribute("href")).toMatch(/^\/bookings\?service=\d+$/);
  await bookThis.click();

  // "Book this" starts the flow with that service chosen.
  await expect(page).toHaveURL(/\/bookings\?service=\d+$/);
  const chosen = page.getByRole("checkbox", { checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(stickyBar(page)).toBeInViewport();

  // A second service from the list as it stands on screen, once the page's smooth scroll to the top is over.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const onScreen = page.getByRole("checkbox", { checked: false });
  let second: Locator | undefined;
  for (let index = 0; index < (await onScreen.count()) && !second; index++) {
    if (await isInViewport(onScreen.nth(index))) second = onScreen.nth(index);
  }
  expect(second, "another service is on screen to add").toBeDefined();
  await second!.check();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await expect(stickyBar(page)).toContainText(/£\d+\.\d\d/);
  await expect(stickyBar(page)).toContainText(/\d+ mins/);

  // Continue leads to the barber step; choosing brings the calendar into view.
  const anyone = page.getByRole("radio", { name: /Anyone/ });
  await reach(page, anyone);
  await anyone.check();

  const date = addDays(e2eToday(), 3);
  const calendar = page.getByRole("group", { name: "Choose a date" });
  await reach(page, calendar);
  if ((await calendar.getByRole("heading").textContent()) !== formatShopDate(date, "month"))
    await calendar.getByRole("button", { name: "Next month" }).click();
  const day = calendar.getByRole("button", { name: new RegExp(`^${formatShopDate(date)}`) });
  await expect(day).not.toHaveAttribute("aria-disabled", "true");
  await reach(page, day);
  await day.click();

  const firstTime = page
    .getByRole("group", { name: `Times on ${formatShopDate(date)}` })
    .getByRole("button")
    .first();
  await reach(page, firstTime);
  const time = (await firstTime.textContent())!;
  await firstTime.click();

  const name = page.getByLabel("Name", { exact: true });
  await reach(page, name);
  await name.fill(customer.customerName);
  for (const [label, value] of [
    ["Email", customer.customerEmail],
    ["Phone", customer.customerPhone],
  ] as const) {
    const field = page.getByLabel(label, { exact: true });
    await reach(page, field);
    await field.fill(value);
  }
  const book = page.getByRole("button", { name: "Book Appointment" });
  await reach(page, book);
  await book.click();

  await expectToast(page, "Your appointment has been booked successfully!");
  await expect(page.getByRole("region", { name: "Your appointment is booked" })).toContainText(time);
});
