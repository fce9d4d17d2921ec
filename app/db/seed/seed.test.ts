import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { BLOG_CATEGORIES, slugify } from "~/features/blog/blog.schema";
import { FAQ_CATEGORIES } from "~/features/faqs/faqs.schema";
import { SERVICE_CATEGORIES, SERVICE_ICONS } from "~/features/services/services.schema";
import { OPENING_HOURS } from "~/lib/shop";
import { addDays, formatShopDate, hasStarted, shopInstant } from "~/lib/shop-time";
import { createTestContext } from "../../../tests/support/test-app";
import type { Db } from "../client.server";
import { demoSlots, seedDemoContent } from "./seed.server";

const TABLES = [
  "services",
  "products",
  "gallery_categories",
  "gallery_items",
  "blog_posts",
  "media",
  "booking_slots",
  "faqs",
  "barbers",
] as const;

async function counts(db: Db) {
  const entries = await Promise.all(
    TABLES.map(
      async (table) =>
        [
          table,
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ] as const,
    ),
  );
  return Object.fromEntries(entries.map(([table, n]) => [table, Number(n)]));
}

const uploadedFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

let test: Awaited<ReturnType<typeof createTestContext>> | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

describe("seedDemoContent", () => {
  it("fills an empty database with the demo shop once, even when two instances start together", async () => {
    test = await createTestContext();
    const { db, config } = test;
    const outcomes = await Promise.all([
      seedDemoContent(db, config.uploadsDir),
      seedDemoContent(db, config.uploadsDir),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);

    const seeded = await counts(db);
    for (const table of TABLES) expect(seeded[table], table).toBeGreaterThan(0);
    expect(seeded.barbers).toBe(12);

    const services = await db.selectFrom("services").selectAll().execute();
    expect(new Set(services.map((s) => s.category))).toEqual(new Set(SERVICE_CATEGORIES));
    expect(
      services.every(
        (s) =>
          (SERVICE_ICONS as readonly string[]).includes(s.icon) && s.duration > 0 && Number.isInteger(s.price_pence),
      ),
    ).toBe(true);
    expect(new Set(services.map((s) => s.sort_order)).size).toBe(services.length);

    const faqs = await db.selectFrom("faqs").select("category").execute();
    expect(new Set(faqs.map((f) => f.category))).toEqual(new Set(FAQ_CATEGORIES));

    const posts = await db.selectFrom("blog_posts").selectAll().execute();
    expect(posts.every((p) => (BLOG_CATEGORIES as readonly string[]).includes(p.category))).toBe(true);
    expect(posts.every((p) => p.slug === slugify(p.title) && p.content.split("\n").length >= 3)).toBe(true);

    const categories = new Set((await db.selectFrom("gallery_categories").select("name").execute()).map((c) => c.name));
    const items = await db.selectFrom("gallery_items").selectAll().execute();
    expect(items.every((item) => categories.has(item.category) && item.stylist)).toBe(true);

    // Every picture is a stored upload with its renditions on disk.
    const media = await db.selectFrom("media").select(["url", "filename"]).execute();
    const mediaUrls = new Set(media.map((m) => m.url));
    const products = await db.selectFrom("products").select("image").execute();
    for (const image of [
      ...products.map((p) => p.image),
      ...items.map((i) => i.image),
      ...posts.map((p) => p.image!),
    ]) {
      expect(mediaUrls.has(image), image).toBe(true);
    }
    expect(uploadedFiles(config.uploadsDir)).toHaveLength(media.length * 3);
    expect((await sharp(path.join(config.uploadsDir, media[0]!.filename)).metadata()).format).toBe("webp");

    const barbers = await db.selectFrom("barbers").selectAll().execute();
    expect(new Set(barbers.map((b) => b.slug)).size).toBe(barbers.length);
    expect(
      barbers.every((b) => /\bOL\d|M\d/.test(b.formatted_address) && b.weekday_text.split("\n").length === 7),
    ).toBe(true);

    const slots = await db.selectFrom("booking_slots").selectAll().execute();
    expect(slots.every((slot) => slot.status === "available" && !hasStarted(slot.date, slot.start_time))).toBe(true);

    expect(await seedDemoContent(db, config.uploadsDir)).toBe(false);
    expect(await counts(db)).toEqual(seeded);
    expect(uploadedFiles(config.uploadsDir)).toHaveLength(media.length * 3);
  });

  it("cuts slots from the opening hours of the coming 14 days, none already started", () => {
    // A Saturday, 12:10 in Oldham during summer time.
    const now = shopInstant("2030-06-01", "12:10");
    expect(formatShopDate("2030-06-01", "EEEE")).toBe("Saturday");
    const slots = demoSlots(now);
    expect(slots[0]).toEqual({ date: "2030-06-01", startTime: "12:15", endTime: "13:00" });
    expect(slots.at(-1)!.date).toBe(addDays("2030-06-01", 13));
    expect(new Set(slots.map((slot) => slot.date)).size).toBe(14);
    for (const slot of slots) {
      const hours = OPENING_HOURS.find((entry) => entry.dayOfWeek.includes(formatShopDate(slot.date, "EEEE")))!;
      expect(slot.startTime >= hours.opens && slot.endTime <= hours.closes, `${slot.date} ${slot.startTime}`).toBe(
        true,
      );
      expect(hasStarted(slot.date, slot.startTime, now)).toBe(false);
    }
    const sunday = slots.filter((slot) => slot.date === "2030-06-02");
    expect(sunday.map((slot) => slot.startTime)).toEqual([
      "09:30",
      "10:15",
      "11:00",
      "11:45",
      "12:30",
      "13:15",
      "14:00",
      "14:45",
    ]);
    const monday = slots.filter((slot) => slot.date === "2030-06-03");
    expect([monday[0]!.startTime, monday.at(-1)!.endTime, monday.length]).toEqual(["09:00", "18:00", 12]);
  });

  it("leaves a database that already has content alone", async () => {
    test = await createTestContext();
    const { db, config } = test;
    await db
      .insertInto("services")
      .values({
        title: "Our Own Cut",
        price_pence: 2000,
        description: "Already here.",
        category: "hair",
        icon: "Scissors",
        duration: 30,
        sort_order: 1,
      })
      .execute();
    const before = await counts(db);
    expect(await seedDemoContent(db, config.uploadsDir)).toBe(false);
    expect(await counts(db)).toEqual(before);
    expect(uploadedFiles(config.uploadsDir)).toEqual([]);
  });
});
