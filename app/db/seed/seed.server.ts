import type { Db } from "../client.server";
import { isUniqueViolation } from "../errors";
import { firstFreeSlug, slugify } from "~/features/blog/blog.schema";
import { planSlots } from "~/features/booking/booking.schema";
import { removeImageFiles, storeImage } from "~/features/media/media.server";
import { toPence } from "~/lib/schema-fields";
import { OPENING_HOURS } from "~/lib/shop";
import { addDays, formatShopDate, hasStarted, shopToday } from "~/lib/shop-time";
import { blogArt, galleryArt, productArt, renderJpeg } from "./artwork.server";
import {
  BARBERS,
  BLOG_POSTS,
  FAQS,
  GALLERY_CATEGORIES,
  GALLERY_ITEMS,
  PRODUCTS,
  SERVICES,
  SLOT_DAYS,
  SLOT_MINUTES,
  weekdayText,
} from "./demo-content";

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

/** Runs `work` over the items two at a time: rasterising and encoding keep both cores busy, not more. */
async function twoAtATime<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/** Available slots cut from the opening hours of the coming days, none already started. */
export function demoSlots(now: Date) {
  const today = shopToday(now);
  const dates = Array.from({ length: SLOT_DAYS }, (_, day) => addDays(today, day));
  return dates
    .flatMap((date) => {
      const hours = OPENING_HOURS.find((entry) => entry.dayOfWeek.includes(formatShopDate(date, "EEEE")));
      if (!hours) return [];
      return planSlots({
        dates: [date],
        startTime: hours.opens,
        endTime: hours.closes,
        repeatEveryMinutes: SLOT_MINUTES,
      });
    })
    .filter((slot) => !hasStarted(slot.date, slot.startTime, now));
}

/**
 * Fills an empty database with the demo shop, all in one transaction. Returns false and
 * changes nothing when there is content already. Two instances starting together on one
 * PostgreSQL database cannot both seed: the second one's insert into services waits on the
 * first one's unique sort_order, then fails with a unique violation and rolls back.
 */
export async function seedDemoContent(db: Db, uploadsDir: string, now: Date = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const storedFiles: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await isEmpty(trx))) return false;

      await trx
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
        .execute();

      const store = async (svg: string, name: string) => {
        const media = await storeImage(trx, uploadsDir, await renderJpeg(svg), name);
        storedFiles.push(media.filename);
        return media.url;
      };
      const productImages = await twoAtATime(PRODUCTS, (product) =>
        store(productArt(product.shape, product.name, product.tag, product.palette), `${slugify(product.name)}.jpg`),
      );
      const galleryImages = await twoAtATime(GALLERY_ITEMS, (item) =>
        store(galleryArt(item.portrait, item.title, item.palette), `gallery-${slugify(item.title)}.jpg`),
      );
      const blogImages = await twoAtATime(BLOG_POSTS, (post) =>
        store(blogArt(post.motif, post.category, post.palette), `blog-${slugify(post.title)}.jpg`),
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

      const created = now.toISOString();
      await trx
        .insertInto("booking_slots")
        .values(
          demoSlots(now).map((slot) => ({
            date: slot.date,
            start_time: slot.startTime,
            end_time: slot.endTime,
            status: "available" as const,
            created_at: created,
          })),
        )
        .execute();
      return true;
    });
  } catch (error) {
    await Promise.all(storedFiles.map((filename) => removeImageFiles(uploadsDir, filename)));
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
