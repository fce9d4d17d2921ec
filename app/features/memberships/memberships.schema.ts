import { z } from "zod";
import { formatPounds } from "~/lib/money";
import { numberField, optionalMultilineText, optionalText, requiredText } from "~/lib/schema-fields";

/* Memberships (issue 34, decision 058): the owner's plans, joining, and the answers about a membership. */

export const VISITS_PER_MONTH = { min: 1, max: 31 } as const;
export const MONTHLY_PRICE = { min: 1, max: 1000 } as const;

/** Said beside a plan's price when the owner changes it (Stripe's prices cannot change; decision 058). */
export const MEMBERSHIP_PRICE_NOTE =
  "A new price applies to members who join from now on; existing members keep the price they joined on.";

const wholePence = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** POST and PUT /api/membership-plans. */
export const membershipPlanInputSchema = z.object({
  name: requiredText("Please enter the plan's name", 80),
  monthlyPrice: numberField("Monthly price is required")
    .pipe(
      z
        .number()
        .min(MONTHLY_PRICE.min, `Monthly price must be at least £${MONTHLY_PRICE.min}`)
        .max(MONTHLY_PRICE.max, `Monthly price must be at most £${MONTHLY_PRICE.max}`),
    )
    .refine(wholePence, "Monthly price can have at most 2 decimals"),
  serviceIds: z
    .array(
      z.coerce.number().int("Each service must be a service's id").positive("Each service must be a service's id"),
      {
        error: "Services must be a list of service ids",
      },
    )
    .min(1, "Choose at least one service the plan covers")
    .max(50, "Choose at most 50 services")
    .transform((ids) => [...new Set(ids)]),
  visitsPerMonth: numberField("Visits per month is required").pipe(
    z
      .number()
      .int("Visits per month must be a whole number")
      .min(VISITS_PER_MONTH.min, `Visits per month must be at least ${VISITS_PER_MONTH.min}`)
      .max(VISITS_PER_MONTH.max, `Visits per month must be at most ${VISITS_PER_MONTH.max}`),
  ),
  description: optionalMultilineText(500),
});
export type MembershipPlanInput = z.output<typeof membershipPlanInputSchema>;

export const membershipPlanSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string().nullable(),
  monthlyPrice: z.number(),
  visitsPerMonth: z.int(),
  serviceIds: z.array(z.int()),
  /** The covered services' names, for the page's words. */
  services: z.array(z.string()),
  active: z.boolean(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

const EMAIL_MESSAGE = "Please enter a valid email address";

/** POST /api/memberships and the /memberships page's form. */
export const joinMembershipSchema = z.object({
  planId: z.coerce
    .number({ error: "Please choose a plan" })
    .int("Please choose a plan")
    .positive("Please choose a plan"),
  name: requiredText("Please enter your name", 100),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  phone: optionalText(30),
});
export type JoinMembership = z.output<typeof joinMembershipSchema>;

export const joinAnswerSchema = z.object({ checkoutUrl: z.string() });

/** POST /api/memberships/allowance: what the booking page asks once the e-mail and the time are known. */
export const allowanceQuerySchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be written as yyyy-MM-dd"),
  startTime: z.string().regex(/^\d{2}:\d{2}$/, "Start time must be written as HH:mm"),
});

/** The member's visits left for that time, or null: priced as usual. */
export const allowanceAnswerSchema = z.object({
  allowance: z.object({ serviceIds: z.array(z.int()), visitsLeft: z.int(), visitsPerMonth: z.int() }).nullable(),
});
export type AllowanceAnswer = z.infer<typeof allowanceAnswerSchema>;

export const MEMBERSHIP_STATUSES = ["pending", "active", "past_due", "cancelled"] as const;
export type MembershipState = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_NAMES: Record<MembershipState, string> = {
  pending: "Waiting for payment",
  active: "Active",
  past_due: "Payment failed",
  cancelled: "Ended",
};

/** A membership as the owner's list and the customer's record show it. */
export const adminMembershipSchema = z.object({
  id: z.int(),
  status: z.enum(MEMBERSHIP_STATUSES),
  plan: z.object({ id: z.int(), name: z.string() }),
  member: z.object({ customerId: z.int(), name: z.string(), email: z.string() }),
  monthlyPrice: z.number(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  visitsPerMonth: z.int(),
  visitsUsed: z.int(),
  joinedAt: z.string(),
});
export type AdminMembership = z.infer<typeof adminMembershipSchema>;

/**
 * What the shop must say, in words, before a recurring payment (the card schemes' rule): the price, that it
 * renews monthly until cancelled, how to cancel, and the visits it includes.
 */
export function membershipTerms(plan: Pick<MembershipPlan, "monthlyPrice" | "visitsPerMonth" | "services">) {
  const visits = plan.visitsPerMonth === 1 ? "1 visit" : `${plan.visitsPerMonth} visits`;
  return [
    `${formatPounds(plan.monthlyPrice)} a month, taken by card today and then on the same day each month: it renews monthly until you cancel.`,
    `Includes ${visits} a month for ${plan.services.join(", ")}; unused visits do not carry over to the next month.`,
    "Cancel at any time on your account page on this site (/account → Cancel membership): it stays active until the end of the month you have paid for, and nothing more is taken.",
  ];
}
