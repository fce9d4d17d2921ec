import { formatPence } from "~/lib/money";
import { hoursUntil } from "~/lib/shop-time";
import type { PaymentPolicy } from "~/features/payments/payments.schema";

/*
 * The money rules of a booking, from the shop's policy and the booking's facts (a clock passed in): what a
 * booking is asked to pay or save online, and what cancelling late would cost the customer.
 */

/** What an online booking is asked: a deposit, the whole price, or a card kept on file. */
export type PaymentAskedKind = Exclude<PaymentPolicy, "none">;

/** The shop's payment policy as these rules read it. */
export interface PaymentPolicyRules {
  policy: PaymentPolicy;
  depositPence: number;
  noShowFeePence: number;
}

/** The payment an online booking of this total is asked for under the shop's policy, or null. */
export function paymentAsked(
  rules: PaymentPolicyRules,
  totalPence: number,
): { kind: PaymentAskedKind; amountPence: number } | null {
  switch (rules.policy) {
    case "none":
      return null;
    case "deposit":
      // A deposit above the booking's total asks the total.
      return rules.depositPence > 0 ? { kind: "deposit", amountPence: Math.min(rules.depositPence, totalPence) } : null;
    case "prepayment":
      return totalPence > 0 ? { kind: "prepayment", amountPence: totalPence } : null;
    case "card":
      return { kind: "card", amountPence: rules.noShowFeePence };
  }
}

/** A booking's payment as the late-cancellation warning reads it. */
export interface PaymentOnFile {
  status: string;
  kind: string;
  paid_pence: number;
  amount_pence: number;
}

/** Whether cancelling now keeps the customer's money (or may cost the fee): inside the notice, with a payment. */
export function lateCancellationWarning(
  payment: PaymentOnFile | undefined,
  booking: { date: string; startTime: string },
  noticeHours: number,
  now: Date,
) {
  if (!payment || hoursUntil(booking.date, booking.startTime, now) > noticeHours) return null;
  if (payment.status === "paid") {
    return `You are inside the ${noticeHours}-hour cancellation notice: if you cancel now, your ${formatPence(payment.paid_pence)} ${payment.kind === "deposit" ? "deposit" : "payment"} is kept.`;
  }
  if (payment.status === "card_saved") {
    return `You are inside the ${noticeHours}-hour cancellation notice: if you cancel now, a fee of ${formatPence(payment.amount_pence)} may be charged to your card.`;
  }
  return null;
}
