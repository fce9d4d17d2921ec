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
  // The till credits the service and the Pomade to Bea, the booking's barber; the Pomade came back.
  expect(takings.byMember).toEqual([{ memberId, name: "Bea", services: service, products: 0, tips: 2 }]);
  const [line] = (await admin.get(`/api/reports/pay?from=${today}&to=${today}`)).body;
  expect(line).toMatchObject({ services: service, tips: 2, commission: service / 2, owed: service / 2 + 2 });
});

it("credits a product line to the sale's barber, or to the barber named on it, in each barber's pay", async () => {
  const { admin, memberId, pomadeId, combId } = shop;
  const bea = (await admin.get(`/api/team/${memberId}`)).body;
  const pay = { kind: "commission", servicePercent: 50, productPercent: 10 };
  expect((await admin.put(`/api/team/${memberId}`, { ...bea, pay })).status).toBe(200);
  const { id: _id, ...beaBody } = bea;
  const cal = await admin.post("/api/team", { ...beaBody, name: "Cal", pay });
  expect(cal.status, cal.text).toBe(201);
  const before = await payLines();
  const sale = await shop.sale({}, [
    { kind: "product", productId: combId, quantity: 2 },
    { kind: "product", productId: pomadeId, quantity: 1, memberId: cal.body.id },
  ]);
  const lines = (await admin.get(`/api/sales/${sale.id}`)).body.lines as { memberId: number; total: number }[];
  expect(lines.map((line) => line.memberId)).toEqual([memberId, memberId, cal.body.id]);
  const paid = await shop.pay(sale.id, { method: "cash", amount: sale.total });
  expect(paid.status, paid.text).toBe(201);

  const after = await payLines();
  // Bea: the Scissor Cut (half of it) and two Combs (£6, 10 % of them); Cal: the Pomade (£12).
  expect(after.get(memberId)!.products - (before.get(memberId)?.products ?? 0)).toBe(6);
  const commission = after.get(memberId)!.commission - (before.get(memberId)?.commission ?? 0);
  expect(commission).toBeCloseTo(lines[0]!.total / 2 + 0.6, 2);
  expect(after.get(cal.body.id)).toMatchObject({ name: "Cal", services: 0, products: 12, commission: 1.2 });
});

async function payLines() {
  const today = shopToday();
  const lines = (await shop.admin.get(`/api/reports/pay?from=${today}&to=${today}`)).body as {
    memberId: number;
    name: string;
    services: number;
    products: number;
    commission: number;
  }[];
  return new Map(lines.map((line) => [line.memberId, line]));
}
