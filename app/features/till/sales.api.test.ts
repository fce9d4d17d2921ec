import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopToday } from "~/lib/shop-time";
import { nonAdminCallers } from "../../../tests/support/test-app";
import { startTillShop, type TillShop } from "./till.testing";

/* Sales and cash at the till (issue 31): the API's shapes, the booking's sale, stock, cash and its key. */

let shop: TillShop;
beforeAll(async () => {
  shop = await startTillShop();
});
afterAll(async () => {
  await shop.close();
});

describe("POST /api/sales", () => {
  it("answers 201 with the sale in pounds: lines at their all-in prices, a discount, a tip, numbered S-…", async () => {
    const { admin, serviceId, memberId, pomadeId } = shop;
    const response = await admin.post("/api/sales", {
      customer: { name: "Alex Reid", email: "alex@example.com", phone: "07700 900123" },
      lines: [
        { kind: "service", serviceId, memberId },
        { kind: "product", productId: pomadeId, quantity: 2 },
        { kind: "custom", description: "Beard oil sample", amount: 1.5 },
      ],
      discount: { percent: 10 },
      tip: { amount: 3, memberId },
    });
    expect(response.status).toBe(201);
    // The service's all-in price: £20 and the shop's £8 booking fee (fee not included in prices by default).
    expect(response.body).toMatchObject({
      number: expect.stringMatching(/^S-\d{6}$/),
      status: "open",
      bookingId: null,
      customer: { name: "Alex Reid", email: "alex@example.com" },
      subtotal: 53.5,
      discount: 5.35,
      tip: { amount: 3, memberId, memberName: "Bea" },
      total: 51.15,
      paid: 0,
      due: 51.15,
      refunded: 0,
      payments: [],
    });
    expect(
      response.body.lines.map((line: { unitPrice: number; quantity: number; total: number }) => [
        line.unitPrice,
        line.quantity,
        line.total,
      ]),
    ).toEqual([
      [28, 1, 28],
      [12, 2, 24],
      [1.5, 1, 1.5],
    ]);
    expect((await admin.get(`/api/sales/${response.body.id}`)).body).toEqual(response.body);
    const listed = (await admin.get(`/api/sales?date=${shopToday()}`)).body as { id: number }[];
    expect(listed.map((sale) => sale.id)).toContain(response.body.id);
  });

  it("refuses anyone but an admin, and bad lines with 400 changing nothing", async () => {
    for (const [client, status] of await nonAdminCallers(shop.api)) {
      expect((await client.post("/api/sales", { lines: [] })).status).toBe(status);
      expect((await client.get(`/api/sales?date=${shopToday()}`)).status).toBe(status);
    }
    const before = await shop.api.db.selectFrom("sales").select("id").execute();
    for (const bad of [
      { lines: [] },
      { lines: [{ kind: "service", serviceId: 999, memberId: shop.memberId }] },
      { lines: [{ kind: "product", productId: shop.combId, quantity: 0 }] },
      { lines: [{ kind: "custom", description: "", amount: 1 }] },
      { lines: [{ kind: "custom", description: "x", amount: 1 }], discount: { amount: 2 } },
    ]) {
      const response = await shop.admin.post("/api/sales", bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.message).toBeTruthy();
    }
    expect(await shop.api.db.selectFrom("sales").select("id").execute()).toHaveLength(before.length);
  });

  it("from a booking: its service and barber, its customer, the deposit paid online in `paid`; once; marks it attended", async () => {
    await shop.setPayments({ policy: "deposit" });
    const booking = await shop.booking({ deposit: true, email: "dep@example.com" });
    await shop.setPayments({ policy: "none" });
    const response = await shop.admin.post("/api/sales", { bookingId: booking.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      bookingId: booking.id,
      bookingReference: booking.reference,
      customer: { email: "dep@example.com" },
      lines: [{ kind: "service", description: "Scissor Cut", memberId: shop.memberId, unitPrice: 28 }],
      total: 28,
      paid: 10,
      online: 10,
      due: 18,
    });
    const again = await shop.admin.post("/api/sales", { bookingId: booking.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(response.body.number);
    const row = await shop.api.db
      .selectFrom("bookings")
      .select("attendance")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.attendance).toBe("attended");
  });

  it("a voided sale frees its booking for a new one; a sale with payments cannot be voided", async () => {
    const booking = await shop.booking();
    const first = (await shop.admin.post("/api/sales", { bookingId: booking.id })).body;
    const voided = await shop.admin.post(`/api/sales/${first.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.status).toBe("voided");
    expect((await shop.admin.post(`/api/sales/${first.id}/void`)).status).toBe(409);
    const second = await shop.admin.post("/api/sales", { bookingId: booking.id });
    expect(second.status).toBe(201);
    expect((await shop.pay(second.body.id, { method: "cash", amount: 5 })).status).toBe(201);
    const refused = await shop.admin.post(`/api/sales/${second.body.id}/void`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/refund/);
  });
});

describe("stock", () => {
  it("a sale takes its products off, more than is left answers 409 naming it, a void puts them back; null is not counted", async () => {
    const stockOf = shop.pomadeStock;
    await shop.api.db.updateTable("products").set({ stock: 3 }).where("id", "=", shop.pomadeId).execute();
    const sale = await shop.sale({}, [{ kind: "product", productId: shop.pomadeId, quantity: 2 }]);
    expect(await stockOf()).toBe(1);
    const short = await shop.admin.post("/api/sales", {
      lines: [{ kind: "product", productId: shop.pomadeId, quantity: 2 }],
    });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe("Only 1 of Pomade left in stock (asked for 2).");
    await shop.admin.post(`/api/sales/${sale.id}/void`);
    expect(await stockOf()).toBe(3);
    const combs = await shop.admin.post("/api/sales", {
      lines: [{ kind: "product", productId: shop.combId, quantity: 40 }],
    });
    expect(combs.status).toBe(201);
    const products = (await shop.admin.get("/api/products")).body as { id: number; stock: number | null }[];
    expect(products.find((product) => product.id === shop.combId)?.stock).toBeNull();
  });
});

describe("cash", () => {
  it("needs an Idempotency-Key; tendered above the amount gives change; due reaching 0 makes the sale paid", async () => {
    const sale = await shop.sale();
    expect((await shop.pay(sale.id, { method: "cash", amount: 28 }, null)).status).toBe(400);
    const part = await shop.pay(sale.id, { method: "cash", amount: 8, tendered: 10 });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      payment: { method: "cash", amount: 8, status: "succeeded" },
      change: 2,
      sale: { status: "open", paid: 8, due: 20 },
    });
    const over = await shop.pay(sale.id, { method: "cash", amount: 25 });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain("£20.00 is due");
    const rest = await shop.pay(sale.id, { method: "cash", amount: 20, tendered: 50 });
    expect(rest.body).toMatchObject({ change: 30, sale: { status: "paid", due: 0, paid: 28 } });
    expect((await shop.pay(sale.id, { method: "cash", amount: 1 })).status).toBe(409);
  });

  it("a repeated key answers the first answer and moves no money; the key with another payment is 422", async () => {
    const sale = await shop.sale();
    const first = await shop.pay(sale.id, { method: "cash", amount: 10, tendered: 20 }, "key-1");
    const again = await shop.pay(sale.id, { method: "cash", amount: 10, tendered: 20 }, "key-1");
    expect(again.status).toBe(201);
    expect(again.body.payment).toEqual(first.body.payment);
    expect(again.body.change).toBe(10);
    const ledger = await shop.api.db.selectFrom("money_movements").selectAll().where("sale_id", "=", sale.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "sale", method: "cash", amount_pence: 1000, member_id: shop.memberId });
    expect((await shop.pay(sale.id, { method: "cash", amount: 11 }, "key-1")).status).toBe(422);
    expect((await shop.admin.get(`/api/sales/${sale.id}`)).body.paid).toBe(10);
  });
});
