import { expect, type APIRequestContext } from "@playwright/test";
import { choosePhoneBooking, createBarber, createService, test } from "../support/e2e-booking";
import { expectToast, unique } from "../support/e2e-fixtures";
import { waitForMail } from "../support/e2e-mail";

/*
 * A gift card on a phone, on the payments server (its Stripe double): bought for £25 at the double's checkout, its
 * code read from the gift mail, then a booking whose £10 deposit the card covers, with nothing sent to Checkout.
 */

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

/** Settings through the API: gift cards on, and the deposit policy; answers a function that puts payments back to none. */
async function sellGiftCardsAndAskDeposit(owner: APIRequestContext) {
  const { payments: _saved, ...settings } = (await (await owner.get("/api/settings")).json()) as Record<
    string,
    unknown
  >;
  const put = async (policy: string) => {
    const response = await owner.put("/api/settings", {
      data: {
        ...settings,
        payments: { policy, deposit: 10, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 },
        giftCards: { enabled: true, amounts: [10, 25, 50], min: 5, max: 500, validMonths: 24 },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put("deposit");
  return () => put("none");
}

test("buy a £25 gift card at Checkout, read the code from the mail, and book with it covering the deposit", async ({
  page,
  owner,
  customer,
}) => {
  const service = await createService(owner, { title: unique("Gift Cut"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const recipient = `${unique("jo").replace(/\s+/g, ".").toLowerCase()}@example.com`;
  const noMoney = await sellGiftCardsAndAskDeposit(owner);
  try {
    await page.goto("/gift-cards");
    await page.getByRole("radio", { name: "£25.00" }).check();
    await page.getByLabel("Your name").fill("Alex Buyer");
    await page.getByLabel("Your email (for the receipt)").fill("alex.buyer@example.com");
    await page.getByLabel("Recipient's name").fill("Jo Friend");
    await page.getByLabel(/Recipient's email/).fill(recipient);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    await expect(page.getByText("Pay £25.00")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("status").filter({ hasText: "gift card for Jo Friend is paid" })).toBeVisible();

    const gift = await waitForMail(recipient, /gift card for/);
    const code = /Your code: (\S+)/.exec(gift.text)?.[1];
    expect(code).toMatch(/^([A-Z2-9]{4}-){3}[A-Z2-9]{4}$/);

    await page.goto("/bookings");
    await choosePhoneBooking(page, { service, barber, who: { ...customer, customerEmail: recipient } });
    await page.getByLabel("Gift card code (optional)").fill(code!);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expectToast(page, "Your appointment has been booked successfully!");
    await expect(page).not.toHaveURL(/\/pay\//);
    const balance = await page.request.get(`/api/gift-cards/${code}`);
    expect(await balance.json()).toMatchObject({ balance: 15, status: "active" });
  } finally {
    await noMoney();
  }
});
