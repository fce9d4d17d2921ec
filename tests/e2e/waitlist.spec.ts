import { expect, type Page } from "@playwright/test";
import type { Service } from "~/features/services/services.schema";
import type { TeamMember } from "~/features/team/team.schema";
import { addressOf, barberWithOneTime, fullDay, offerPathFromTheMail } from "../support/e2e-waitlist";
import { createService, nextWeekday, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";
import { waitForMail } from "../support/e2e-mail";

test.use({ viewport: { width: 390, height: 844 } });

async function joinFromTheBookingPage(page: Page, service: Service, barber: TeamMember, date: string, email: string) {
  await page.goto(`/bookings?service=${service.id}&barber=${barber.id}&date=${date}`);
  await page.getByRole("link", { name: "Full? Join the waitlist" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Join the waitlist" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: new RegExp(service.title) })).toBeChecked();
  await page.getByLabel("Name", { exact: true }).fill("Wendy Waiter");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("07700 900456");
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByRole("status")).toContainText("You are on the waitlist");
}

async function claimFromTheMail(page: Page, email: string) {
  await page.goto(await offerPathFromTheMail(email));
  await expect(page.getByRole("heading", { level: 1, name: "A time for you" })).toBeVisible();
  await page.getByRole("button", { name: "Claim this time" }).click();
  await expect(page.getByRole("status")).toContainText("Booked: this time is yours.");
  await waitForMail(email, /Your appointment at/);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    // Two mails go through the job queue (the offer, then the confirmation): slow on a machine shared by many runs.
    test.setTimeout(120_000);

    test("a customer joins the waitlist, a booking is cancelled, and they claim the time from the mailed link", async ({
      page,
      owner,
    }) => {
      const service = await createService(owner, { title: unique("Waitlist Cut"), price: 15, duration: 30 });
      const barber = await barberWithOneTime(owner, service);
      const date = nextWeekday();
      const token = await fullDay(owner, service, barber, date);
      const email = addressOf(unique("wendy"));

      await joinFromTheBookingPage(page, service, barber, date, email);
      const cancelled = await owner.post(`/api/bookings/manage/${token}/cancel`);
      expect(cancelled.status()).toBe(200);
      await claimFromTheMail(page, email);
    });
  });
}
