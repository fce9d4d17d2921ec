import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-app";
import type { Db } from "./client.server";
import { contentVersion, publicVersion } from "./content-version.server";
import { isPostgres } from "./dialect";

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(() => close());

/** Many rows written in one transaction, 500 to a statement (under SQLite's limit of bound values). */
async function inOneTransaction<Row>(rows: Row[], insert: (trx: Db, part: Row[]) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < rows.length; from += 500) await insert(trx, rows.slice(from, from + 500));
  });
}

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
    const faqs = Array.from({ length: 1_400 }, (_, index) => ({
      question: `Bulk ${index}?`,
      answer: "A.",
      category: "Bulk",
      sort_order: 1_000 + index,
    }));
    await inOneTransaction(faqs, (trx, part) => trx.insertInto("faqs").values(part).execute());
    const afterBulk = await contentVersion(db);
    expect(afterBulk).toBeGreaterThan(start);
    if (isPostgres(db)) expect(afterBulk).toBe(start + 1);
    await db.deleteFrom("faqs").where("category", "=", "Bulk").execute();
    expect(await contentVersion(db)).toBeGreaterThan(afterBulk);
  });

  it("leaves the content version to bookings: their slots move a version of their own, once per transaction on PostgreSQL", async () => {
    // Decision 066: the settings and the team's schedules, kept under the content version, outlive a booking.
    const slotsVersion = async () => Number((await publicVersion(db)).key.split(".")[1]);
    const start = await publicVersion(db);
    const startSlots = await slotsVersion();
    const slots = Array.from({ length: 1_400 }, (_, index) => ({
      date: "2020-01-01",
      start_time: `${String(Math.floor(index / 60) % 24).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`,
      end_time: "23:59",
      status: "available" as const,
      created_at: new Date().toISOString(),
    }));
    await inOneTransaction(slots, (trx, part) => trx.insertInto("booking_slots").values(part).execute());
    const afterBulk = await publicVersion(db);
    expect(afterBulk.content).toBe(start.content);
    expect(afterBulk.key).not.toBe(start.key);
    if (isPostgres(db)) expect(await slotsVersion()).toBe(startSlots + 1);
    await db.deleteFrom("booking_slots").where("date", "=", "2020-01-01").execute();
    expect(await contentVersion(db)).toBe(start.content);
    expect(await slotsVersion()).toBeGreaterThan(startSlots + (isPostgres(db) ? 1 : 0));
  });

  it("moves both versions for a transaction that writes a slot and a service, in either order", async () => {
    for (const slotFirst of [true, false]) {
      const start = await publicVersion(db);
      await db.transaction().execute(async (trx) => {
        const slot = () =>
          trx
            .insertInto("booking_slots")
            .values({
              date: "2020-01-02",
              start_time: slotFirst ? "09:00" : "10:00",
              end_time: slotFirst ? "09:30" : "10:30",
              status: "available",
              created_at: new Date().toISOString(),
            })
            .execute();
        const faq = () =>
          trx
            .insertInto("faqs")
            .values({ question: "Both?", answer: "A.", category: "Both", sort_order: 3_000 })
            .execute();
        if (slotFirst) await slot().then(faq);
        else await faq().then(slot);
      });
      const after = await publicVersion(db);
      expect(after.content).toBeGreaterThan(start.content);
      expect(after.key.split(".")[1]).not.toBe(start.key.split(".")[1]);
      await db.deleteFrom("faqs").where("category", "=", "Both").execute();
    }
    await db.deleteFrom("booking_slots").where("date", "=", "2020-01-02").execute();
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
