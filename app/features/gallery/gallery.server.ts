import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { badRequest, conflict, notFound } from "~/lib/http-error";
import {
  ALL_CATEGORIES,
  categoryExistsMessage,
  categoryInUseMessage,
  unknownCategoryMessage,
  type GalleryCategory,
  type GalleryCategoryFormValues,
  type GalleryItem,
  type GalleryItemFormValues,
} from "./gallery.schema";

const toItem = (row: Row<"gallery_items">): GalleryItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  image: row.image,
  category: row.category,
  stylist: row.stylist,
});

const sameName = (name: string) => sql<boolean>`lower(${sql.ref("name")}) = lower(${name})`;

/** Newest first, so a style an admin just added leads the gallery. */
export async function listGalleryItems(db: Db, filter: { category?: string | null } = {}): Promise<GalleryItem[]> {
  const category = filter.category?.trim();
  let query = db.selectFrom("gallery_items").selectAll();
  if (category && category !== ALL_CATEGORIES) {
    query = query.where(sql<boolean>`lower(${sql.ref("category")}) = lower(${category})`);
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toItem);
}

/** Items store the category's name, so the stored spelling is looked up case-insensitively. */
async function existingCategoryName(db: Db, name: string) {
  const row = await db.selectFrom("gallery_categories").select("name").where(sameName(name)).executeTakeFirst();
  if (!row) throw badRequest(unknownCategoryMessage(name));
  return row.name;
}

const toColumns = (input: GalleryItemFormValues, category: string) => ({
  title: input.title,
  description: input.description,
  image: input.image,
  category,
  stylist: input.stylist,
});

export async function createGalleryItem(db: Db, input: GalleryItemFormValues): Promise<GalleryItem> {
  return db.transaction().execute(async (trx) => {
    const category = await existingCategoryName(trx, input.category);
    const row = await trx
      .insertInto("gallery_items")
      .values({ ...toColumns(input, category), created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toItem(row);
  });
}

export async function updateGalleryItem(db: Db, id: number, input: GalleryItemFormValues): Promise<GalleryItem> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("gallery_items").select("id").where("id", "=", id).executeTakeFirst();
    if (!existing) throw notFound("Gallery item");
    const category = await existingCategoryName(trx, input.category);
    const row = await trx
      .updateTable("gallery_items")
      .set(toColumns(input, category))
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toItem(row);
  });
}

export async function deleteGalleryItem(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom("gallery_items").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound("Gallery item");
}

export async function listGalleryCategories(db: Db): Promise<GalleryCategory[]> {
  const rows = await db
    .selectFrom("gallery_categories as c")
    .leftJoin("gallery_items as i", "i.category", "c.name")
    .select((eb) => ["c.id", "c.name", eb.fn.count<number>("i.id").as("count")])
    .groupBy(["c.id", "c.name"])
    .orderBy(sql`lower(${sql.ref("c.name")})`)
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

export async function createGalleryCategory(db: Db, input: GalleryCategoryFormValues): Promise<GalleryCategory> {
  return db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom("gallery_categories")
      .select("name")
      .where(sameName(input.name))
      .executeTakeFirst();
    if (clash) throw conflict(categoryExistsMessage(clash.name));
    const row = await trx
      .insertInto("gallery_categories")
      .values({ name: input.name })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, count: 0 };
  });
}

export async function deleteGalleryCategory(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const category = await trx.selectFrom("gallery_categories").select("name").where("id", "=", id).executeTakeFirst();
    if (!category) throw notFound("Gallery category");
    const { count } = await trx
      .selectFrom("gallery_items")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("category", "=", category.name)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) throw conflict(categoryInUseMessage(Number(count)));
    await trx.deleteFrom("gallery_categories").where("id", "=", id).execute();
  });
}
