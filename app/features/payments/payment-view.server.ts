import type { Row } from "~/db/database";
import { toPounds } from "~/lib/money";
import type { PaymentHold } from "./payment-hold.server";
import type { BookingPayment } from "./payments.schema";

/* A booking's payment as the API and the pages show it: pounds, never Stripe's ids. */

export const awaitingPayment = (hold: PaymentHold): BookingPayment => ({
  kind: hold.kind,
  amount: toPounds(hold.amountPence),
  status: "awaiting",
  checkoutUrl: hold.checkoutUrl,
  expiresAt: hold.expiresAt.toISOString(),
  refunded: 0,
  charged: 0,
});

/** `refunded` counts the refunds claimed, asked of Stripe or done; one Stripe refused gives its claim back. */
export const paymentView = (row: Row<"booking_payments">): BookingPayment => ({
  kind: row.kind,
  amount: toPounds(row.amount_pence),
  status: row.status,
  // Only while it can still be paid: the manage page's "Pay now".
  checkoutUrl: row.status === "awaiting" ? row.checkout_url : null,
  expiresAt: row.expires_at,
  refunded: toPounds(row.refund_claimed_pence),
  charged: toPounds(row.charged_pence),
});
