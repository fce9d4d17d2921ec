import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { addDays, shopToday } from "~/lib/shop-time";
import { GIFT_CODE_PATTERN } from "./gift-cards.schema";

let stripe: StripeDouble;
let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;

const giftCards = { enabled: true, amounts: [10, 25, 50], min: 5, max: 500, validMonths: 24 };

async function setGiftCards(value: object) {
  const { payments: _payments, giftCards: _current, ...settings } = (await admin.get("/api/settings")).body;
  return admin.put("/api/settings", { ...settings, giftCards: value });
}

const purchase = (extra: object = {}) => ({
  amount: 25,
  buyer: { name: "Alex Buyer", email: "alex@example.com" },
  recipient: { name: "Jo Friend", email: "jo@example.com" },
  message: "Happy birthday!\nFrom Alex",
  ...extra,
});

/** Buys a card through the double's Checkout and the webhook's job; answers its code, read from the gift mail. */
async function buyCard(extra: object = {}) {
  const before = sink.messages.length;
  const started = await api.anonymous().post("/api/gift-cards", purchase(extra));
  expect(started.status).toBe(201);
  const sessionId = String(started.body.checkoutUrl).split("/pay/")[1]!;
  await stripe.pay(sessionId);
  await api.runJobs();
  await api.runJobs();
  const gift = sink.messages.slice(before).find((mail) => mail.subject.includes("gift card for"));
  const code = gift?.body.match(/Your code: (\S+)/)?.[1];
  return { sessionId, code, started };
}

beforeAll(async () => {
  stripe = await startStripeDouble();
  sink = await startSmtpSink();
  api = await startTestApi({
    env: { ...stripeDoubleEnv(stripe), SMTP_URL: sink.url, PUBLIC_URL: "http://barbers.test" },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  admin = await api.admin();
});
afterAll(async () => {
  await api.close();
  await sink.close();
  await stripe.close();
});

describe("Settings → Gift cards", () => {
  it("are off by default, shown to everyone, and saved whole by the owner", async () => {
    expect((await api.anonymous().get("/api/settings")).body.giftCards).toEqual({
      enabled: false,
      amounts: [10, 25, 50],
      min: 5,
      max: 500,
      validMonths: 24,
    });
    expect((await api.anonymous().post("/api/gift-cards", purchase())).status).toBe(404);
    const saved = await setGiftCards({ ...giftCards, amounts: [50, 20, 20] });
    expect(saved.status).toBe(200);
    expect(saved.body.giftCards.amounts).toEqual([20, 50]);
    expect((await setGiftCards(giftCards)).status).toBe(200);
  });

  it("refuses a minimum under £5, a maximum over £500, a validity outside 12–60 months, changing nothing", async () => {
    for (const bad of [{ min: 4 }, { max: 501 }, { validMonths: 11 }, { validMonths: 61 }, { amounts: [600] }]) {
      const response = await setGiftCards({ ...giftCards, ...bad });
      expect(response.status).toBe(400);
    }
    expect((await admin.get("/api/settings")).body.giftCards).toEqual(giftCards);
  });
});

describe("buying a gift card", () => {
  it("opens a Checkout session in GBP with the shop's name, and issues one card however often the event comes", async () => {
    const started = await api.anonymous().post("/api/gift-cards", purchase());
    expect(started.status).toBe(201);
    expect(new Date(started.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    const sessionId = String(started.body.checkoutUrl).split("/pay/")[1]!;
    const call = stripe.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(call.params).toMatchObject({
      mode: "payment",
      currency: "gbp",
      "line_items[0][price_data][unit_amount]": "2500",
      "metadata[purpose]": "gift-card",
    });
    expect(call.params["line_items[0][price_data][product_data][name]"]).toContain("gift card");
    expect(call.idempotencyKey).toBeTruthy();

    const { event } = await stripe.pay(sessionId, { deliverEvent: false });
    // The same event ten times, then nine more events for the same session.
    const statuses = await Promise.all(Array.from({ length: 10 }, () => stripe.deliver(event)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (let i = 0; i < 9; i++)
      await stripe.deliver(stripe.signedEvent("checkout.session.completed", stripe.sessions.get(sessionId)));
    await api.runJobs();
    await api.runJobs();
    const cards = (await admin.get("/api/gift-cards")).body as { code: string; balance: number }[];
    expect(cards).toHaveLength(1);
    expect(cards[0]!.code).toMatch(GIFT_CODE_PATTERN);
    expect(cards[0]!.balance).toBe(25);
    const ledger = await api.db
      .selectFrom("money_movements")
      .selectAll()
      .where("kind", "=", "gift_card_load")
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ method: "online", amount_pence: 2500, gift_card_id: expect.any(Number) });

    const receipt = sink.to("alex@example.com").at(-1)!;
    expect(receipt.subject).toContain("receipt");
    const gift = sink.to("jo@example.com").at(-1)!;
    expect(gift.body).toContain(`Your code: ${cards[0]!.code}`);
    expect(gift.body).toContain("£25.00");
    expect(gift.body).toContain("> Happy birthday!");
    expect(gift.body).toMatch(/Valid until: \d+ \w+ \d{4}/);
  });

  it("ignores a forged event and a paid-looking event for a session Stripe says is open", async () => {
    const started = await api.anonymous().post("/api/gift-cards", purchase({ amount: 10 }));
    const sessionId = String(started.body.checkoutUrl).split("/pay/")[1]!;
    const forged = stripe.signedEvent("checkout.session.completed", {
      ...stripe.sessions.get(sessionId),
      status: "complete",
    });
    const bad = await fetch(`${api.baseUrl}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: forged.payload,
    });
    expect(bad.status).toBe(400);
    // Signed, but Stripe holds the session unpaid: the job asks Stripe and issues nothing.
    expect(await stripe.deliver(forged)).toBe(200);
    await api.runJobs();
    expect((await admin.get("/api/gift-cards")).body).toHaveLength(1);
  });

  it("refuses an amount outside the owner's limits, a message over 300 characters and a send date past 90 days", async () => {
    const today = shopToday();
    for (const bad of [
      { amount: 4 },
      { amount: 501 },
      { message: "x".repeat(301) },
      { sendOn: addDays(today, 91) },
      { sendOn: addDays(today, -1) },
      { buyer: { name: "", email: "a@b.co" } },
    ]) {
      expect((await api.anonymous().post("/api/gift-cards", purchase(bad))).status).toBe(400);
    }
    await setGiftCards({ ...giftCards, max: 100 });
    expect((await api.anonymous().post("/api/gift-cards", purchase({ amount: 150 }))).status).toBe(400);
    await setGiftCards(giftCards);
  });

  it("mails the gift on the day chosen, the receipt at once, and to the buyer when the recipient has no address", async () => {
    const sendOn = addDays(shopToday(), 5);
    const before = sink.messages.length;
    const started = await api
      .anonymous()
      .post(
        "/api/gift-cards",
        purchase({ recipient: { name: "Sam" }, buyer: { name: "Pat", email: "pat@example.com" }, sendOn }),
      );
    await stripe.pay(String(started.body.checkoutUrl).split("/pay/")[1]!);
    await api.runJobs();
    await api.runJobs();
    expect(sink.messages.slice(before).map((mail) => mail.subject)).toEqual([expect.stringContaining("receipt")]);
    await api.runJobs({ now: () => new Date(Date.now() + 6 * 24 * 60 * 60_000) });
    const gift = sink.to("pat@example.com").at(-1)!;
    expect(gift.subject).toContain("gift card for");
    expect(gift.body).toContain("Hello Sam");
  });
});

describe("looking a card up", () => {
  it("answers balance, expiry and state; an unknown code the same 404 as a malformed one; the 11th look-up 429", async () => {
    const { code } = await buyCard({ amount: 50 });
    expect(code).toMatch(GIFT_CODE_PATTERN);
    const visitor = api.anonymous();
    const found = await visitor.get(`/api/gift-cards/${code!.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      balance: 50,
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      status: "active",
    });
    const unknown = await visitor.get("/api/gift-cards/2345-6789-ABCD-EFGH");
    const malformed = await visitor.get("/api/gift-cards/nonsense");
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(unknown.body).toEqual(malformed.body);
    expect(Object.keys(unknown.body)).toEqual(["message"]);
    // Three look-ups so far from this address; seven more are allowed, then 429.
    for (let i = 0; i < 7; i++) expect((await visitor.get(`/api/gift-cards/${code}`)).status).toBe(200);
    const limited = await visitor.get(`/api/gift-cards/${code}`);
    expect(limited.status).toBe(429);
  });
});
