import { expect } from "@playwright/test";
import { formatShopDate } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { calendarDay, createBarber, createService, nextWeekday, test } from "../support/e2e-booking";
import { expectToast, unique } from "../support/e2e-fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, a customer books a 90-minute service with a chosen barber, then with Anyone; the booked span is skipped", async ({
  page,
  owner,
  customer,
}) => {
  const service = await createService(owner, { title: unique("Long Colour"), price: 40, duration: 90 });
  const barber = await createBarber(owner, service);
  const date = nextWeekday();
  const times = page.getByRole("group", { name: `Times on ${formatShopDate(date)}` });

  /** The dates with times are fetched for the month shown: wait until the day is offered. */
  async function chooseDate() {
    const day = await calendarDay(page, "Choose a date", date);
    await expect(day).not.toHaveAttribute("aria-disabled", "true");
    await day.click();
  }

  // An address of its own: the shared customer may already hold a booking at these times (one per customer).
  const email = `${unique("team").replace(" ", ".")}@example.com`;
  async function book(barberName: string, time: string) {
    await page.goto("/bookings");
    await page.getByRole("checkbox", { name: service.title }).check();
    // The sticky bar leads on: total and length, then Continue to the barber step.
    const bar = page.getByRole("region", { name: "Your booking so far" });
    await expect(bar).toContainText("£48.00");
    await expect(bar).toContainText("90 mins");
    await bar.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Choose a Barber" })).toBeInViewport();
    await page.getByRole("radio", { name: new RegExp(barberName) }).check();
    await chooseDate();
    await expect(page.getByRole("heading", { name: "Choose a Time" })).toBeInViewport();
    await times.getByRole("button", { name: time }).click();
    await page.getByLabel("Name", { exact: true }).fill(customer.customerName);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expectToast(page, "Your appointment has been booked successfully!");
    const confirmation = page.getByRole("region", { name: "Your appointment is booked" });
    await expect(confirmation).toContainText(time);
    await expect(confirmation).toContainText(barber.name);
  }

  await book(barber.name, "10:00 – 11:30");
  await book("Anyone", "11:30 – 13:00");

  // Afterwards the times offered skip both booked spans: the first free start is 13:00.
  await page.getByRole("checkbox", { name: service.title }).check();
  await page.getByRole("radio", { name: new RegExp(barber.name) }).check();
  await chooseDate();
  await expect(times.getByRole("button").first()).toHaveText("13:00 – 14:30");
  await expect(times.getByRole("button").last()).toHaveText("14:30 – 16:00");
});

test("the owner adds a barber with hours, gives them a day off, and sees the day view", async ({ page }) => {
  await signIn(page);
  const name = unique("New Barber");
  const dayOff = nextWeekday();
  await page.goto("/admin/team");
  // A link, so that it opens the form without JavaScript too; hydrated, it opens the dialog.
  await page.getByRole("link", { name: "Add Team Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Team Member" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  // A new member starts with no service ticked.
  const serviceBoxes = dialog.getByRole("group", { name: "Services" }).getByRole("checkbox");
  await expect(serviceBoxes.first()).not.toBeChecked();
  await serviceBoxes.first().check();
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
    await dialog.getByLabel(day, { exact: true }).fill("09:00–12:30, 13:30–17:00");
  await dialog.getByRole("button", { name: "Add time off" }).click();
  await dialog.getByLabel("First day").fill(dayOff);
  await dialog.getByLabel("Last day").fill(dayOff);
  await dialog.getByLabel("Note", { exact: true }).fill("Dentist");
  await dialog.getByRole("button", { name: "Add Member" }).click();
  await expectToast(page, "Team member added");

  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("Monday – Friday");
  await expect(card).toContainText("09:00 – 12:30, 13:30 – 17:00");
  await expect(card).toContainText("Dentist");

  // The day off offers nothing; the next working day does.
  const team = (await (await page.request.get("/api/team")).json()) as Array<{
    id: number;
    name: string;
    serviceIds: string[];
  }>;
  const member = team.find((entry) => entry.name === name)!;
  const services = `services=${member.serviceIds[0]}&member=${member.id}`;
  expect(await (await page.request.get(`/api/availability?date=${dayOff}&${services}`)).json()).toEqual([]);

  // The calendar is the one day view (issue 30); on a phone it shows the barber asked for.
  await page.goto(`/admin/calendar?barber=${member.id}`);
  const dayView = page.getByRole("region", { name: /^Day view of/ });
  await expect(dayView.getByRole("heading", { name })).toBeVisible();
});
