import { z } from "zod";
import { numberField, poundsField } from "~/lib/schema-fields";

/* The owner's payment rules (Settings → Payments) and a booking's payment as the API shows it (issue 22). */

export const PAYMENT_POLICIES = ["none", "deposit", "prepayment", "card"] as const;
export type PaymentPolicy = (typeof PAYMENT_POLICIES)[number];
export const PAYMENT_STATUSES = ["awaiting", "paid", "card_saved", "refunded", "kept", "charged", "expired"] as const;

export const NO_KEYS_MESSAGE =
  "Online payments need the shop's Stripe secret key and webhook signing secret: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or paste them on this screen";

/**
 * A pasted key; what GET answers in its place (where the key comes from, or null) is read as "keep the stored
 * one", so a client can PUT back what it read.
 */
const stripeKey = (pattern: RegExp, message: string) =>
  z
    .union([z.enum(["environment", "settings"]), z.null(), z.string({ error: message }).trim().max(300, message)], {
      error: message,
    })
    .optional()
    .transform((value) => (value === null || value === "environment" || value === "settings" ? undefined : value))
    .refine((value) => value === undefined || value === "" || pattern.test(value), message);

export const paymentSettingsSchema = z.object(
  {
    policy: z.enum(PAYMENT_POLICIES, { error: "Payment policy must be none, deposit, prepayment or card" }),
    deposit: poundsField("Deposit must be positive"),
    noShowFee: poundsField("No-show fee must be positive"),
    askFrom: z.enum(["everyone", "risky"], { error: "Ask from must be everyone or risky" }),
    holdMinutes: numberField("Hold time is required").pipe(
      z
        .number()
        .int("Hold time must be whole minutes")
        .min(1, "Hold time must be at least 1 minute")
        .max(60, "Hold time must be at most 60 minutes"),
    ),
    /** The owner's switch for text messages (they also need the Twilio environment). */
    textsEnabled: z.boolean({ error: "Texts enabled must be true or false" }).optional().default(true),
    /** Write-only: a pasted key is stored sealed and never shown back; empty or absent keeps the stored one. */
    stripeSecretKey: stripeKey(/^(sk|rk)_[A-Za-z0-9_]+$/, "Stripe secret key must start with sk_ or rk_"),
    stripeWebhookSecret: stripeKey(/^whsec_[A-Za-z0-9_]+$/, "Stripe webhook secret must start with whsec_"),
  },
  { error: "Payments must be an object" },
);
export type PaymentSettingsInput = z.output<typeof paymentSettingsSchema>;

/** Where each Stripe key comes from: the environment wins over one pasted on the settings screen. */
export const keySourceSchema = z.enum(["environment", "settings"]).nullable();

/** The payment settings as an admin reads them: never a key, only where each one comes from. */
export const paymentSettingsViewSchema = z.object({
  policy: z.enum(PAYMENT_POLICIES),
  deposit: z.number(),
  noShowFee: z.number(),
  askFrom: z.enum(["everyone", "risky"]),
  holdMinutes: z.int(),
  textsEnabled: z.boolean(),
  stripeSecretKey: keySourceSchema,
  stripeWebhookSecret: keySourceSchema,
  /** Whether texts can go at all: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set. */
  textsAvailable: z.boolean(),
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsViewSchema>;

export const publicPaymentSettingsSchema = paymentSettingsViewSchema.pick({
  policy: true,
  deposit: true,
  noShowFee: true,
});
export type PublicPaymentSettings = z.infer<typeof publicPaymentSettingsSchema>;

/** A booking's payment on the booking answer (with where to pay) and on the manage page (with what moved since). */
export const bookingPaymentSchema = z.object({
  kind: z.enum(["deposit", "prepayment", "card"]),
  /** Pounds: the deposit, the total, or for a card the fee a no-show may cost. */
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  checkoutUrl: z.string().nullable(),
  expiresAt: z.string(),
  refunded: z.number(),
  charged: z.number(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** Why the owner may charge a fee: the booking was a no-show, or the customer cancelled inside the notice. */
export const FEE_REASONS = ["no-show", "late-cancellation"] as const;
export type FeeReason = (typeof FEE_REASONS)[number];

export const chargeRequestSchema = z.object({
  reason: z.enum(FEE_REASONS, { error: "Reason must be no-show or late-cancellation" }),
});
export const refundRequestSchema = z.object({
  amount: poundsField("Amount must be positive")
    .refine((value) => value > 0, "Amount must be more than £0.00")
    .optional(),
});

/** A client's Idempotency-Key (header or form field): printable, at most 255 characters, as Stripe's. */
export const idempotencyKeySchema = z
  .string({ error: "Idempotency-Key must be text" })
  .trim()
  .min(1, "Idempotency-Key must not be empty")
  .max(255, "Idempotency-Key must be at most 255 characters")
  .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces")
  .optional();

/** The owner's actions on a booking's money: POST /api/bookings/{id}/{action}, or a page's form "payment-{action}". */
export const OWNER_PAYMENT_ACTIONS = ["charge", "refund", "keep-deposit", "payment-link"] as const;
export type OwnerPaymentAction = (typeof OWNER_PAYMENT_ACTIONS)[number];

/** The actions that move money: the owner confirms each before it goes (a page of its own without JavaScript, a dialog with). */
export const CONFIRMED_PAYMENT_ACTIONS: readonly OwnerPaymentAction[] = ["charge", "refund"];

/**
 * The page's address while it asks to confirm (?confirmPayment=refund&bookingId=…&amount=…&key=…): the key is
 * the refund's Idempotency-Key, made when the question was asked, so confirming twice refunds once.
 */
export const CONFIRM_PARAMS = ["confirmPayment", "bookingId", "amount", "key"] as const;

/** A booking's payment as the owner's pages show it: with the reason a fee may be charged, if any. */
export type OwnerPayment = BookingPayment & { feeReason: FeeReason | null };

/** What the page says after each action without JavaScript (?payment=…), and the audit log's words. */
export const OWNER_PAYMENT_DONE: Record<OwnerPaymentAction, { notice: string; audit: string }> = {
  charge: { notice: "Fee charged to the card on file.", audit: "charge no-show fee" },
  refund: { notice: "Refund on its way to the customer.", audit: "refund payment" },
  "keep-deposit": { notice: "Deposit kept.", audit: "keep deposit" },
  "payment-link": { notice: "Payment link mailed to the customer.", audit: "mail fee payment link" },
};
