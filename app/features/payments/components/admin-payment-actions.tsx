import { useState } from "react";
import { useLocation, useRevalidator, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { formatPounds } from "~/lib/money";
import { OWNER_PAYMENT_DONE, type OwnerPayment, type OwnerPaymentAction } from "../payments.schema";
import { PaymentNote } from "./payment-note";

const FAILED: Record<OwnerPaymentAction, string> = {
  charge: "The card was not charged",
  refund: "Refund failed",
  "keep-deposit": "The deposit was not kept",
  "payment-link": "The payment link was not mailed",
};

/** The page's own address without the last action's notice: where a form without JavaScript comes back to. */
function useBack() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("payment");
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/**
 * A booking's money for the owner (the admin list, a customer's record, the calendar): its state, and the
 * actions that fit it: charge the no-show or late-cancellation fee, mail a payment link, keep the deposit,
 * refund all or part. Each is a form that posts to the page's action without JavaScript (it answers 303 and
 * the page says what was done); hydrated, it calls the same function through the API and says so in a toast.
 */
export function AdminPaymentActions({
  bookingId,
  payment,
  who,
}: {
  bookingId: number;
  payment: OwnerPayment | null | undefined;
  /** Whose booking, for the buttons' accessible names when several bookings are on one page. */
  who: string;
}) {
  const { revalidate } = useRevalidator();
  const back = useBack();
  const [busy, setBusy] = useState(false);
  if (!payment) return null;
  const paidIn = payment.kind === "card" ? payment.charged : payment.amount + payment.charged;
  const refundable = ["paid", "charged", "kept"].includes(payment.status) ? paidIn - payment.refunded : 0;
  const chargeable =
    payment.feeReason !== null && payment.charged === 0 && ["card_saved", "paid", "kept"].includes(payment.status);
  const keepable = payment.feeReason !== null && payment.status === "paid";

  async function submit(event: React.FormEvent<HTMLFormElement>, action: OwnerPaymentAction) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const body =
      action === "charge"
        ? { reason: fields.reason }
        : action === "refund" && fields.amount
          ? { amount: Number(fields.amount) }
          : {};
    setBusy(true);
    try {
      await api("POST", `/api/bookings/${bookingId}/${action}`, body);
      toast({ title: OWNER_PAYMENT_DONE[action].notice });
      await revalidate();
    } catch (error) {
      toast({
        title: FAILED[action],
        description: error instanceof ApiError ? error.message : String(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  const forWhom = <span className="sr-only"> for {who}</span>;
  /** One action's form: its hidden fields, any visible ones, and its button. */
  const form = (
    action: OwnerPaymentAction,
    label: string,
    variant: "destructive" | "outline" = "outline",
    fields?: React.ReactNode,
  ) => (
    <form method="post" onSubmit={(event) => void submit(event, action)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={`payment-${action}`} />
      <input type="hidden" name="bookingId" value={bookingId} />
      <input type="hidden" name="back" value={back} />
      {fields}
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label}
        {forWhom}
      </Button>
    </form>
  );

  return (
    <div className="grid gap-2 border-t border-border pt-2">
      <PaymentNote payment={{ ...payment, checkoutUrl: null }} />
      {(chargeable || keepable || refundable > 0) && (
        <div className="flex flex-wrap items-end gap-2">
          {chargeable &&
            form(
              "charge",
              payment.feeReason === "late-cancellation" ? "Charge late-cancellation fee" : "Charge no-show fee",
              "destructive",
              <input type="hidden" name="reason" value={payment.feeReason ?? ""} />,
            )}
          {chargeable && form("payment-link", "Mail a payment link")}
          {keepable && form("keep-deposit", payment.kind === "deposit" ? "Keep deposit" : "Keep payment")}
          {refundable > 0 &&
            form(
              "refund",
              "Refund",
              "outline",
              <Label className="grid gap-1 text-xs">
                Amount (empty: all {formatPounds(refundable)})
                <Input
                  name="amount"
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  max={refundable}
                  step="0.01"
                  className="h-8 w-28"
                />
              </Label>,
            )}
        </div>
      )}
    </div>
  );
}

/** What the last payment form did, after its 303 (?payment=action): said once at the top of the page. */
export function PaymentDoneNotice() {
  const [params] = useSearchParams();
  const action = params.get("payment");
  const done = Object.entries(OWNER_PAYMENT_DONE).find(([key]) => key === action)?.[1];
  return (
    done && (
      <p
        role="status"
        className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900"
      >
        {done.notice}
      </p>
    )
  );
}
