import { expect, type Page } from "@playwright/test";
import type { Service } from "~/features/services/services.schema";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { bookAppointment } from "../support/bookings";
import { calendarDay, createBarber, createService, nextWeekday, test } from "../support/e2e-booking";
import { openE2eDatabase } from "../support/e2e-db";
import { unique } from "../support/e2e-fixtures";
import { waitForMail } from "../support/e2e-mail";
import { e2eToday } from "../support/e2e-env";

test.use({ viewport: { width: 390, height: 844 } });

const addressOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`;

/** A regular's visit last month with `barber`: only the database can hold an appointment in the past. */
async function pastVisit(email: string, service: Service, barber: TeamMember) {
  const db = openE2eDatabase();
  try {
    const booking = await bookAppointment(db, {
      date: addDays(e2eToday(), -20 - Math.floor(Math.random() * 100)),
      email,
      name: "Rita Regular",
      phone: "07700 900456",
      serviceIds: [service.id],
    });
    await db
      .updateTable("booking_slots")
      .set({ member_id: barber.id })
      .where("id", "in", (eb) => eb.selectFrom("bookings").select("slot_id").where("id", "=", booking.id))
      .execute();
  } finally {
    await db.destroy();
  }
}

/** Asks for a link on /account and follows the mailed one to its Continue button. */
async function signInByMail(page: Page, email: string) {
  await page.goto("/account");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
  const mail = await waitForMail(email, /sign-in link/);
  const link = /https?:\/\/\S+\/account\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Continue to your bookings" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Bookings" })).toBeVisible();
}

test("a regular signs in by the mailed link, opens their page and rebooks a past visit in two taps", async ({
  page,
  owner,
}) => {
  const service = await createService(owner, { title: unique("Regular Fade"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const email = addressOf(unique("rita"));
  await pastVisit(email, service, barber);

  await signInByMail(page, email);
  await expect(page.getByText("Hello Rita Regular.")).toBeVisible();
  const past = page.getByRole("region", { name: "Past visits" });
  await expect(past.getByText(service.title)).toBeVisible();
  await page.screenshot({ path: "test-results/account-390.png", fullPage: true });

  await past.getByRole("link", { name: /Book again/ }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?service=${service.id}&barber=${barber.id}`));
  await expect(page.getByRole("checkbox", { name: service.title })).toBeChecked();
  await expect(page.getByRole("radio", { name: new RegExp(barber.name) })).toBeChecked();

  // The two taps: a day, then a time. Everything else is as it was.
  const date = nextWeekday();
  await (await calendarDay(page, "Choose a date", date)).click();
  await page
    .getByRole("group", { name: `Times on ${formatShopDate(date)}` })
    .getByRole("button")
    .first()
    .click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Rita Regular");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("07700900456");
  await page.screenshot({ path: "test-results/book-again-390.png", fullPage: false });
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByRole("heading", { name: "Your appointment is booked" })).toBeVisible();

  await page.goto("/account");
  const upcoming = page.getByRole("region", { name: "Upcoming" });
  await expect(upcoming.getByText(formatShopDate(date))).toBeVisible();
  await expect(upcoming.getByText(`with ${barber.name}`)).toBeVisible();
  await upcoming.getByRole("link", { name: "Change or cancel" }).click();
  await expect(page.getByRole("heading", { name: "Change the time" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toBeVisible();
  await page.screenshot({ path: "test-results/account-booking-390.png", fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer signs in with the plain forms, sees their page and signs out", async ({ page, owner }) => {
    const service = await createService(owner, { title: unique("Plain Cut"), price: 15, duration: 30 });
    const barber = await createBarber(owner, service);
    const email = addressOf(unique("noscript"));
    await pastVisit(email, service, barber);

    await signInByMail(page, email);
    await expect(page.getByText(service.title)).toBeVisible();
    await expect(page.getByRole("link", { name: /Book again/ })).toHaveAttribute(
      "href",
      `/bookings?service=${service.id}&barber=${barber.id}#choose-date`,
    );
    await page.screenshot({ path: "test-results/account-390-nojs.png", fullPage: true });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Email me a link" })).toBeVisible();
  });
});
