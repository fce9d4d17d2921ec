import { z } from "zod";
import { imageUrlField, optionalMultilineText, optionalText, requiredText } from "~/lib/schema-fields";

/** The filter value meaning "every category"; it is never a stored category. */
export const ALL_CATEGORIES = "All";

/** The query string of the gallery (page and API): a category name, matched case-insensitively; none means all. */
export const galleryListQuerySchema = z.object({ category: z.string().trim().optional().catch(undefined) });

export const galleryItemFormSchema = z.object({
  title: requiredText("Title is required"),
  description: optionalMultilineText(2000).transform((value) => value ?? ""),
  image: imageUrlField("Image is required"),
  category: requiredText("Category is required", 60),
  stylist: optionalText(),
});

export const galleryCategoryFormSchema = z.object({
  name: requiredText("Category name cannot be empty", 60),
});

export type GalleryItemFormInput = z.input<typeof galleryItemFormSchema>;
export type GalleryItemFormValues = z.output<typeof galleryItemFormSchema>;
export type GalleryCategoryFormInput = z.input<typeof galleryCategoryFormSchema>;
export type GalleryCategoryFormValues = z.output<typeof galleryCategoryFormSchema>;

export const galleryItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  /** The name of a gallery category. */
  category: z.string(),
  stylist: z.string().nullable(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** How many gallery items use this category. */
  count: z.int(),
});
export type GalleryCategory = z.infer<typeof galleryCategorySchema>;

export const categoryInUseMessage = (count: number) =>
  `This category is used by ${count} gallery ${count === 1 ? "item" : "items"}. Move or delete them first.`;
export const categoryExistsMessage = (name: string) => `A category named "${name}" already exists.`;
export const unknownCategoryMessage = (name: string) =>
  `There is no gallery category named "${name}". Choose an existing category or add it first.`;
