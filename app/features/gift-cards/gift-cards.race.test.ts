import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { addDays, shopInstant } from "~/lib/shop-time";
import { expireCards, spendFromCard } from "./gift-cards.server";

/* The balance held by the database (a file database, or PostgreSQL): parallel spends and a direct overspend. */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ onDisk: true });
  admin = await api.admin();
});
afterAll(async () => {
  await api.close();
});

const issue = async (amount: number) =>
  (
    await admin.post("/api/gift-cards/issue", {
      amount,
      recipient: { name: "Jo" },
      reason: "Sold at the desk",
      paidBy: "cash",
    })
  ).body as { id: number; code: string };

describe("spending one card from many places at once", () => {
  it("20 payments of £10 on a £50 card: exactly 5 pass, 15 answer 409 with the balance left, and it ends at £0", async () => {
    const card = await issue(50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        admin.request("POST", `/api/gift-cards/${card.code}/redeem`, {
          json: { amount: 10 },
          headers: { "idempotency-key": `till-${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.body.balance).toBeLessThan(10);
      expect(answer.body.message).toContain(`£${answer.body.balance.toFixed(2)}`);
    }
    expect((await api.anonymous().get(`/api/gift-cards/${card.code}`)).body).toMatchObject({
      balance: 0,
      status: "used",
    });
    const history = await api.db
      .selectFrom("gift_card_movements")
      .selectAll()
      .where("gift_card_id", "=", card.id)
      .execute();
    expect(history.filter((row) => row.kind === "spent")).toHaveLength(5);
    const ledger = await api.db.selectFrom("money_movements").selectAll().where("gift_card_id", "=", card.id).execute();
    expect(ledger.filter((row) => row.kind === "gift_card_spend").reduce((sum, row) => sum + row.amount_pence, 0)).toBe(
      5000,
    );
  });

  it("the same payment sent again with its key takes nothing more", async () => {
    const card = await issue(30);
    const pay = () =>
      admin.request("POST", `/api/gift-cards/${card.code}/redeem`, {
        json: { amount: 10 },
        headers: { "idempotency-key": "one-haircut" },
      });
    expect((await pay()).body.balance).toBe(20);
    expect((await pay()).body.balance).toBe(20);
  });

  it("the database itself refuses a balance below zero, whatever the code", async () => {
    const card = await issue(10);
    await expect(
      api.db.updateTable("gift_cards").set({ balance_pence: -1 }).where("id", "=", card.id).execute(),
    ).rejects.toThrow();
    await expect(
      api.db
        .transaction()
        .execute((trx) => spendFromCard(trx, { cardId: card.id, amountPence: 1001, key: "too-much" }, new Date())),
    ).rejects.toMatchObject({ status: 409, details: { balance: 10 } });
  });
});

describe("the owner's cards", () => {
  it("issues at the desk, lists with history, voids with a reason, and a void card cannot be spent", async () => {
    const card = await issue(25);
    const goodwill = await admin.post("/api/gift-cards/issue", {
      amount: 15,
      recipient: { name: "Kim", email: "kim@example.com" },
      reason: "Sorry for the wait",
    });
    expect(goodwill.status).toBe(201);
    expect(goodwill.body).toMatchObject({
      source: "desk",
      balance: 15,
      status: "active",
      reason: "Sorry for the wait",
    });
    const ledger = await api.db
      .selectFrom("money_movements")
      .select(["method", "amount_pence"])
      .where("gift_card_id", "=", goodwill.body.id)
      .execute();
    expect(ledger).toEqual([{ method: "gift_card", amount_pence: 1500 }]);

    const voided = await admin.post(`/api/gift-cards/${card.code}/void`, { reason: "Reported stolen" });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: "void", balance: 0 });
    expect(voided.body.history.map((row: { kind: string }) => row.kind)).toEqual(["issued", "voided"]);
    expect((await admin.post(`/api/gift-cards/${card.code}/void`, { reason: "again" })).status).toBe(409);
    const spend = await admin.request("POST", `/api/gift-cards/${card.code}/redeem`, {
      json: { amount: 1 },
      headers: { "idempotency-key": "after-void" },
    });
    expect(spend.status).toBe(409);

    const audit = (await admin.get("/api/audit")).body as { action: string }[];
    const actions = audit.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["issue gift card", "void gift card"]));
    expect(JSON.stringify(audit)).not.toContain(card.code);
  });

  it("refuses the owner's calls to anyone else", async () => {
    const visitor = await api.visitor();
    expect((await visitor.get("/api/gift-cards")).status).toBe(403);
    expect(
      (await api.anonymous().post("/api/gift-cards/issue", { amount: 10, recipient: { name: "x" }, reason: "x" }))
        .status,
    ).toBe(401);
  });
});

describe("a card past its last day", () => {
  it("reads expired, cannot be spent, and the nightly job writes its balance off once", async () => {
    const card = await issue(20);
    const row = await api.db
      .selectFrom("gift_cards")
      .select("expires_on")
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    const after = shopInstant(addDays(row.expires_on, 1), "04:00");
    await expect(
      api.db
        .transaction()
        .execute((trx) => spendFromCard(trx, { cardId: card.id, amountPence: 100, key: "late" }, after)),
    ).rejects.toMatchObject({ status: 409, message: "This gift card has expired." });
    expect(await expireCards(api.db, after)).toBeGreaterThanOrEqual(1);
    expect(await expireCards(api.db, after)).toBe(0);
    const history = await api.db
      .selectFrom("gift_card_movements")
      .selectAll()
      .where("gift_card_id", "=", card.id)
      .execute();
    expect(history.map((movement) => [movement.kind, movement.amount_pence])).toEqual([
      ["issued", 2000],
      ["expired", -2000],
    ]);
    const ledger = await api.db.selectFrom("money_movements").selectAll().where("gift_card_id", "=", card.id).execute();
    expect(ledger.map((movement) => movement.kind)).toEqual(["gift_card_load", "gift_card_expiry"]);
  });
});
