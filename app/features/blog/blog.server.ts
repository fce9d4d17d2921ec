import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { retryOnUniqueViolation } from "~/db/errors";
import { notFound } from "~/lib/http-error";
import { firstFreeSlug, slugify, type BlogCategory, type BlogPost, type BlogPostFormValues } from "./blog.schema";

const toPost = (row: Row<"blog_posts">): BlogPost => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  author: row.author,
  category: row.category as BlogCategory,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  image: row.image,
  summary: row.summary,
  content: row.content,
  tags: row.tags,
});

const toColumns = (input: BlogPostFormValues) => ({
  title: input.title,
  author: input.author,
  category: input.category,
  image: input.image,
  summary: input.summary,
  content: input.content,
  tags: input.tags,
});

export async function listPosts(db: Db): Promise<BlogPost[]> {
  const rows = await db
    .selectFrom("blog_posts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toPost);
}

export async function getPostBySlug(db: Db, slug: string): Promise<BlogPost> {
  const row = await db.selectFrom("blog_posts").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) throw notFound("Blog post");
  return toPost(row);
}

/** True when `slug` is `base` or `base-N` (N ≥ 2): a slug the rule could give this title. */
const fitsTitle = (slug: string, base: string) => slug === base || new RegExp(`^${base}-([2-9]|[1-9]\\d+)$`).test(slug);

/**
 * A free slug for the title. A post keeps its current slug while it still fits the title,
 * so editing the text never moves a published address.
 */
async function uniqueSlug(db: Db, title: string, current?: { id: number; slug: string }) {
  const base = slugify(title);
  if (current && fitsTitle(current.slug, base)) return current.slug;
  // A slug holds only [a-z0-9-], so the pattern needs no escaping.
  let query = db
    .selectFrom("blog_posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
  if (current) query = query.where("id", "!=", current.id);
  const taken = new Set((await query.execute()).map((row) => row.slug));
  return firstFreeSlug(base, taken);
}

export async function createPost(db: Db, input: BlogPostFormValues): Promise<BlogPost> {
  return retryOnUniqueViolation(async () => {
    const now = new Date().toISOString();
    const row = await db
      .insertInto("blog_posts")
      .values({ ...toColumns(input), slug: await uniqueSlug(db, input.title), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPost(row);
  });
}

export async function updatePost(db: Db, id: number, input: BlogPostFormValues): Promise<BlogPost> {
  return retryOnUniqueViolation(async () => {
    const existing = await db.selectFrom("blog_posts").select(["id", "slug"]).where("id", "=", id).executeTakeFirst();
    if (!existing) throw notFound("Blog post");
    const row = await db
      .updateTable("blog_posts")
      .set({
        ...toColumns(input),
        slug: await uniqueSlug(db, input.title, existing),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound("Blog post");
    return toPost(row);
  });
}

export async function deletePost(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound("Blog post");
}
