import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTillShop, type TillShop } from "./till.testing";

/*
 * Racing writers on a file database (or PostgreSQL), as the site runs: sale numbers under 50 racing creations,
 * two cash payments racing to overpay, two sales racing for the last item.
 */

let shop: TillShop;
beforeAll(async () => {
  shop = await startTillShop({ onDisk: true });
});
afterAll(async () => {
  await shop.close();
});

describe("racing requests", () => {
  it("50 racing sales get 50 numbers, no duplicates and no gaps", async () => {
    const before = await shop.api.db.selectFrom("sale_counters").select("last_number").executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        shop.admin.post("/api/sales", { lines: [{ kind: "custom", description: "Trim", amount: 5 }] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const numbers = answers.map((answer) => Number(String(answer.body.number).slice(2))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before.last_number + i + 1));
  });

  it("two cash payments racing to overpay a sale: exactly one wins", async () => {
    const sale = await shop.sale();
    const answers = await Promise.all([
      shop.pay(sale.id, { method: "cash", amount: 20 }),
      shop.pay(sale.id, { method: "cash", amount: 20 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await shop.admin.get(`/api/sales/${sale.id}`)).body).toMatchObject({ paid: 20, due: 8 });
  });

  it("two sales racing for the last item: one gets it, the other is told none is left", async () => {
    await shop.api.db.updateTable("products").set({ stock: 1 }).where("id", "=", shop.pomadeId).execute();
    const line = { kind: "product", productId: shop.pomadeId, quantity: 1 };
    const answers = await Promise.all([
      shop.admin.post("/api/sales", { lines: [line] }),
      shop.admin.post("/api/sales", { lines: [line] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      "Only 0 of Pomade left in stock (asked for 1).",
    );
  });
});
