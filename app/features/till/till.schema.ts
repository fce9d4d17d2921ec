import { z } from "zod";
import { isCalendarDate } from "~/lib/shop-time";
import { numberField, oneLine, poundsField, requiredText } from "~/lib/schema-fields";

/* The till's requests and answers (issue 31, decision 056): pounds with two decimals, pence in the database. */

const rowId = (what: string) =>
  numberField(`${what} is required`).pipe(z.number().int(`${what} is required`).positive(`${what} is required`));

const money = (message: string) => poundsField(message);
const positiveMoney = (message: string) => poundsField(message).refine((value) => value > 0, message);

export const saleLineInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("service"),
      serviceId: rowId("Service"),
      memberId: rowId("Barber"),
      price: money("Price must be positive").optional(),
    }),
    z.object({
      kind: z.literal("product"),
      productId: rowId("Product"),
      quantity: numberField("Quantity is required").pipe(
        z
          .number()
          .int("Quantity must be a whole number")
          .min(1, "Quantity must be at least 1")
          .max(999, "Quantity must be at most 999"),
      ),
      price: money("Price must be positive").optional(),
      /** The barber who sold it; by default the sale's (its booking's, else its first line's or the tip's). */
      memberId: rowId("Barber").optional(),
    }),
    z.object({
      kind: z.literal("custom"),
      description: requiredText("Description is required", 120),
      amount: money("Amount must be positive"),
      memberId: rowId("Barber").optional(),
    }),
  ],
  { error: "Each line must be a service, a product or a custom line" },
);
export type SaleLineInput = z.output<typeof saleLineInputSchema>;

const customerInputSchema = z.object(
  {
    name: requiredText("Customer name is required", 120),
    email: oneLine(z.string().trim().max(200).optional().default("")).refine(
      (value) => value === "" || z.email().safeParse(value).success,
      "Email must be a valid email address",
    ),
    phone: oneLine(z.string().trim().max(30).optional().default("")),
  },
  { error: "Customer must be an object" },
);

export const discountSchema = z.union(
  [
    z.object({ amount: money("Discount must be positive") }).strict(),
    z
      .object({
        percent: numberField("Discount percent is required").pipe(
          z
            .number()
            .int("Discount percent must be whole")
            .min(0, "Discount percent must be 0–100")
            .max(100, "Discount percent must be 0–100"),
        ),
      })
      .strict(),
  ],
  { error: "Discount must be {amount} or {percent}" },
);

export const createSaleSchema = z.object({
  bookingId: rowId("Booking").optional(),
  customer: customerInputSchema.optional(),
  lines: z.array(saleLineInputSchema, { error: "Lines must be a list" }).max(50, "At most 50 lines").optional(),
  discount: discountSchema.optional(),
  tip: z
    .object(
      { amount: money("Tip must be positive"), memberId: rowId("Barber") },
      { error: "Tip must be {amount, memberId}" },
    )
    .optional(),
});
export type CreateSaleInput = z.output<typeof createSaleSchema>;

export const paymentInputSchema = z.discriminatedUnion(
  "method",
  [
    z.object({
      method: z.literal("cash"),
      amount: positiveMoney("Amount must be more than £0.00"),
      tendered: money("Tendered must be positive").optional(),
    }),
    z.object({
      method: z.literal("card"),
      amount: positiveMoney("Amount must be more than £0.00"),
      readerId: requiredText("Reader is required", 100),
    }),
    z.object({ method: z.literal("card_on_file"), amount: positiveMoney("Amount must be more than £0.00") }),
    z.object({
      method: z.literal("gift_card"),
      amount: positiveMoney("Amount must be more than £0.00"),
      code: requiredText("Gift card code is required", 40),
    }),
  ],
  { error: "Method must be cash, card, card_on_file or gift_card" },
);
export type PaymentInput = z.output<typeof paymentInputSchema>;

export const refundInputSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: rowId("Line"),
        quantity: numberField("Quantity must be a whole number")
          .pipe(z.number().int("Quantity must be a whole number").min(1, "Quantity must be at least 1"))
          .optional(),
      }),
      { error: "Lines must be a list" },
    )
    .max(50)
    .optional(),
  amount: positiveMoney("Amount must be more than £0.00").optional(),
  reason: requiredText("Reason is required", 200),
});
export type RefundInput = z.output<typeof refundInputSchema>;

export const closeDaySchema = z.object({ countedCash: money("Counted cash must be positive") });

export const readerInputSchema = z.object({
  registrationCode: requiredText("Registration code is required", 100),
  label: requiredText("Label is required", 60),
});

export const tillDateSchema = z
  .string({ error: "Date must be YYYY-MM-DD" })
  .refine(isCalendarDate, "Date must be YYYY-MM-DD");

// ---------------------------------------------------------------- answers

export const SALE_STATUSES = ["open", "paid", "voided"] as const;
export const PAYMENT_METHODS = ["cash", "card", "card_on_file", "gift_card"] as const;
/** How a payment's method reads on the screens and the receipt. */
export const PAYMENT_METHOD_NAMES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  cash: "Cash",
  card: "Card",
  card_on_file: "Card on file",
  gift_card: "Gift card",
};
export const PAYMENT_STATES = ["processing", "succeeded", "failed", "canceled"] as const;

export const saleLineSchema = z.object({
  id: z.int(),
  kind: z.enum(["service", "product", "custom"]),
  serviceId: z.int().nullable(),
  productId: z.int().nullable(),
  memberId: z.int().nullable(),
  memberName: z.string().nullable(),
  description: z.string(),
  unitPrice: z.number(),
  quantity: z.int(),
  total: z.number(),
  refundedQuantity: z.int(),
});

export const salePaymentSchema = z.object({
  id: z.int(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  status: z.enum(PAYMENT_STATES),
  tendered: z.number().nullable(),
  change: z.number(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  failure: z.string().nullable(),
  refunded: z.number(),
  createdAt: z.string(),
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

export const saleSchema = z.object({
  id: z.int(),
  number: z.string(),
  status: z.enum(SALE_STATUSES),
  date: z.string(),
  bookingId: z.int().nullable(),
  bookingReference: z.string().nullable(),
  customer: z.object({ id: z.int(), name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  lines: z.array(saleLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  tip: z.object({ amount: z.number(), memberId: z.int().nullable(), memberName: z.string().nullable() }),
  total: z.number(),
  paid: z.number(),
  online: z.number(),
  due: z.number(),
  refunded: z.number(),
  payments: z.array(salePaymentSchema),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

export const tillDaySchema = z.object({
  date: z.string(),
  sales: z.int(),
  takings: z.object({
    cash: z.number(),
    card: z.number(),
    cardOnFile: z.number(),
    giftCard: z.number(),
    online: z.number(),
    total: z.number(),
  }),
  tips: z.object({
    total: z.number(),
    byMember: z.array(z.object({ memberId: z.int(), name: z.string(), amount: z.number() })),
  }),
  refunds: z.object({ cash: z.number(), card: z.number(), giftCard: z.number() }),
  float: z.number(),
  expectedCash: z.number(),
  closed: z.boolean(),
  countedCash: z.number().nullable(),
  difference: z.number().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type TillDay = z.infer<typeof tillDaySchema>;

export const readerSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.string(),
  deviceType: z.string(),
  /** The Stripe Terminal location it is registered in: the one made from the shop's address. */
  location: z.string(),
});
export type Reader = z.infer<typeof readerSchema>;

/** "S-000042". */
export const saleNumber = (number: number) => `S-${String(number).padStart(6, "0")}`;
