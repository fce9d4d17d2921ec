import { expect } from "@playwright/test";
import { choosePhoneBooking, createBarber, createService, test } from "../support/e2e-booking";
import { expectToast, unique } from "../support/e2e-fixtures";

/*
 * A membership on a phone, on the payments server (its Stripe double): joined on /memberships, paid at the
 * double's checkout (mode=subscription), then a covered cut booked at £0 with no deposit asked, though the shop
 * asks one of everyone else.
 */

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

test("join a membership at Checkout and book an included cut at £0", async ({ page, owner, customer }) => {
  const service = await createService(owner, { title: unique("Member Cut"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const planName = unique("Two cuts a month");
  const plan = await owner.post("/api/membership-plans", {
    data: { name: planName, monthlyPrice: 40, serviceIds: [service.id], visitsPerMonth: 2 },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const member = `${unique("member").replace(/\s+/g, ".").toLowerCase()}@example.com`;
  const { payments: _saved, ...settings } = (await (await owner.get("/api/settings")).json()) as Record<
    string,
    unknown
  >;
  const payments = async (policy: string) => {
    const response = await owner.put("/api/settings", {
      data: { ...settings, payments: { policy, deposit: 10, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 } },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await payments("deposit");
  try {
    await page.goto("/memberships");
    const form = page.getByRole("form", { name: `Join ${planName}` });
    await expect(form).toContainText("renews monthly until you cancel");
    await expect(form).toContainText("Includes 2 visits a month");
    await form.getByLabel("Your name").fill(customer.customerName);
    await form.getByLabel(/Your email/).fill(member);
    await page.screenshot({ path: "/work/wt/shots/memb-join.png", fullPage: true });
    await form.getByRole("button", { name: "Join for £40.00 a month" }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    await expect(page.getByText("Pay £40.00 a month")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("status").filter({ hasText: `your ${planName} membership is active` })).toBeVisible();

    await page.goto("/bookings");
    await choosePhoneBooking(page, { service, barber, who: { ...customer, customerEmail: member } });
    await expect(page.getByText("Included in your membership — 1 of 2 visits left this month")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your booking so far" })).toContainText("£0.00");
    await page.screenshot({ path: "/work/wt/shots/memb-booking.png", fullPage: true });
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expectToast(page, "Your appointment has been booked successfully!");
    await expect(page).not.toHaveURL(/\/pay\//);
    const confirmed = page.getByRole("region", { name: "Your appointment is booked" });
    await expect(confirmed).toContainText("Included in your membership — 1 of 2 visits left this month");
    await expect(confirmed).toContainText("£0.00");
    await page.screenshot({ path: "/work/wt/shots/memb-booked.png", fullPage: true });
  } finally {
    await payments("none");
  }
});
