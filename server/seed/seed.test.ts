import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { BLOG_CATEGORIES, slugify } from "~/features/blog/blog.schema";
import { FAQ_CATEGORIES } from "~/features/faqs/faqs.schema";
import { SERVICE_CATEGORIES, SERVICE_ICONS } from "~/features/services/services.schema";
import { getAvailableDates } from "~/features/booking/availability.server";
import { listTeam } from "~/features/team/team.server";
import { addDays, shopInstant } from "~/lib/shop-time";
import { createTestContext } from "../../tests/support/test-app";
import type { Db } from "~/db/client.server";
import { blogArt, galleryArt, productArt } from "./artwork";
import { BLOG_POSTS, GALLERY_ITEMS, PRODUCTS } from "./demo-content";
import { DEMO_ART_SIZES, demoArtDirectory, demoArtKey, shippedRenditionWidths, type DemoArtKind } from "./demo-art";
import { seedDemoContent } from "./seed";
import { shopReads } from "../request-context";

const TABLES = [
  "services",
  "products",
  "gallery_categories",
  "gallery_items",
  "blog_posts",
  "media",
  "faqs",
  "barbers",
  "team_members",
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

let test: Awaited<ReturnType<typeof createTestContext>> | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

describe("seedDemoContent", () => {
  it("fills an empty database with the demo shop once, even when two instances start together", async () => {
    test = await createTestContext({ onDisk: true });
    const { db, storage } = test;
    // A connection of its own on PostgreSQL. Not on SQLite: better-sqlite3 waits for a lock synchronously, so
    // a second connection in this process would block the first; there, two instances are two processes.
    const otherInstance = process.env.TEST_DATABASE_URL ? test.openConnection() : db;
    const outcomes = await Promise.all([seedDemoContent(db, storage), seedDemoContent(otherInstance, storage)]);
    if (otherInstance !== db) await otherInstance.destroy();
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
    expect(await storage.list()).toHaveLength(media.length * 3);
    expect((await sharp((await storage.read(media[0]!.filename))!).metadata()).format).toBe("webp");

    const barbers = await db.selectFrom("barbers").selectAll().execute();
    expect(new Set(barbers.map((b) => b.slug)).size).toBe(barbers.length);
    expect(
      barbers.every((b) => /\bOL\d|M\d/.test(b.formatted_address) && b.weekday_text.split("\n").length === 7),
    ).toBe(true);

    const slots = await db.selectFrom("booking_slots").selectAll().execute();
    expect(slots).toEqual([]);

    expect(await seedDemoContent(db, storage)).toBe(false);
    expect(await counts(db)).toEqual(seeded);
    expect(await storage.list()).toHaveLength(media.length * 3);
  });

  it("ships every demo picture drawn without lettering, at the ratio its page shows it", async () => {
    const pictures: { kind: DemoArtKind; title: string; svg: string }[] = [
      ...PRODUCTS.map((p) => ({ kind: "product" as const, title: p.name, svg: productArt(p.shape, p.palette) })),
      ...GALLERY_ITEMS.map((i) => ({
        kind: "gallery" as const,
        title: i.title,
        svg: galleryArt(i.portrait, i.palette),
      })),
      ...BLOG_POSTS.map((p) => ({ kind: "blog" as const, title: p.title, svg: blogArt(p.motif, p.palette) })),
    ];
    const dir = demoArtDirectory();
    for (const { kind, title, svg } of pictures) {
      expect(svg, title).not.toMatch(/<text\b/);
      const key = demoArtKey(kind, title);
      const main = await sharp(path.join(dir, `${key}.webp`)).metadata();
      expect([main.format, main.width, main.height], key).toEqual([
        "webp",
        DEMO_ART_SIZES[kind].width,
        DEMO_ART_SIZES[kind].height,
      ]);
      for (const width of shippedRenditionWidths(kind)) {
        expect((await sharp(path.join(dir, `${key}-${width}w.webp`)).metadata()).width, key).toBe(width);
      }
    }
    const totalBytes = fs.readdirSync(dir).reduce((sum, file) => sum + fs.statSync(path.join(dir, file)).size, 0);
    expect(totalBytes).toBeLessThan(2 * 1024 * 1024);
  });

  it("seeds three barbers whose hours offer fitting times on every day of the next 8 weeks, with no manual slots", async () => {
    test = await createTestContext();
    const { db, storage } = test;
    // A Saturday, 12:10 in Oldham during summer time.
    const now = shopInstant("2030-06-01", "12:10");
    expect(await seedDemoContent(db, storage, now)).toBe(true);
    expect(await db.selectFrom("booking_slots").select("id").execute()).toEqual([]);
    const team = await listTeam(db);
    expect(team.map((member) => member.name)).toEqual(["Imran Hussain", "Danny Whitworth", "Kelly Ashworth"]);
    expect(team[0]!.weeklyHours.map((day) => day.day)).not.toContain(1);
    expect(team[1]!.weeklyHours.find((day) => day.day === 2)!.ranges).toHaveLength(2);
    expect(team[2]!.weeklyHours.map((day) => day.day)).toEqual([1, 3, 5]);
    const services = await db.selectFrom("services").select("id").orderBy("sort_order").execute();
    const last = addDays("2030-06-01", 56);
    for (const service of services) {
      const dates = await getAvailableDates(
        shopReads(db),
        { from: "2030-06-01", to: last, services: [service.id], member: undefined },
        now,
      );
      expect(dates, `service ${service.id}`).toHaveLength(57);
    }
  }, 120_000); // seeding draws the demo images: slow on a busy machine

  it("leaves a database that already has content alone", async () => {
    test = await createTestContext();
    const { db, storage } = test;
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
    expect(await seedDemoContent(db, storage)).toBe(false);
    expect(await counts(db)).toEqual(before);
    expect(await storage.list()).toEqual([]);
  });
});
