import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { startTestApi, type TestApi } from "../../../tests/support/test-app";

/* The /gift-cards page without JavaScript: buying sends the form on to Checkout; the return says it is paid. */

/** The page's HTML without React's markers between joined pieces of text. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

let stripe: StripeDouble;
let api: TestApi;

const post = (fields: Record<string, string>) =>
  api.anonymous().request("POST", "/gift-cards", {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });

beforeAll(async () => {
  stripe = await startStripeDouble();
  api = await startTestApi({ pages: true, cache: true, env: stripeDoubleEnv(stripe) });
  const admin = await api.admin();
  const { payments: _payments, giftCards: _giftCards, ...settings } = (await admin.get("/api/settings")).body;
  const giftCards = { enabled: true, amounts: [10, 25, 50], min: 5, max: 200, validMonths: 24 };
  expect((await admin.put("/api/settings", { ...settings, giftCards })).status).toBe(200);
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});

describe("the gift cards page, without JavaScript", () => {
  it("offers the amounts and says the expiry and where it can be spent", { timeout: 120_000 }, async () => {
    const page = await api.anonymous().get("/gift-cards");
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain("£25.00");
    expect(textOf(page.text)).toContain("Valid for 24 months");
    expect(textOf(page.text)).toContain("spent online when booking or in the shop");
  });

  it("sends the posted form on to Checkout, and the return page says the card is paid", async () => {
    const posted = await post({
      intent: "buy",
      amount: "25",
      otherAmount: "",
      buyerName: "Alex Buyer",
      buyerEmail: "alex@example.com",
      recipientName: "Jo Friend",
      recipientEmail: "",
      message: "",
      sendOn: "",
    });
    expect(posted.status).toBe(303);
    const checkout = posted.headers.get("location")!;
    expect(checkout).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const sessionId = checkout.split("/").at(-1)!;
    await stripe.pay(sessionId, { deliverEvent: false });
    const back = await api.anonymous().get(`/gift-cards?paid=${sessionId}`);
    expect(textOf(back.text)).toContain("£25.00 gift card for Jo Friend is paid");
  });

  it("keeps what was typed and says what is wrong", async () => {
    const refused = await post({
      intent: "buy",
      amount: "",
      otherAmount: "900",
      buyerName: "Alex",
      buyerEmail: "alex@example.com",
      recipientName: "Jo",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Amount must be at most");
    expect(refused.text).toContain('value="Alex"');
  });

  it("answers a balance for a posted code, and the same words for any unknown code", async () => {
    const unknown = await post({ intent: "balance", code: "2345-6789-ABCD-EFGH" });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("Gift card not found");
    expect(unknown.text).not.toContain("2345-6789-ABCD-EFGH");
  });

  it("Settings → Gift cards saves through the page's form, and refuses a bad value with what was typed", async () => {
    const admin = await api.admin();
    const save = (fields: Record<string, string>) =>
      admin.request("POST", "/admin/settings", {
        body: new URLSearchParams({ intent: "gift-cards", ...fields }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
      });
    const saved = await save({ enabled: "on", amounts: "20, 40", min: "10", max: "300", validMonths: "36" });
    expect(saved.status).toBe(303);
    expect((await admin.get("/api/settings")).body.giftCards).toEqual({
      enabled: true,
      amounts: [20, 40],
      min: 10,
      max: 300,
      validMonths: 36,
    });
    const refused = await save({ amounts: "20", min: "10", max: "300", validMonths: "6" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Valid for must be at least 12 months");
    expect((await admin.get("/api/settings")).body.giftCards.validMonths).toBe(36);
  });

  it("the booking page's plain form takes the deposit from a gift card, with nothing sent to Stripe", async () => {
    const admin = await api.admin();
    const { serviceId, memberId } = await serviceWithBarber(admin);
    const { payments: _payments, ...settings } = (await admin.get("/api/settings")).body;
    const payments = { policy: "deposit", deposit: 10, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 };
    expect((await admin.put("/api/settings", { ...settings, payments })).status).toBe(200);
    const card = (
      await admin.post("/api/gift-cards/issue", { amount: 20, recipient: { name: "Sam" }, reason: "Goodwill" })
    ).body as { code: string };
    const date = addDays(shopToday(), 4);
    const posted = await api.anonymous().request("POST", `/bookings?service=${serviceId}&date=${date}`, {
      body: new URLSearchParams({
        services: serviceId,
        date,
        startTime: "10:00",
        memberId: String(memberId),
        customerName: "Sam Taylor",
        customerEmail: "sam@example.com",
        customerPhone: "07911 123456",
        notes: "",
        giftCardCode: card.code,
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).not.toContain(stripe.url);
    expect((await api.anonymous().get(`/api/gift-cards/${card.code}`)).body.balance).toBe(10);
  });

  it("the owner's screen issues a card at the desk and voids it, through plain forms", async () => {
    const admin = await api.admin();
    const postForm = (fields: Record<string, string>) =>
      admin.request("POST", "/admin/gift-cards", {
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
      });
    const issued = await postForm({
      intent: "issue",
      amount: "30",
      paidBy: "cash",
      "recipient.name": "Kim Desk",
      "recipient.email": "",
      reason: "Sold at the desk",
    });
    expect(issued.status).toBe(200);
    const code = textOf(issued.text).match(/Gift card (\S+) issued/)?.[1];
    expect(code).toBeTruthy();
    const screen = await admin.request("GET", "/admin/gift-cards", { headers: { accept: "text/html" } });
    expect(textOf(screen.text)).toContain("Kim Desk");
    const voided = await postForm({ intent: "void", code: code!, reason: "Mistake" });
    expect(textOf(voided.text)).toContain("Gift card voided.");
    expect((await api.anonymous().get(`/api/gift-cards/${code}`)).body.status).toBe("void");
    const refused = await postForm({
      intent: "issue",
      amount: "2",
      paidBy: "cash",
      "recipient.name": "x",
      reason: "x",
    });
    expect(refused.status).toBe(400);
  });
});
