import { z } from "zod";
import { imageUrlField, poundsField, requiredMultilineText, requiredText } from "~/lib/schema-fields";

const STOCK_MESSAGE = "Stock must be a whole number of 0 or more, or empty for not counted";

/** How many are on the shelf: a whole number ≥ 0, null (or empty) for "not counted"; absent keeps what is stored. */
const stockField = z.preprocess(
  (value) => (value === "" ? null : typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z
    .number({ error: STOCK_MESSAGE })
    .int(STOCK_MESSAGE)
    .min(0, STOCK_MESSAGE)
    .max(1_000_000, STOCK_MESSAGE)
    .nullable()
    .optional(),
);

/** The products screen flags a counted product with this many or fewer left. */
export const LOW_STOCK = 3;

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
  stock: stockField,
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
  /** On the shelf; null: not counted. */
  stock: z.int().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
