import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { BookingConfirmation } from "~/features/booking/booking-answers.schema";
import { signIn } from "../support/e2e-auth";
import { calendarDay, createBarber, createService, nextWeekday, test } from "../support/e2e-booking";
import { openE2eDatabase } from "../support/e2e-db";
import { expectToast, unique } from "../support/e2e-fixtures";
import { sentMails } from "../support/e2e-mail";
import { e2eToday } from "../support/e2e-env";
import { addressOf, barberWithOneTime, fullDay, offerPathFromTheMail } from "../support/e2e-waitlist";

/*
 * Deposits and no-show fees on a phone, against the e2e server's loopback Stripe double (its own checkout page
 * pays the session and posts the signed webhook back). The spec has a server of its own (the "payments" project
 * in playwright.config.ts), so no other spec books under its policy. Within it the shop asks for money only
 * while a test books: the policy is set just before and put back to "none" straight after, so what a test sets
 * up first (the full day of the waitlist test) is booked without payment.
 */

test.use({ viewport: { width: 390, height: 844 } });
// Each test books, pays at the double and comes back: two servers and a webhook, more than the default 30 s allows
// on a busy machine.
test.setTimeout(90_000);

const emailOf = (label: string) => `${unique(label).replace(/\s+/g, ".").toLowerCase()}@example.com`;

/** Settings → Payments through the API; answers a function that puts the policy back to none, the fee kept. */
async function askForMoney(owner: APIRequestContext, policy: "deposit" | "card") {
  const { payments: _saved, ...settings } = (await (await owner.get("/api/settings")).json()) as Record<
    string,
    unknown
  >;
  const put = async (payments: object) => {
    const response = await owner.put("/api/settings", {
      data: {
        ...settings,
        payments: { deposit: 10, noShowFee: 12, askFrom: "everyone", holdMinutes: 15, ...payments },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put({ policy });
  return () => put({ policy: "none" });
}

/** The double's checkout page: "Pay" completes the session and goes back to the shop's success page. */
async function payAtCheckout(page: Page, what: RegExp) {
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await expect(page.getByText(what)).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Your appointment is confirmed" })).toBeVisible();
}

test("a customer pays a deposit at Checkout, sees the booking confirmed, then cancels in time and sees the refund", async ({
  page,
  owner,
  customer,
}) => {
  const service = await createService(owner, { title: unique("Deposit Cut"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const date = nextWeekday();
  const email = emailOf("deposit");
  const noMoney = await askForMoney(owner, "deposit");
  try {
    await page.goto("/bookings");
    await expect(page.getByText("£10.00 deposit to book").first()).toBeVisible();
    await page.getByRole("checkbox", { name: service.title }).check();
    await page.getByRole("region", { name: "Your booking so far" }).getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: new RegExp(barber.name) }).check();
    const day = await calendarDay(page, "Choose a date", date);
    await expect(day).not.toHaveAttribute("aria-disabled", "true");
    await day.click();
    await page.getByRole("button", { name: "10:00 – 10:30" }).click();
    await page.getByLabel("Name", { exact: true }).fill(customer.customerName);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
  } finally {
    await noMoney();
  }
  await payAtCheckout(page, /Pay £10\.00/);

  // The confirmation mail (sent once paid) carries the private manage link.
  let token: string | undefined;
  await expect
    .poll(
      () =>
        (token = sentMails(email)
          .map((mail) => /\/bookings\/manage\/([\w-]+)/.exec(mail.text)?.[1])
          .find(Boolean)),
      {
        timeout: 15_000,
      },
    )
    .toBeDefined();
  await page.goto(`/bookings/manage/${token}`);
  await expect(page.getByTestId("payment-note")).toContainText("Deposit £10.00: paid");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel booking" }).click();
  await expectToast(page, "Your booking has been cancelled");
  await expect(page.getByTestId("payment-note")).toContainText("refunded; £10.00 refunded");
});

test("the owner marks a no-show in the calendar's day view and charges the fee to the card on file", async ({
  page,
  owner,
  customer,
}) => {
  const service = await createService(owner, { title: unique("Card Cut"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const who = { ...customer, customerName: unique("Card Holder"), customerEmail: emailOf("card") };
  const noMoney = await askForMoney(owner, "card");
  let booking: BookingConfirmation & { payment: { checkoutUrl: string } };
  try {
    // As the customer (page.request is not signed in): the shop's own bookings take no payment.
    const booked = await page.request.post("/api/bookings", {
      data: { ...who, services: [String(service.id)], date: nextWeekday(), startTime: "11:00", memberId: barber.id },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    booking = await booked.json();
  } finally {
    await noMoney();
  }
  await page.goto(booking.payment.checkoutUrl);
  await payAtCheckout(page, /Save your card/);

  // The appointment has to have begun to be a no-show: move it to this morning, before the shop's clock (10:00).
  const today = e2eToday();
  const db = openE2eDatabase();
  try {
    const { slot_id } = await db
      .selectFrom("bookings")
      .select("slot_id")
      .where("reference", "=", booking.reference)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("booking_slots")
      .set({ date: today, start_time: "08:00", end_time: "08:30" })
      .where("id", "=", slot_id)
      .execute();
  } finally {
    await db.destroy();
  }

  await signIn(page);
  await page.goto(`/admin/calendar?date=${today}&barber=${barber.id}`);
  await page.getByRole("button", { name: `No-show (${who.customerName})` }).click();
  const payments = page.getByRole("region", { name: "Payments this day" });
  const entry = payments.getByRole("listitem").filter({ hasText: who.customerName });
  await expect(entry.getByTestId("payment-note")).toContainText("Card on file: saved, nothing charged");
  await entry.getByRole("button", { name: `Charge no-show fee for ${who.customerName}` }).click();
  // Money moves only after the owner says yes.
  const ask = page.getByRole("alertdialog", {
    name: `Charge the £12.00 no-show fee to ${who.customerName}'s card now?`,
  });
  await ask.getByRole("button", { name: "Yes, charge the no-show fee" }).click();
  await expectToast(page, "Fee charged to the card on file.");
  await expect(entry.getByTestId("payment-note")).toContainText("fee charged; £12.00 charged");
  await expect(entry.getByRole("button", { name: /Charge no-show fee/ })).toHaveCount(0);
});

test("a customer claims a waitlist offer, pays its deposit at Checkout, and the offer is theirs", async ({
  page,
  owner,
}) => {
  const service = await createService(owner, { title: unique("Waitlist Deposit Cut"), price: 20, duration: 30 });
  const barber = await barberWithOneTime(owner, service);
  const date = nextWeekday();
  const token = await fullDay(owner, service, barber, date);
  const email = addressOf(unique("wendy deposit"));
  const joined = await page.request.post("/api/waitlist", {
    data: {
      customerName: "Wendy Waiter",
      customerEmail: email,
      customerPhone: "07700 900456",
      date,
      services: [service.id],
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  expect((await owner.post(`/api/bookings/manage/${token}/cancel`)).status()).toBe(200);
  const offer = await offerPathFromTheMail(email);

  const noMoney = await askForMoney(owner, "deposit");
  try {
    await page.goto(offer);
    await page.getByRole("button", { name: "Claim this time" }).click();
    await payAtCheckout(page, /Pay £10\.00/);
  } finally {
    await noMoney();
  }
  await page.goto(offer);
  await expect(page.getByRole("heading", { level: 1, name: "It's yours" })).toBeVisible();
  await expect(page.getByTestId("payment-note")).toContainText("Deposit £10.00: paid");
});
