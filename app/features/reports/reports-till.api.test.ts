import { afterAll, beforeAll, expect, it } from "vitest";
import { shopToday } from "~/lib/shop-time";
import { startTillShop, type TillShop } from "~/features/till/till.testing";

/*
 * The books read what the till itself writes (decisions 054 and 056): a booking's £10 deposit paid online, then
 * checked out at the till with a Pomade and a £2 tip, the rest in cash, and the Pomade refunded. The deposit
 * counts once, inside the sale; the refund once, on its day.
 */

let shop: TillShop;

beforeAll(async () => {
  shop = await startTillShop();
});
afterAll(() => shop.close());

it("counts a checked-out booking's deposit, products, tip and refund once each, and pays the barber", async () => {
  const { admin, memberId, pomadeId } = shop;
  await shop.setPayments({ policy: "deposit" });
  const booking = await shop.booking({ deposit: true });
  const sale = await admin.post("/api/sales", {
    bookingId: booking.id,
    lines: [
      { kind: "service", serviceId: shop.serviceId, memberId },
      { kind: "product", productId: pomadeId, quantity: 1 },
    ],
    tip: { amount: 2, memberId },
  });
  expect(sale.status, sale.text).toBe(201);
  const paid = await shop.pay(sale.body.id, { method: "cash", amount: sale.body.due });
  expect(paid.status, paid.text).toBe(201);
  const pomade = (sale.body.lines as { id: number; kind: string }[]).find((line) => line.kind === "product")!;
  const refunded = await shop.refund(sale.body.id, { lines: [{ lineId: pomade.id }], reason: "Wrong one" });
  expect(refunded.status, refunded.text).toBeLessThan(300);
  const member = (await admin.get(`/api/team/${memberId}`)).body;
  const pay = { kind: "commission", servicePercent: 50, productPercent: 10 };
  expect((await admin.put(`/api/team/${memberId}`, { ...member, pay })).status).toBe(200);

  const today = shopToday();
  const { takings } = (await admin.get(`/api/reports/summary?from=${today}&to=${today}`)).body;
  const service = (sale.body.lines as { kind: string; total: number }[])[0]!.total;
  expect(takings).toMatchObject({ services: service, products: 12, tips: 2, fees: 0, depositsKept: 0, refunds: 12 });
  expect(takings.net).toBe(service + 12 + 2 - 12);
  // The deposit is in online, once; the cash is what was due less the Pomade given back.
  expect(takings.byMethod).toEqual({ cash: sale.body.due - 12, card: 0, online: 10, cardOnFile: 0, giftCard: 0 });
  // The till credits the service to Bea; a product line has no barber.
  expect(takings.byMember).toEqual([{ memberId, name: "Bea", services: service, products: 0, tips: 2 }]);
  const [line] = (await admin.get(`/api/reports/pay?from=${today}&to=${today}`)).body;
  expect(line).toMatchObject({ services: service, tips: 2, commission: service / 2, owed: service / 2 + 2 });
});
