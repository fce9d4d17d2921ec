import { z } from "zod";
import { isCalendarDate } from "~/lib/shop-time";
import { numberField, optionalMultilineText, optionalText, requiredText } from "~/lib/schema-fields";

/* Gift cards (issue 34): the owner's settings, a purchase, the desk's issue, spend and void, and the answers. */

export const GIFT_CARD_LIMITS = { min: 5, max: 500, validMonths: { min: 12, max: 60 } } as const;
export const GIFT_MESSAGE_MAX = 300;
export const SEND_ON_MAX_DAYS = 90;

/** Letters and digits a customer cannot misread: no 0/O, 1/I/L. */
export const GIFT_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const GIFT_CODE_PATTERN = new RegExp(`^([${GIFT_CODE_ALPHABET}]{4}-){3}[${GIFT_CODE_ALPHABET}]{4}$`);

/** A code as typed: spaces dropped, upper case, dashes put back every four characters. */
export function normaliseGiftCode(typed: string) {
  const bare = typed.replace(/[\s-]/g, "").toUpperCase();
  return bare.match(/.{1,4}/g)?.join("-") ?? "";
}

const wholePence = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Pounds with at most two decimals, within the limits given. */
const amountField = (what: string, min: number, max: number) =>
  numberField(`${what} is required`)
    .pipe(z.number().min(min, `${what} must be at least £${min}`).max(max, `${what} must be at most £${max}`))
    .refine(wholePence, `${what} can have at most 2 decimals`);

export const giftCardSettingsSchema = z
  .object(
    {
      enabled: z.boolean({ error: "Gift cards enabled must be true or false" }),
      amounts: z
        .array(amountField("Each amount", GIFT_CARD_LIMITS.min, GIFT_CARD_LIMITS.max), {
          error: "Amounts must be a list of pounds",
        })
        .min(1, "Give at least one amount")
        .max(8, "Give at most 8 amounts")
        .transform((amounts) => [...new Set(amounts)].sort((a, b) => a - b)),
      min: amountField("Minimum", GIFT_CARD_LIMITS.min, GIFT_CARD_LIMITS.max),
      max: amountField("Maximum", GIFT_CARD_LIMITS.min, GIFT_CARD_LIMITS.max),
      validMonths: numberField("Valid for is required").pipe(
        z
          .number()
          .int("Valid for must be whole months")
          .min(
            GIFT_CARD_LIMITS.validMonths.min,
            `Valid for must be at least ${GIFT_CARD_LIMITS.validMonths.min} months`,
          )
          .max(
            GIFT_CARD_LIMITS.validMonths.max,
            `Valid for must be at most ${GIFT_CARD_LIMITS.validMonths.max} months`,
          ),
      ),
    },
    { error: "Gift cards must be an object" },
  )
  .refine((settings) => settings.min <= settings.max, { message: "Minimum must not be above maximum", path: ["min"] })
  .refine((settings) => settings.amounts.every((amount) => amount >= settings.min && amount <= settings.max), {
    message: "Each amount must be between the minimum and the maximum",
    path: ["amounts"],
  });
export type GiftCardSettings = z.output<typeof giftCardSettingsSchema>;

export const DEFAULT_GIFT_CARD_SETTINGS: GiftCardSettings = {
  enabled: false,
  amounts: [10, 25, 50],
  min: 5,
  max: 500,
  validMonths: 24,
};

const EMAIL_MESSAGE = "Please enter a valid email address";
const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));
const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(emailField.nullable());

/** POST /api/gift-cards; the amount's limits are the owner's, checked by the server against the settings. */
export const giftCardPurchaseSchema = z.object({
  amount: amountField("Amount", GIFT_CARD_LIMITS.min, GIFT_CARD_LIMITS.max),
  buyer: z.object(
    { name: requiredText("Please enter your name", 100), email: emailField },
    { error: "Buyer must be {name, email}" },
  ),
  recipient: z.object(
    { name: requiredText("Please enter the recipient's name", 100), email: optionalEmail },
    { error: "Recipient must be {name, email?}" },
  ),
  message: optionalMultilineText(GIFT_MESSAGE_MAX),
  sendOn: z
    .string()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDate(value), "Send on must be a date written as yyyy-MM-dd"),
});
export type GiftCardPurchase = z.output<typeof giftCardPurchaseSchema>;

/** The page's flat form fields as the purchase's shape, for giftCardPurchaseSchema (an "Other" amount wins). */
export const purchaseFromForm = (form: Record<string, string | undefined>) => ({
  amount: form.otherAmount?.trim() ? form.otherAmount : form.amount,
  buyer: { name: form.buyerName, email: form.buyerEmail },
  recipient: { name: form.recipientName, email: form.recipientEmail },
  message: form.message,
  sendOn: form.sendOn,
});

export const GIFT_CARD_STATUSES = ["active", "used", "expired", "void"] as const;
export type GiftCardState = (typeof GIFT_CARD_STATUSES)[number];

export const giftCardBalanceSchema = z.object({
  balance: z.number(),
  expiresAt: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

/** POST /api/gift-cards/issue: a card sold at the desk or given by the shop. */
export const giftCardIssueSchema = z.object({
  amount: amountField("Amount", GIFT_CARD_LIMITS.min, GIFT_CARD_LIMITS.max),
  recipient: z.object(
    { name: requiredText("Please enter the recipient's name", 100), email: optionalEmail },
    { error: "Recipient must be {name, email?}" },
  ),
  reason: requiredText("Please give a reason", 200),
  /** How the card was paid for at the desk; "none" for a card the shop gives (goodwill). */
  paidBy: z.enum(["cash", "reader", "none"], { error: "Paid by must be cash, reader or none" }).default("none"),
});
export type GiftCardIssue = z.output<typeof giftCardIssueSchema>;

export const giftCardVoidSchema = z.object({ reason: requiredText("Please give a reason", 200) });

/** POST /api/gift-cards/{code}/redeem: spent at the desk. */
export const giftCardRedeemSchema = z.object({
  amount: amountField("Amount", 0.01, 500),
  note: optionalText(200),
});

export const GIFT_CARD_MOVEMENT_KINDS = ["issued", "spent", "refunded", "voided", "expired"] as const;

export const giftCardMovementSchema = z.object({
  kind: z.enum(GIFT_CARD_MOVEMENT_KINDS),
  amount: z.number(),
  balanceAfter: z.number(),
  bookingReference: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

export const adminGiftCardSchema = giftCardBalanceSchema.extend({
  id: z.int(),
  code: z.string(),
  initial: z.number(),
  source: z.enum(["online", "desk"]),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  reason: z.string().nullable(),
  issuedAt: z.string(),
  history: z.array(giftCardMovementSchema),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

export const checkoutStartSchema = z.object({ checkoutUrl: z.string(), expiresAt: z.string() });

/** The 409 of a spend the balance does not cover: the balance left, in pounds. */
export const notEnoughBalanceMessage = (balancePounds: number) =>
  `This gift card does not have enough left: its balance is £${balancePounds.toFixed(2)}.`;
