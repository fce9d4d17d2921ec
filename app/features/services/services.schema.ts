import { z } from "zod";
import {
  numberField,
  optionalNumberField,
  poundsField,
  requiredMultilineText,
  requiredText,
} from "~/lib/schema-fields";

export const SERVICE_CATEGORIES = ["hair", "beard", "facial", "full"] as const;
export const SERVICE_ICONS = ["Scissors", "Sparkles", "Award", "Droplets"] as const;

export const SERVICE_CATEGORY_HEADINGS: Record<ServiceCategory, string> = {
  hair: "Hair Services",
  beard: "Beard Services",
  facial: "Facial Services",
  full: "Full Service",
};

export const serviceFormSchema = z.object({
  title: requiredText("Title is required"),
  price: poundsField("Price must be positive"),
  description: requiredMultilineText("Description is required", 2000),
  category: z.enum(SERVICE_CATEGORIES, { error: "Category is required" }),
  icon: z.enum(SERVICE_ICONS, { error: "Icon is required" }),
  duration: numberField("Duration is required").pipe(
    z
      .number()
      .int("Duration must be whole minutes")
      .min(1, "Duration is required")
      .max(1440, "Duration must be at most 1440 mins"),
  ),
  order: optionalNumberField("Order must be positive").pipe(
    z
      .number()
      .int("Order must be a whole number")
      .min(0, "Order must be positive")
      .max(1_000_000, "Order is too large")
      .optional(),
  ),
});

export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
export type ServiceIcon = (typeof SERVICE_ICONS)[number];
export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceFormValues = z.output<typeof serviceFormSchema>;

export const serviceSchema = z.object({
  id: z.int(),
  title: z.string(),
  /** Pounds. */
  price: z.number(),
  description: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  icon: z.string(),
  /** Minutes. */
  duration: z.int(),
  order: z.int(),
});
export type Service = z.infer<typeof serviceSchema>;

export const orderInUseMessage = (order: number) =>
  `Order number ${order} is already in use. Please choose a different number.`;
