import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-app";
import type { Db } from "./client.server";
import { contentVersion } from "./content-version.server";
import { isPostgres } from "./dialect";

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

  it("moves once for a transaction of many rows on PostgreSQL, and again for the next transaction", async () => {
    // Per row, 30,000 bookings imported in one transaction took 20 s to commit there (migration 034).
    const start = await contentVersion(db);
    const slots = Array.from({ length: 1_400 }, (_, index) => ({
      date: "2020-01-01",
      start_time: `${String(Math.floor(index / 60) % 24).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`,
      end_time: "23:59",
      status: "available" as const,
      created_at: new Date().toISOString(),
    }));
    await db.transaction().execute(async (trx) => {
      for (let from = 0; from < slots.length; from += 500) {
        await trx
          .insertInto("booking_slots")
          .values(slots.slice(from, from + 500))
          .execute();
      }
    });
    const afterBulk = await contentVersion(db);
    expect(afterBulk).toBeGreaterThan(start);
    if (isPostgres(db)) expect(afterBulk).toBe(start + 1);
    await db.deleteFrom("booking_slots").where("date", "=", "2020-01-01").execute();
    expect(await contentVersion(db)).toBeGreaterThan(afterBulk);
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
