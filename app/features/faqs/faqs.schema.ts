import { z } from "zod";
import { optionalNumberField, requiredMultilineText, requiredText } from "~/lib/schema-fields";

/** In the order the FAQ page shows its groups. */
export const FAQ_CATEGORIES = ["General", "Services", "Bookings", "Products", "Payments"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const faqFormSchema = z.object({
  question: requiredText("Question is required", 500),
  answer: requiredMultilineText("Answer is required", 5000),
  category: z.enum(FAQ_CATEGORIES, { error: "Category is required" }),
  order: optionalNumberField("Order must be a number").pipe(
    z
      .number()
      .int("Order must be a whole number")
      .min(0, "Order must be 0 or more")
      .max(1_000_000, "Order is too large")
      .default(0),
  ),
});

export type FaqFormInput = z.input<typeof faqFormSchema>;
export type FaqFormValues = z.output<typeof faqFormSchema>;

export const faqSchema = z.object({
  id: z.int(),
  question: z.string(),
  answer: z.string(),
  category: z.enum(FAQ_CATEGORIES),
  order: z.int(),
});
export type Faq = z.infer<typeof faqSchema>;
