import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-app";
import type { Db } from "./client.server";
import { contentVersion } from "./content-version.server";

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(() => close());

describe("content version", () => {
  it("moves on every write to public content, in the writing transaction", async () => {
    const start = await contentVersion(db);
    const { id } = await db
      .insertInto("faqs")
      .values({ question: "Q?", answer: "A.", category: "General", sort_order: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const afterInsert = await contentVersion(db);
    expect(afterInsert).toBeGreaterThan(start);

    await db.updateTable("faqs").set({ answer: "B." }).where("id", "=", id).execute();
    const afterUpdate = await contentVersion(db);
    expect(afterUpdate).toBeGreaterThan(afterInsert);

    await db.deleteFrom("faqs").where("id", "=", id).execute();
    expect(await contentVersion(db)).toBeGreaterThan(afterUpdate);
  });

  it("stays put for writes that no visitor sees and for updates that match nothing", async () => {
    const start = await contentVersion(db);
    await db
      .insertInto("rate_limit_events")
      .values({ bucket: "b", subject: "s", created_at: new Date().toISOString() })
      .execute();
    await db.updateTable("booking_slots").set({ status: "booked" }).where("id", "=", -1).execute();
    expect(await contentVersion(db)).toBe(start);
  });

  it("does not move when the writing transaction rolls back", async () => {
    const start = await contentVersion(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("faqs")
          .values({ question: "Q?", answer: "A.", category: "General", sort_order: 1 })
          .execute();
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await contentVersion(db)).toBe(start);
  });
});
