import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { formatPounds } from "~/lib/money";
import type { BookingPayment } from "../payments.schema";
import { PaymentNote } from "./payment-note";

/**
 * A booking's money in the admin list: its state, "Charge no-show fee" on a no-show with a card on file, and
 * "Refund" while anything paid is left to refund. The bank's refusal shows as the toast's text.
 */
export function AdminPaymentActions({
  bookingId,
  payment,
  noShow,
}: {
  bookingId: number;
  payment: BookingPayment | null | undefined;
  noShow: boolean;
}) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (!payment) return null;
  const refundable =
    (payment.status === "paid" || payment.status === "charged" || payment.status === "kept") &&
    payment.refunded < (payment.kind === "card" ? payment.charged : payment.amount + payment.charged);
  const chargeable = noShow && payment.charged === 0 && ["card_saved", "paid", "kept"].includes(payment.status);

  async function call(path: string, body: object, done: string) {
    setBusy(true);
    try {
      await api("POST", `/api/bookings/${bookingId}/${path}`, body);
      toast({ title: done });
      await revalidate();
    } catch (error) {
      toast({
        title: path === "charge" ? "The card was not charged" : "Refund failed",
        description: error instanceof ApiError ? error.message : String(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2 border-t border-border pt-2">
      <PaymentNote payment={{ ...payment, checkoutUrl: null }} />
      {(chargeable || refundable) && (
        <div className="flex flex-wrap gap-2">
          {chargeable && (
            <Button
              size="sm"
              variant="destructive"
              disabled={busy}
              onClick={() => call("charge", { reason: "no-show" }, "No-show fee charged")}
            >
              Charge no-show fee
            </Button>
          )}
          {chargeable && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => call("payment-link", {}, "Payment link mailed to the customer")}
            >
              Mail a payment link
            </Button>
          )}
          {refundable && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => call("refund", {}, "Refund on its way")}>
              Refund {payment.kind === "card" ? formatPounds(payment.charged) : "in full"}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
