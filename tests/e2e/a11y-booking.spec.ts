import { expect } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { expectNoSeriousViolations } from "../support/e2e-axe";
import {
  bookThroughApi,
  calendarDay,
  chooseBooking,
  createSlots,
  createTwoServices,
  futureDate,
  test,
} from "../support/e2e-booking";
import { gotoHydrated } from "../support/e2e-hydration";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1440, height: 900 }, band: 5 },
  { name: "phone", viewport: { width: 390, height: 844 }, band: 6 },
] as const;

for (const { name, viewport, band } of VIEWPORTS) {
  test.describe(`booking screens on ${name}`, () => {
    test.use({ viewport });
    // Full axe scans of long pages on a busy machine.
    test.slow();

    test("/bookings has no serious accessibility violations, empty and with the details form showing errors", async ({
      page,
      owner,
    }) => {
      const services = await createTwoServices(owner);
      const date = await futureDate(owner, band);
      await createSlots(owner, { dates: [date], startTime: "10:00", endTime: "11:00", repeatEveryMinutes: 30 });

      // Hydrated in full before the flow: each step re-renders parts of the page React may still be
      // hydrating, which on a busy machine took longer than an assertion waits.
      await gotoHydrated(page, "/bookings");
      await expectNoSeriousViolations(page, `/bookings, ${name}`);

      await chooseBooking(page, {
        services,
        date,
        time: "10:00 – 10:30",
        who: { customerName: "A", customerEmail: "x", customerPhone: "1", notes: "" },
      });
      await page.getByRole("button", { name: "Book Appointment" }).click();
      await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
      await expectNoSeriousViolations(page, `/bookings with errors, ${name}`);
    });

    test("the manage page and its not-found page have no serious accessibility violations", async ({ page, owner }) => {
      const services = await createTwoServices(owner);
      const [slot] = await createSlots(owner, {
        dates: [await futureDate(owner, band)],
        startTime: "11:00",
        endTime: "11:30",
      });
      const booking = await bookThroughApi(owner, slot!.id, services);

      await page.goto(`/bookings/manage/${booking.manageToken}`);
      await expect(page.getByRole("heading", { level: 1, name: "Your Booking" })).toBeVisible();
      await expectNoSeriousViolations(page, `manage page, ${name}`);

      const missing = await page.goto(`/bookings/manage/${"x".repeat(43)}`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
      await expectNoSeriousViolations(page, `manage not found, ${name}`);
    });

    test("/admin/bookings has no serious accessibility violations", async ({ page, owner }) => {
      const services = await createTwoServices(owner);
      const date = await futureDate(owner, band);
      const slots = await createSlots(owner, {
        dates: [date],
        startTime: "12:00",
        endTime: "13:00",
        repeatEveryMinutes: 30,
      });
      // The last slot: the 55 minutes of services run on into the free time after it.
      await bookThroughApi(owner, slots.at(-1)!.id, services);

      await signIn(page);
      await gotoHydrated(page, "/admin/bookings");
      await (await calendarDay(page, "Booked slots calendar", date)).click();
      await (await calendarDay(page, "Available slots calendar", date)).click();
      await expect(page.getByRole("list", { name: /^Booked slots on/ })).toBeVisible();
      await expectNoSeriousViolations(page, `/admin/bookings, ${name}`);
    });
  });
}
