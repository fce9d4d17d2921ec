import { z } from "zod";
import { oneLine, requiredMultilineText, requiredText } from "~/lib/schema-fields";
import { optionalImageUrlField } from "~/lib/schema-fields";

export const BLOG_CATEGORIES = ["Hair Care", "Beard Care", "Styling Tips", "Product Reviews", "News"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/**
 * The spec's slug rule: lowercase, each run of non-alphanumerics becomes "-", no hyphen at
 * either end. Accents are dropped first so "Café Cuts" reads "cafe-cuts" rather than "caf-cuts".
 */
export function slugify(text: string, fallback = "post") {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || fallback;
}

/** The base slug if free, else base-2, base-3 … */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>) {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

const META_DESCRIPTION_LENGTH = 155;

/** The search-engine description: the content's first 155 characters, with an ellipsis when it is longer. */
export function metaDescription(content: string) {
  const text = content.replace(/\s+/g, " ").trim();
  const characters = Array.from(text);
  if (characters.length <= META_DESCRIPTION_LENGTH) return text;
  return `${characters.slice(0, META_DESCRIPTION_LENGTH).join("").trimEnd()}…`;
}

/** Tags as the list shows them: split on commas, trimmed, empty and repeated ones dropped. */
export function splitTags(tags: string) {
  const seen = new Set<string>();
  return tags
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const TAGS_MESSAGE = "At least one tag is required";

export const blogPostFormSchema = z.object({
  title: requiredText("Title is required"),
  content: requiredMultilineText("Content is required", 50_000),
  summary: requiredMultilineText("Summary is required", 500),
  image: optionalImageUrlField(),
  author: requiredText("Author is required", 100),
  category: z.enum(BLOG_CATEGORIES, { error: "Category is required" }),
  tags: oneLine(z.string({ error: TAGS_MESSAGE }).max(500, "Tags must be at most 500 characters"))
    .transform(splitTags)
    .refine((tags) => tags.length > 0, TAGS_MESSAGE)
    .transform((tags) => tags.join(", ")),
});

export type BlogPostFormInput = z.input<typeof blogPostFormSchema>;
export type BlogPostFormValues = z.output<typeof blogPostFormSchema>;

export const blogPostSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  /** ISO timestamp of the first publication. */
  createdAt: z.string(),
  updatedAt: z.string(),
  image: z.string().nullable(),
  summary: z.string(),
  /** Plain text; each line break starts a paragraph. */
  content: z.string(),
  /** One comma-separated string, normalised to "a, b, c". */
  tags: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
