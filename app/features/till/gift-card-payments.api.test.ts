import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopToday } from "~/lib/shop-time";
import { startTillShop, type TillShop } from "./till.testing";

/*
 * A gift card as a payment at the till (issues 31 and 34): spent by the gift-cards feature's guarded update in the
 * payment's transaction (the card's history and the ledger name the sale), refused with the balance left when it
 * does not cover, and a refund of that payment goes back to the card.
 */

let shop: TillShop;
beforeAll(async () => {
  shop = await startTillShop();
});
afterAll(() => shop.close());

async function issueCard(amount: number) {
  const response = await shop.admin.post("/api/gift-cards/issue", {
    amount,
    recipient: { name: "Jo" },
    reason: "Sold at the desk",
    paidBy: "cash",
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; code: string };
}

const cardOf = async (code: string) =>
  ((await shop.admin.get("/api/gift-cards")).body as { code: string; balance: number }[]).find(
    (card) => card.code === code,
  )!;

describe("POST /api/sales/{id}/payments with a gift card", () => {
  it("spends from the card, counts towards the sale, and writes one ledger row naming the sale", async () => {
    const card = await issueCard(25);
    const sale = await shop.sale();
    const paid = await shop.pay(sale.id, { method: "gift_card", code: card.code, amount: 20 });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.payment).toMatchObject({ method: "gift_card", amount: 20, status: "succeeded" });
    expect(paid.body.sale).toMatchObject({ paid: 20, due: sale.total - 20 });
    expect((await cardOf(card.code)).balance).toBe(5);
    const ledger = await shop.api.db
      .selectFrom("money_movements")
      .select(["kind", "method", "amount_pence", "gift_card_id"])
      .where("sale_id", "=", sale.id)
      .execute();
    expect(ledger).toEqual([
      { kind: "gift_card_spend", method: "gift_card", amount_pence: 2000, gift_card_id: card.id },
    ]);
    // The rest in cash: the sale is paid, and the day's cash-up counts the card apart.
    const rest = await shop.pay(sale.id, { method: "cash", amount: sale.total - 20 });
    expect(rest.body.sale.status).toBe("paid");
    const day = (await shop.admin.get(`/api/till/${shopToday()}`)).body;
    expect(day.takings.giftCard).toBeGreaterThanOrEqual(20);
  });

  it("refuses 409 with the balance left when the card does not cover the amount, and takes nothing", async () => {
    const card = await issueCard(10);
    const sale = await shop.sale();
    const refused = await shop.pay(sale.id, { method: "gift_card", code: card.code, amount: 15 });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ message: expect.stringContaining("£10.00"), balance: 10 });
    expect((await cardOf(card.code)).balance).toBe(10);
    const after = (await shop.admin.get(`/api/sales/${sale.id}`)).body;
    expect(after).toMatchObject({ paid: 0, payments: [] });
    const unknown = await shop.pay(sale.id, { method: "gift_card", code: "AAAA-BBBB-CCCC-DDDD", amount: 5 });
    expect(unknown.status).toBe(400);
  });

  it("takes a repeated Idempotency-Key once, and two racing payments on one £15 card: one wins", async () => {
    const card = await issueCard(15);
    const first = await shop.sale();
    const second = await shop.sale();
    const key = "gift-once";
    const once = await shop.pay(first.id, { method: "gift_card", code: card.code, amount: 10 }, key);
    const again = await shop.pay(first.id, { method: "gift_card", code: card.code, amount: 10 }, key);
    expect([once.status, again.status]).toEqual([201, 201]);
    expect(again.body.payment.id).toBe(once.body.payment.id);
    expect((await cardOf(card.code)).balance).toBe(5);
    const raced = await Promise.all([
      shop.pay(first.id, { method: "gift_card", code: card.code, amount: 5 }),
      shop.pay(second.id, { method: "gift_card", code: card.code, amount: 5 }),
    ]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await cardOf(card.code)).balance).toBe(0);
  });

  it("gives a refund of the gift-card part back to the card, and the cash part out of the till", async () => {
    const card = await issueCard(50);
    const sale = await shop.sale();
    expect((await shop.pay(sale.id, { method: "gift_card", code: card.code, amount: 8 })).status).toBe(201);
    expect((await shop.pay(sale.id, { method: "cash", amount: sale.total - 8 })).status).toBe(201);
    const refunded = await shop.refund(sale.id, { amount: sale.total, reason: "Unhappy" });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.refunded).toBe(sale.total);
    expect((await cardOf(card.code)).balance).toBe(50);
    const refund = await shop.api.db
      .selectFrom("sale_refunds")
      .select(["cash_pence", "card_pence", "gift_card_pence"])
      .where("sale_id", "=", sale.id)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ cash_pence: (sale.total - 8) * 100, card_pence: 0, gift_card_pence: 800 });
    const back = await shop.api.db
      .selectFrom("money_movements")
      .select(["kind", "amount_pence"])
      .where("sale_id", "=", sale.id)
      .where("method", "=", "gift_card")
      .orderBy("id")
      .execute();
    expect(back).toEqual([
      { kind: "gift_card_spend", amount_pence: 800 },
      { kind: "gift_card_refund", amount_pence: -800 },
    ]);
  });
});
