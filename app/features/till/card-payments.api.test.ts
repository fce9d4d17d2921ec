import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatPounds } from "~/lib/money";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import { DECLINED_CARD } from "../../../tests/support/stripe-double";
import { startTillShop, type TillShop } from "./till.testing";

/* Card payments at the till (issue 31): the reader through Stripe Terminal, the card on file, readers, refunds. */

let shop: TillShop;
let readerId: string;
beforeAll(async () => {
  shop = await startTillShop();
  readerId = await shop.reader();
});
afterAll(async () => {
  await shop.close();
});
beforeEach(() => {
  Object.assign(shop.stripe.state, {
    down: false,
    readerOffline: false,
    deliverTerminalEvents: true,
    nextCharge: "succeed",
  });
});

const saleNow = async (id: number) => (await shop.admin.get(`/api/sales/${id}`)).body;

describe("readers", () => {
  it("registers `simulated-wpe` in a location made once from the shop's address; lists and forgets readers", async () => {
    const second = await shop.reader("Back room");
    expect(shop.stripe.callsTo("POST", "/v1/terminal/locations")).toHaveLength(1);
    expect(shop.stripe.callsTo("POST", "/v1/terminal/locations")[0]!.params).toMatchObject({
      "address[country]": "GB",
      "address[postal_code]": "OL1 1RT",
    });
    const listed = (await shop.admin.get("/api/terminal/readers")).body;
    const location = (
      await shop.api.db.selectFrom("terminal_locations").select("stripe_location_id").executeTakeFirst()
    )?.stripe_location_id;
    expect(location).toMatch(/^tml_/);
    expect(listed).toEqual([
      { id: readerId, label: "Front desk", status: "online", deviceType: "simulated_wisepos_e", location },
      { id: second, label: "Back room", status: "online", deviceType: "simulated_wisepos_e", location },
    ]);
    const bad = await shop.admin.post("/api/terminal/readers", { registrationCode: "nope-nope", label: "X" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/registration code/);
    expect((await shop.admin.delete(`/api/terminal/readers/${second}`)).status).toBe(204);
    expect((await shop.admin.get("/api/terminal/readers")).body).toHaveLength(1);
  });
});

describe("card on the reader", () => {
  it("answers 202 processing; the tapped card's webhook makes it succeeded, once, with brand and last four", async () => {
    const sale = await shop.sale();
    const started = await shop.pay(sale.id, { method: "card", amount: 28, readerId });
    expect(started.status).toBe(202);
    expect(started.body.payment).toMatchObject({ method: "card", amount: 28, status: "processing" });
    const [intent] = shop.stripe.callsTo("POST", "/v1/payment_intents").slice(-1);
    expect(intent!.params).toMatchObject({
      amount: "2800",
      currency: "gbp",
      "payment_method_types[0]": "card_present",
      "metadata[sale_id]": String(sale.id),
      "metadata[sale_number]": sale.number,
    });
    expect(intent!.idempotencyKey).toBeTruthy();
    expect(shop.stripe.callsTo("POST", `/v1/terminal/readers/${readerId}/process_payment_intent`)).toHaveLength(1);
    // Another payment on the busy reader is refused.
    const other = await shop.sale();
    expect((await shop.pay(other.id, { method: "card", amount: 28, readerId })).status).toBe(409);

    const events = await shop.stripe.presentCard(readerId);
    for (let i = 0; i < 10; i++) for (const event of events) await shop.stripe.deliver(event);
    await shop.api.runJobs();
    const paid = await saleNow(sale.id);
    expect(paid).toMatchObject({ status: "paid", paid: 28, due: 0 });
    expect(paid.payments[0]).toMatchObject({ status: "succeeded", cardBrand: "visa", cardLast4: "4242" });
    const ledger = await shop.api.db.selectFrom("money_movements").selectAll().where("sale_id", "=", sale.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "sale", method: "card", amount_pence: 2800 });
  });

  it("a declined card fails it with the reader's message and frees the due; GET asks Stripe when the webhook is lost", async () => {
    const sale = await shop.sale();
    const started = await shop.pay(sale.id, { method: "card", amount: 28, readerId });
    shop.stripe.state.deliverTerminalEvents = false;
    await shop.stripe.presentCard(readerId, DECLINED_CARD);
    const failed = await saleNow(sale.id);
    expect(failed.payments[0]).toMatchObject({
      id: started.body.payment.id,
      status: "failed",
      failure: "Your card was declined.",
    });
    expect(failed.due).toBe(28);
    await shop.pay(sale.id, { method: "card", amount: 28, readerId });
    await shop.stripe.presentCard(readerId);
    expect(await saleNow(sale.id)).toMatchObject({ status: "paid", paid: 28 });
  });

  it("Cancel stops the reader and frees the due; an offline reader is 409 with Stripe's reason, nothing recorded", async () => {
    const sale = await shop.sale();
    const started = await shop.pay(sale.id, { method: "card", amount: 10, readerId });
    expect((await shop.pay(sale.id, { method: "cash", amount: 20 })).status).toBe(409);
    const cancelled = await shop.admin.post(`/api/sales/${sale.id}/payments/${started.body.payment.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.payments[0].status).toBe("canceled");
    expect((await shop.pay(sale.id, { method: "cash", amount: 20 })).status).toBe(201);
    shop.stripe.state.readerOffline = true;
    const offline = await shop.pay(sale.id, { method: "card", amount: 8, readerId });
    expect(offline.status).toBe(409);
    expect(offline.body.message).toMatch(/offline/);
    expect(await saleNow(sale.id)).toMatchObject({ paid: 20, due: 8 });
    shop.stripe.state.readerOffline = false;
    shop.stripe.state.down = true;
    expect((await shop.pay(sale.id, { method: "card", amount: 8, readerId })).status).toBe(503);
    shop.stripe.state.down = false;
    expect(await saleNow(sale.id)).toMatchObject({ paid: 20, due: 8 });
  });
});

describe("card on file", () => {
  it("charges the saved card off-session; a decline is 402 with the bank's reason", async () => {
    await shop.setPayments({ policy: "card" });
    const booking = await shop.booking({ deposit: true, email: "card@example.com" });
    await shop.setPayments({ policy: "none" });
    const sale = (await shop.admin.post("/api/sales", { bookingId: booking.id })).body;
    shop.stripe.state.nextCharge = "card_declined";
    const declined = await shop.pay(sale.id, { method: "card_on_file", amount: 28 });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toMatch(/insufficient funds/);
    shop.stripe.state.nextCharge = "succeed";
    const charged = await shop.pay(sale.id, { method: "card_on_file", amount: 28 });
    expect(charged.status).toBe(201);
    expect(charged.body.sale).toMatchObject({ status: "paid", paid: 28 });
    const walkIn = await shop.admin.post("/api/sales", { lines: [{ kind: "custom", description: "Trim", amount: 5 }] });
    expect((await shop.pay(walkIn.body.id, { method: "card_on_file", amount: 5 })).status).toBe(409);
  });
});

describe("refunds and the cash-up", () => {
  it("refunds part of a split payment: the card part through Stripe, the rest in cash, stock back, mailed", async () => {
    const sale = await shop.sale({}, [{ kind: "product", productId: shop.pomadeId, quantity: 1 }]);
    const pomadeLine = sale.lines[1]!.id;
    await shop.pay(sale.id, { method: "cash", amount: 30, tendered: 40 });
    await shop.pay(sale.id, { method: "card", amount: 10, readerId });
    await shop.stripe.presentCard(readerId);
    await shop.api.runJobs();
    expect((await saleNow(sale.id)).status).toBe("paid");
    const stock = shop.pomadeStock;
    const before = await stock();
    expect((await shop.refund(sale.id, { reason: "x" }, null)).status).toBe(400);
    const refunded = await shop.refund(
      sale.id,
      { lines: [{ lineId: pomadeLine }], amount: 15, reason: "Wrong pomade" },
      "r-1",
    );
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ refunded: 15 });
    expect(await stock()).toBe(before! + 1);
    expect(shop.stripe.refunds.slice(-1)[0]).toMatchObject({ amount: 1000 });
    const again = await shop.refund(
      sale.id,
      { lines: [{ lineId: pomadeLine }], amount: 15, reason: "Wrong pomade" },
      "r-1",
    );
    expect(again.body.refunded).toBe(15);
    expect((await shop.refund(sale.id, { amount: 26, reason: "too much" })).status).toBe(409);
    const ledger = await shop.api.db
      .selectFrom("money_movements")
      .select(["method", "amount_pence"])
      .where("sale_id", "=", sale.id)
      .where("kind", "=", "sale_refund")
      .orderBy("method")
      .execute();
    expect(ledger).toEqual([
      { method: "card", amount_pence: -1000 },
      { method: "cash", amount_pence: -500 },
    ]);
    await shop.api.runJobs();
    expect(shop.sink.to("sam@example.com").map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Your receipt from Oldham Barbers (${sale.number})`,
        `Refund of £15.00 from Oldham Barbers (${sale.number})`,
      ]),
    );
  });

  it("adds up the day, closes once, and then refuses sales, payments and refunds that day", async () => {
    const date = shopToday();
    const open = await shop.sale({ tip: { amount: 2, memberId: shop.memberId } });
    const day = (await shop.admin.get(`/api/till/${date}`)).body;
    expect(day).toMatchObject({ date, closed: false, float: 0, countedCash: null });
    const { cash, card } = day.takings;
    expect(day.expectedCash).toBe(day.float + cash - day.refunds.cash);
    expect(card).toBeGreaterThan(0);
    const closed = await shop.admin.post(`/api/till/${date}/close`, { countedCash: day.expectedCash + 1 });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      closed: true,
      countedCash: day.expectedCash + 1,
      difference: 1,
      closedBy: "owner",
    });
    expect((await shop.admin.post(`/api/till/${date}/close`, { countedCash: 0 })).status).toBe(409);
    // The close is in the audit log once, in words (the refused second close is not).
    const log = (await shop.admin.get("/api/audit?kind=till")).body as { action: string; targetLabel: string }[];
    expect(log).toEqual([
      expect.objectContaining({
        action: "close the day",
        targetLabel: `${formatShopDate(date)}: ${formatPounds(day.expectedCash + 1)} counted, £1.00 over the ${formatPounds(day.expectedCash)} expected`,
      }),
    ]);
    const refunds = (await shop.admin.get("/api/audit?kind=sales")).body as { action: string; targetLabel: string }[];
    // Each refund once, by its sale's number (the API's own entry for the call is not written as well).
    const given = await shop.api.db.selectFrom("sale_refunds").select("id").execute();
    const refundEntries = refunds.filter((entry) => entry.action === "refund sale");
    expect(refundEntries).toHaveLength(given.length);
    for (const entry of refundEntries) expect(entry.targetLabel).toMatch(/^S-\d{6}: £\d+\.\d{2}$/);
    const refusals = [
      await shop.admin.post("/api/sales", { lines: [{ kind: "custom", description: "Trim", amount: 5 }] }),
      await shop.pay(open.id, { method: "cash", amount: 5 }),
      await shop.refund(open.id, { amount: 1, reason: "late" }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/closed/);
    }
  });
});
