import { splitTags, type BlogPost } from "./blog.schema";
import type { PostCardData } from "./components/post-card";

/*
 * Posts shaped for the public pages on the server, so the pages' browser code
 * needs neither the schema module (and zod with it) nor the full post text.
 */

export const toPostCard = (post: BlogPost): PostCardData => ({
  slug: post.slug,
  title: post.title,
  author: post.author,
  category: post.category,
  createdAt: post.createdAt,
  image: post.image,
  summary: post.summary,
  tagList: splitTags(post.tags),
});

/** The post's plain-text content as paragraphs: one per line break, blank lines dropped. */
export const toParagraphs = (content: string) =>
  content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
