import { Button } from "~/components/ui/button";
import { formatPounds } from "~/lib/money";
import { formatShopInstant } from "~/lib/shop-time";
import type { BookingPayment } from "../payments.schema";

const KIND_LABELS: Record<BookingPayment["kind"], string> = {
  deposit: "Deposit",
  prepayment: "Paid in advance",
  card: "Card on file",
};

const STATUS_LABELS: Record<BookingPayment["status"], string> = {
  awaiting: "waiting for payment",
  paid: "paid",
  card_saved: "saved, nothing charged",
  refunded: "refunded",
  kept: "kept (cancelled inside the notice)",
  charged: "fee charged",
  expired: "not paid in time",
};

/** "Deposit £10.00" and "paid; £5.00 refunded": the payment in words, on the customer's page and the owner's calendar. */
export function paymentWords(payment: BookingPayment) {
  const amount = payment.kind === "card" ? "" : ` ${formatPounds(payment.amount)}`;
  const state = [
    STATUS_LABELS[payment.status],
    payment.refunded > 0 && `${formatPounds(payment.refunded)} refunded`,
    payment.charged > 0 && `${formatPounds(payment.charged)} charged`,
  ];
  return { what: `${KIND_LABELS[payment.kind]}${amount}`, state: state.filter(Boolean).join("; ") };
}

/** "Deposit £10.00: paid", with what was refunded or charged; "Pay now" while it can still be paid. */
export function PaymentNote({ payment }: { payment: BookingPayment | null }) {
  if (!payment) return null;
  const { what, state } = paymentWords(payment);
  return (
    <div className="grid gap-2 text-sm" data-testid="payment-note">
      <p>
        <span className="font-semibold">{what}:</span> {state}
      </p>
      {payment.checkoutUrl && (
        <>
          <p>Your time is held until {formatShopInstant(payment.expiresAt, "short", { withTime: true })}.</p>
          <Button asChild className="justify-self-start">
            <a href={payment.checkoutUrl}>Pay now</a>
          </Button>
        </>
      )}
    </div>
  );
}
