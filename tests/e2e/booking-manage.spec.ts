import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { AvailableTime } from "~/features/booking/rules/availability";
import type { BookingConfirmation, ManagedBooking } from "~/features/booking/booking-answers.schema";
import { addDays, formatShopDate, formatTime } from "~/lib/shop-time";
import { createBarber, createService, newCustomer, nextWeekday, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** Two weekdays a week apart, at least three days ahead: clear of the notice periods, inside the horizon. */
function twoWeekdays() {
  const date = nextWeekday();
  return [date, addDays(date, 7)] as const;
}

/** A barber of their own, doing a service of their own, booked at 10:00: no other spec shares their times. */
async function bookedWithOwnBarber(owner: APIRequestContext, date: string) {
  const service = await createService(owner, { title: unique("Move Cut"), price: 15, duration: 30 });
  const barber = await createBarber(owner, service);
  const booked = await owner.post("/api/bookings", {
    data: { ...newCustomer(), services: [String(service.id)], date, startTime: "10:00", memberId: barber.id },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { service, barber, booking: (await booked.json()) as BookingConfirmation };
}

const timesOf = async (api: APIRequestContext, date: string, serviceId: number, memberId: number) =>
  (
    (await (
      await api.get(`/api/availability?date=${date}&services=${serviceId}&member=${memberId}`)
    ).json()) as AvailableTime[]
  ).map((time) => time.startTime);

async function chooseNewTime(page: Page, date: string, time: string) {
  await page
    .getByRole("navigation", { name: "Days with free times" })
    .getByRole("link", { name: `${formatShopDate(date, "weekdayShort")} ${formatShopDate(date, "monthDay")}` })
    .click();
  const times = page.getByRole("group", { name: `Times on ${formatShopDate(date, "weekdayDate")}` });
  await expect(times).toBeVisible();
  await times.getByText(formatTime(time), { exact: true }).click();
}

test("on a phone, a customer moves their booking to another day from the manage page", async ({ page, owner }) => {
  const [first, second] = twoWeekdays();
  const { service, barber, booking } = await bookedWithOwnBarber(owner, first);

  await page.goto(`/bookings/manage/${booking.manageToken}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your Booking" })).toBeVisible();
  const picker = page.getByRole("region", { name: "Change the time" });
  await expect(picker.getByRole("link", { name: `With ${barber.name}` })).toHaveAttribute("aria-current", "true");

  await chooseNewTime(page, second, "14:30");
  const move = picker.getByRole("button", { name: `Move to 14:30, ${formatShopDate(second, "weekdayDate")}` });
  await move.click();
  await expect(picker.getByRole("status")).toContainText(
    `Your booking has moved to ${formatShopDate(second, "weekdayDate")}`,
  );
  // The booking's card shows the new time, and the old time is free for others again.
  await expect(page.getByText(formatShopDate(second), { exact: false }).first()).toBeVisible();
  await expect(page.getByText("14:30 – 15:00").first()).toBeVisible();
  const shown = (await (await owner.get(`/api/bookings/manage/${booking.manageToken}`)).json()) as ManagedBooking;
  expect(shown).toMatchObject({ reference: booking.reference, date: second, startTime: "14:30", memberId: barber.id });
  expect(await timesOf(owner, first, service.id, barber.id)).toContain("10:00");
  expect(await timesOf(owner, second, service.id, barber.id)).not.toContain("14:30");
});

test("on a phone, a long barber name stays inside its button in the move picker", async ({ page, owner }) => {
  const { barber, booking } = await bookedWithOwnBarber(owner, twoWeekdays()[0]);
  const { id, ...member } = barber;
  const renamed = await owner.put(`/api/team/${id}`, { data: { ...member, name: `Danny Whitworth ${id}` } });
  expect(renamed.status(), await renamed.text()).toBe(200);

  await page.goto(`/bookings/manage/${booking.manageToken}`);
  const chip = page
    .getByRole("region", { name: "Change the time" })
    .getByRole("link", { name: `With Danny Whitworth ${id}` });
  await expect(chip).toBeVisible();
  // Its text wraps inside it rather than running past its edge.
  const fits = await chip.evaluate((link) => link.scrollWidth <= link.clientWidth);
  expect(fits).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the customer moves and then cancels their booking with plain forms", async ({ page, owner }) => {
    const [first, second] = twoWeekdays();
    const { booking } = await bookedWithOwnBarber(owner, first);

    await page.goto(`/bookings/manage/${booking.manageToken}`);
    await chooseNewTime(page, second, "11:00");
    await page.getByRole("button", { name: "Move my booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your booking has moved" })).toContainText(
      `${formatShopDate(second)}, 11:00 – 11:30`,
    );
    expect(
      ((await (await owner.get(`/api/bookings/manage/${booking.manageToken}`)).json()) as ManagedBooking).startTime,
    ).toBe("11:00");

    await page.getByRole("button", { name: "Cancel booking" }).click();
    const confirm = page.getByRole("group", { name: "Are you sure you want to cancel this booking?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText("This booking has been cancelled and the time is free again.")).toBeVisible();
    expect(
      ((await (await owner.get(`/api/bookings/manage/${booking.manageToken}`)).json()) as ManagedBooking).status,
    ).toBe("cancelled");
  });
});
