import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { firstFreeSlug, slugify } from "~/features/blog/blog.schema";
import type { MediaStorage } from "~/features/media/media-storage.server";
import { removeImageFiles, storeEncodedImage } from "~/features/media/media.server";
import { weekdayRanges } from "~/features/settings/opening-hours";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { loadSettings } from "~/features/settings/settings.server";
import { DEMO_ART_SIZES, demoArtDirectory, demoArtKey, shippedRenditionWidths, type DemoArtKind } from "./demo-art";
import {
  BARBERS,
  BLOG_POSTS,
  FAQS,
  GALLERY_CATEGORIES,
  GALLERY_ITEMS,
  PRODUCTS,
  SERVICES,
  TEAM,
  weekdayText,
} from "./demo-content";
import { toPence } from "~/lib/money";

/** True when the shop has no content yet; seeding never touches a database that has some. */
export async function isEmpty(db: Db) {
  const tables = ["services", "products", "blog_posts", "faqs", "gallery_items", "barbers"] as const;
  for (const table of tables) {
    if (await db.selectFrom(table).select("id").limit(1).executeTakeFirst()) return false;
  }
  return true;
}

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** A shipped demo picture with its renditions, read as the seed stores it. */
async function readDemoArt(kind: DemoArtKind, title: string) {
  const dir = demoArtDirectory();
  const key = demoArtKey(kind, title);
  const renditions = new Map<number, Buffer>();
  for (const width of shippedRenditionWidths(kind)) {
    renditions.set(width, await fs.readFile(path.join(dir, `${key}-${width}w.webp`)));
  }
  return { ...DEMO_ART_SIZES[kind], main: await fs.readFile(path.join(dir, `${key}.webp`)), renditions };
}

/** A demo member's week, each range clipped to the shop's opening hours of that day. */
export function demoWeek(member: (typeof TEAM)[number], shop: Pick<ShopSettings, "openingHours">) {
  return [0, 1, 2, 3, 4, 5, 6].flatMap((day) => {
    const open = weekdayRanges(shop.openingHours, day);
    const ranges = member.week(day).flatMap((range) =>
      open.flatMap((hours) => {
        const start = range.start > hours.start ? range.start : hours.start;
        const end = range.end < hours.end ? range.end : hours.end;
        return start < end ? [{ start, end }] : [];
      }),
    );
    return ranges.length ? [{ day, ranges }] : [];
  });
}

/**
 * Fills an empty database with the demo shop, all in one transaction. Returns false and
 * changes nothing when there is content already. Two instances starting together on one
 * PostgreSQL database cannot both seed: the second one's insert into services waits on the
 * first one's unique sort_order, then fails with a unique violation and rolls back.
 */
export async function seedDemoContent(db: Db, storage: MediaStorage, now: Date = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const shop = await loadSettings(db);
  const storedFiles: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await isEmpty(trx))) return false;

      const serviceRows = await trx
        .insertInto("services")
        .values(
          SERVICES.map((service, index) => ({
            title: service.title,
            price_pence: toPence(service.price),
            description: service.description,
            category: service.category,
            icon: service.icon,
            duration: service.duration,
            sort_order: index + 1,
          })),
        )
        .returning(["id", "category"])
        .execute();

      const storeAll = async (kind: DemoArtKind, titles: string[]) => {
        const urls: string[] = [];
        for (const title of titles) {
          const art = await readDemoArt(kind, title);
          const media = await storeEncodedImage(trx, storage, art, `${demoArtKey(kind, title)}.webp`);
          storedFiles.push(media.filename);
          urls.push(media.url);
        }
        return urls;
      };
      const productImages = await storeAll(
        "product",
        PRODUCTS.map((product) => product.name),
      );
      const galleryImages = await storeAll(
        "gallery",
        GALLERY_ITEMS.map((item) => item.title),
      );
      const blogImages = await storeAll(
        "blog",
        BLOG_POSTS.map((post) => post.title),
      );

      await trx
        .insertInto("products")
        .values(
          PRODUCTS.map((product, index) => ({
            name: product.name,
            price_pence: toPence(product.price),
            description: product.description,
            image: productImages[index]!,
            // Staggered so that "newest" lists them in a different order from "featured".
            created_at: daysBefore(now, 3 + ((index * 5) % PRODUCTS.length) * 4),
          })),
        )
        .execute();

      await trx
        .insertInto("gallery_categories")
        .values(GALLERY_CATEGORIES.map((name) => ({ name })))
        .execute();
      await trx
        .insertInto("gallery_items")
        .values(
          GALLERY_ITEMS.map((item, index) => ({
            title: item.title,
            description: item.description,
            image: galleryImages[index]!,
            category: item.category,
            stylist: item.stylist,
            created_at: daysBefore(now, GALLERY_ITEMS.length - index),
          })),
        )
        .execute();

      const slugs = new Set<string>();
      await trx
        .insertInto("blog_posts")
        .values(
          BLOG_POSTS.map((post, index) => {
            const slug = firstFreeSlug(slugify(post.title), slugs);
            slugs.add(slug);
            const published = daysBefore(now, post.daysAgo);
            return {
              slug,
              title: post.title,
              author: post.author,
              category: post.category,
              image: blogImages[index]!,
              summary: post.summary,
              content: post.paragraphs.join("\n"),
              tags: post.tags,
              created_at: published,
              updated_at: published,
            };
          }),
        )
        .execute();

      await trx
        .insertInto("faqs")
        .values(FAQS.map((faq, index) => ({ ...faq, sort_order: index + 1 })))
        .execute();

      const barberSlugs = new Set<string>();
      await trx
        .insertInto("barbers")
        .values(
          BARBERS.map((barber) => {
            const slug = firstFreeSlug(slugify(barber.name, "barber"), barberSlugs);
            barberSlugs.add(slug);
            return {
              slug,
              place_id: null,
              name: barber.name,
              formatted_address: barber.address,
              weekday_text: weekdayText(barber.hours).join("\n"),
              rating: barber.rating,
              user_ratings_total: barber.ratings,
              formatted_phone_number: barber.phone,
              lat: barber.lat,
              lng: barber.lng,
              updated_at: now.toISOString(),
            };
          }),
        )
        .execute();

      for (const [index, member] of TEAM.entries()) {
        const { id } = await trx
          .insertInto("team_members")
          .values({
            name: member.name,
            bio: member.bio,
            image: null,
            sort_order: index + 1,
            active: 1,
            created_at: now.toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("team_member_services")
          .values(
            serviceRows
              .filter((service) => !member.skips.includes(service.category))
              .map((service) => ({ member_id: id, service_id: service.id })),
          )
          .execute();
        await trx
          .insertInto("team_member_hours")
          .values(
            demoWeek(member, shop).flatMap(({ day, ranges }) =>
              ranges.map((range) => ({ member_id: id, day, start_time: range.start, end_time: range.end })),
            ),
          )
          .execute();
      }
      return true;
    });
  } catch (error) {
    await Promise.all(storedFiles.map((filename) => removeImageFiles(storage, filename)));
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
