import { z } from "zod";
import { numberField, poundsField } from "~/lib/schema-fields";

/*
 * How a team member is paid (issue 32, decision 054), set on the team screen and in PUT /api/team/{id}: on
 * commission, renting the chair, or nothing the books work out (the owner, a salaried barber).
 */

const PERCENT_MESSAGE = "Commission must be a whole or half percent from 0 to 100";

const percentField = numberField(PERCENT_MESSAGE)
  .pipe(z.number().min(0, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE))
  .refine((value) => Number.isInteger(value * 2), PERCENT_MESSAGE);

export const RENT_PERIODS = ["week", "month"] as const;

export const paySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("commission"), servicePercent: percentField, productPercent: percentField }),
  z.object({
    kind: z.literal("chairRent"),
    amount: poundsField("Rent must be an amount in pounds"),
    period: z.enum(RENT_PERIODS, { error: 'The rent period must be "week" or "month"' }),
  }),
]);
export type Pay = z.output<typeof paySchema>;
export type PayKind = Pay["kind"];

export const NO_PAY: Pay = { kind: "none" };

/** What each kind is called on the team screen and in the reports. */
export const PAY_KIND_LABELS: Record<PayKind, string> = {
  none: "Not worked out here (owner or salaried)",
  commission: "Commission",
  chairRent: "Chair rent",
};

export function describePay(pay: Pay) {
  if (pay.kind === "commission") return `${pay.servicePercent}% of services, ${pay.productPercent}% of products`;
  if (pay.kind === "chairRent") return `Rent £${pay.amount.toFixed(2)} a ${pay.period}`;
  return "None";
}
