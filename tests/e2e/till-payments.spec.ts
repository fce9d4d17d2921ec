import { expect, type Page } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { createBarber, createService, nextWeekday, test } from "../support/e2e-booking";
import { openE2eDatabase } from "../support/e2e-db";
import { e2eStripeUrl, e2eToday } from "../support/e2e-env";
import { unique } from "../support/e2e-fixtures";
import { waitForMail } from "../support/e2e-mail";

/*
 * The till on a tablet at the desk (issue 31), on the payments server and its Stripe double: a booking checked
 * out from its calendar card with a product and a tip, paid part in cash (the change shown) and part on a
 * simulated reader — the card "tapped" through the double's test helper present_payment_method, as in Stripe's
 * test mode — then the receipt (screen and mail), a refunded line, and the day cashed up and closed.
 */

test.use({ viewport: { width: 768, height: 1024 } });
test.setTimeout(120_000);

const SHOTS = process.env.TILL_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  // The page fades in after a navigation: the picture is of the settled page.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: `${SHOTS}/till-${name}.png`, fullPage: true });
};

/** Taps a card on a simulated reader: Stripe's test helper, on the double behind the payments server. */
async function tapCard(readerId: string) {
  const response = await fetch(
    `${e2eStripeUrl()}/v1/test_helpers/terminal/readers/${readerId}/present_payment_method`,
    { method: "POST", headers: { authorization: "Bearer sk_test_double" } },
  );
  expect(response.status, await response.text()).toBe(200);
}

test("check out a booking with a product and a tip, part cash and part on the reader, refund a line, cash up", async ({
  page,
  owner,
  customer,
}) => {
  const service = await createService(owner, { title: unique("Till Cut"), price: 20, duration: 30 });
  const barber = await createBarber(owner, service);
  const productName = unique("Till Pomade");
  const product = await owner.post("/api/products", {
    data: { name: productName, price: 12, description: "Holds all day.", image: "/uploads/pomade.jpg", stock: 4 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: number }).id;
  const readerLabel = unique("Desk reader");
  const reader = await owner.post("/api/terminal/readers", {
    data: { registrationCode: "simulated-wpe", label: readerLabel },
  });
  expect(reader.status(), await reader.text()).toBe(201);
  const readerId = ((await reader.json()) as { id: string }).id;
  const date = nextWeekday();
  const who = {
    ...customer,
    customerName: unique("Till Customer"),
    customerEmail: `${unique("till").replace(/\W+/g, ".")}@example.com`.toLowerCase(),
  };
  const booked = await owner.post("/api/bookings", {
    data: { ...who, services: [String(service.id)], date, startTime: "10:00", memberId: barber.id },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };
  const today = e2eToday();

  try {
    await signIn(page);
    // Settings → Payments lists the reader registered above, with its status and location.
    await page.goto("/admin/settings#card-readers");
    const readers = page.getByRole("region", { name: "Card readers" });
    await expect(readers.getByRole("listitem").filter({ hasText: readerLabel })).toContainText("Status: Online");
    if (SHOTS) await readers.screenshot({ path: `${SHOTS}/till-readers-768.png` });
    // The calendar card's "Check out" opens the till with the booking's service and barber filled in.
    await page.goto(`/admin/calendar?date=${date}`);
    await page.getByRole("link", { name: `Check out ${who.customerName}` }).click();
    await expect(page.getByRole("heading", { name: `Check out ${who.customerName} (${reference})` })).toBeVisible();
    await expect(page.getByLabel("Today's totals")).toBeVisible();
    await shot(page, "768");
    await page.getByLabel("Product 1", { exact: true }).selectOption({ label: `${productName} (£12.00) · 4 left` });
    await page.getByLabel("Tip (£)").fill("3");
    await expect(page.getByLabel("Tip for")).toHaveValue(String(barber.id));
    await page.getByRole("button", { name: "Ring up" }).click();

    await expect(page).toHaveURL(/\/admin\/sales\/\d+$/);
    const saleId = Number(page.url().split("/").pop());
    const sale = async () => (await (await owner.get(`/api/sales/${saleId}`)).json()) as SaleBody;
    const rung = await sale();
    expect(rung.lines.map((line) => [line.kind, line.memberId])).toEqual([
      ["service", barber.id],
      ["product", barber.id],
    ]);
    expect(rung.tip.amount).toBe(3);
    const total = page.getByLabel("Total and due");
    await expect(total).toContainText(`Due ${pounds(rung.total)}`);

    // Every field stays inside its panel on a tablet (the card on file's amount once overflowed by a few pixels).
    const overflowing = await page
      .getByRole("region", { name: "Take payment" })
      .evaluate(
        (section) =>
          [...section.querySelectorAll("input, select")].filter(
            (field) => field.getBoundingClientRect().right > field.closest("form")!.getBoundingClientRect().right,
          ).length,
      );
    expect(overflowing).toBe(0);
    await shot(page, "sale-open-768");
    // Half in cash, with a £20 note more than that: the change is shown on the payment.
    const half = Math.round(rung.total * 50) / 100;
    const cash = page.getByRole("form", { name: "Cash" });
    await cash.getByLabel("Amount (£)").fill(half.toFixed(2));
    await cash.getByLabel("Tendered (£)").fill((half + 20).toFixed(2));
    await cash.getByRole("button", { name: "Take cash" }).click();
    await expect(page.getByText("Cash · succeeded · change £20.00")).toBeVisible();
    const rest = Math.round((rung.total - half) * 100) / 100;
    await expect(total).toContainText(`Due ${pounds(rest)}`);

    // The rest on the reader: the screen waits, with Cancel, until the card is tapped.
    const card = page.getByRole("form", { name: "Card reader" });
    await expect(card.getByLabel("Amount (£)")).toHaveValue(rest.toFixed(2));
    await card.getByLabel("Reader").selectOption({ label: readerLabel });
    await card.getByRole("button", { name: "Send to reader" }).click();
    await expect(page.getByText(`Waiting for the card on the reader (${pounds(rest)})`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
    await tapCard(readerId);
    await expect(page.getByText("Waiting for the card")).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText(/Card •••• 4242 · succeeded/)).toBeVisible();
    await expect(total).toContainText("Due £0.00");
    await expect(page.getByText(/· paid$/)).toBeVisible();

    // The receipt: on 80 mm paper, and mailed to the customer.
    await page.getByRole("link", { name: "Receipt" }).click();
    await expect(page.getByText(/VISA •••• 4242/i)).toBeVisible();
    await expect(page.getByText(productName)).toBeVisible();
    const mail = await waitForMail(who.customerEmail, /Your receipt from/);
    expect(mail.text).toContain(productName);
    expect(mail.text).toContain("Tip");
    await page.goBack();

    // Refund the product line: it goes back into stock, and the refund is shown on the sale.
    const refund = page.getByRole("form", { name: "Refund" });
    await refund.getByRole("spinbutton", { name: new RegExp(productName) }).fill("1");
    await refund.getByLabel("Reason").fill("Wrong hold");
    await shot(page, "sale-768");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(page.getByText("Refunded")).toBeVisible();
    expect((await sale()).refunded).toBe(12);
    const stock = async () =>
      ((await (await owner.get("/api/products")).json()) as { id: number; stock: number | null }[]).find(
        (row) => row.id === productId,
      )?.stock;
    expect(await stock()).toBe(4);

    // Cash up: the day's figures, the counted cash typed in, the difference in words; then the day is closed.
    await page.getByRole("link", { name: "Till" }).click();
    await page.getByRole("link", { name: "Cash up" }).click();
    const day = (await (await owner.get(`/api/till/${today}`)).json()) as { expectedCash: number };
    await expect(page.getByText("Expected in the till")).toBeVisible();
    await page.getByLabel("Cash counted in the till (£)").fill((day.expectedCash - 0.5).toFixed(2));
    await shot(page, "cash-up-768");
    await page.getByRole("button", { name: "Close the day" }).click();
    await expect(page.getByRole("status")).toContainText("The till is £0.50 short.");
    await shot(page, "cash-up-closed-768");
    const refused = await owner.post("/api/sales", {
      data: { lines: [{ kind: "custom", description: "After hours", amount: 5 }] },
    });
    expect(refused.status()).toBe(409);
  } finally {
    // The payments server's day is today for the whole run: open it again for a repeat of this spec.
    const db = openE2eDatabase();
    try {
      await db.deleteFrom("till_days").where("date", "=", today).execute();
    } finally {
      await db.destroy();
    }
  }
});

interface SaleBody {
  total: number;
  refunded: number;
  tip: { amount: number };
  lines: { kind: string; memberId: number | null }[];
}

const pounds = (amount: number) => `£${amount.toFixed(2)}`;
