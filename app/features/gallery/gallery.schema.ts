import { z } from "zod";
import { imageUrlField, optionalText, requiredText } from "~/lib/schema-fields";

/** The filter value meaning "every category"; it is never a stored category. */
export const ALL_CATEGORIES = "All";

export const galleryItemFormSchema = z.object({
  title: requiredText("Title is required"),
  description: optionalText(2000).transform((value) => value ?? ""),
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

export interface GalleryItem {
  id: number;
  title: string;
  description: string;
  image: string;
  /** The name of a gallery category. */
  category: string;
  stylist: string | null;
}

export interface GalleryCategory {
  id: number;
  name: string;
  /** How many gallery items use this category. */
  count: number;
}

export const categoryInUseMessage = (count: number) =>
  `This category is used by ${count} gallery ${count === 1 ? "item" : "items"}. Move or delete them first.`;
export const categoryExistsMessage = (name: string) => `A category named "${name}" already exists.`;
export const unknownCategoryMessage = (name: string) =>
  `There is no gallery category named "${name}". Choose an existing category or add it first.`;
