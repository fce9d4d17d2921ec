import { z } from "zod";
import { imageUrlField, poundsField, requiredMultilineText, requiredText } from "~/lib/schema-fields";

export const PRODUCT_SORTS = ["featured", "price-low", "price-high", "newest"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  featured: "Featured",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  newest: "Newest",
};

/** A sort from a query string or a select; anything unknown falls back to the shop's own order. */
/** The query string of the product list (page and API): an unknown or repeated sort reads as featured. */
export const productListQuerySchema = z.object({ sort: z.enum(PRODUCT_SORTS).catch("featured") });

export const productFormSchema = z.object({
  name: requiredText("Name is required"),
  price: poundsField("Price must be positive"),
  description: requiredMultilineText("Description is required", 2000),
  image: imageUrlField("Image is required"),
});

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Pounds, as the forms and cards show it. */
  price: z.number(),
  description: z.string(),
  image: z.string(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
