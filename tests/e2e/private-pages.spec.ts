import { expect } from "@playwright/test";
import { bookThroughApi, createSlots, createTwoServices, futureDate, test } from "../support/e2e-booking";

/*
 * Pages with personal data go out as `private, no-store` and never into the server's page cache,
 * however their address is spelled (React Router matches decoded paths without regard to case).
 */

test("a booking's private page is never cached, whatever the spelling of its address", async ({
  owner,
  playwright,
}) => {
  const services = await createTwoServices(owner);
  const [slot] = await createSlots(owner, {
    dates: [await futureDate(owner, 8)],
    startTime: "10:00",
    endTime: "10:30",
  });
  const booking = await bookThroughApi(owner, slot!.id, services);
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const spellings = [
    `/bookings/manage/${booking.manageToken}`,
    `/Bookings/Manage/${booking.manageToken}`,
    `/bookings/%6Danage/${booking.manageToken}`,
  ];

  for (const address of spellings) {
    const page = await visitor.get(address);
    expect(page.status(), address).toBe(200);
    expect(page.headers()["cache-control"], address).toBe("private, no-store");
    expect(page.headers()["etag"], address).toBeUndefined();
    expect(await page.text()).toContain(booking.reference);
  }

  const cancel = await visitor.post(`/api/bookings/manage/${booking.manageToken}/cancel`);
  expect(cancel.status(), await cancel.text()).toBe(200);
  for (const address of spellings) {
    expect(await (await visitor.get(address)).text(), address).toMatch(/cancelled/i);
  }
  await visitor.dispose();
});

test("signed-in admin pages and their data requests are private, no-store", async ({ owner }) => {
  for (const address of ["/admin", "/admin/contact", "/admin/contact.data", "/prices"]) {
    const response = await owner.get(address);
    expect(response.status(), address).toBe(200);
    expect(response.headers()["cache-control"], address).toBe("private, no-store");
  }
});
