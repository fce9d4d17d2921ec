import { useState } from "react";
import { Link, useLocation, useRevalidator, useSearchParams } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, Label } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { formatPounds } from "~/lib/money";
import {
  CONFIRMED_PAYMENT_ACTIONS,
  CONFIRM_PARAMS,
  OWNER_PAYMENT_DONE,
  type OwnerPayment,
  type OwnerPaymentAction,
} from "../payments.schema";
import { PaymentNote } from "./payment-note";

const FAILED: Record<OwnerPaymentAction, string> = {
  charge: "The card was not charged",
  refund: "Refund failed",
  "keep-deposit": "The deposit was not kept",
  "payment-link": "The payment link was not mailed",
};

/**
 * The page's own address without the last action's notice or question: where a form without JavaScript comes
 * back to.
 */
function useBack() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("payment");
  for (const param of CONFIRM_PARAMS) params.delete(param);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/** What the owner is asked before money moves: the question, and the button that says yes. */
function confirmation(action: OwnerPaymentAction, payment: OwnerPayment, who: string, amount: number) {
  if (action === "charge") {
    const fee = payment.kind === "card" ? `${formatPounds(payment.amount)} ` : "";
    const what = payment.feeReason === "late-cancellation" ? "late-cancellation" : "no-show";
    return {
      question: `Charge the ${fee}${what} fee to ${who}'s card now?`,
      detail: "The card on file is charged at once, and the customer is mailed to say so.",
      yes: `Yes, charge the ${what} fee`,
    };
  }
  return {
    question: `Refund ${formatPounds(amount)} to ${who} now?`,
    detail: "The money goes back to the card it was paid with, and the customer is mailed to say so.",
    yes: `Yes, refund ${formatPounds(amount)}`,
  };
}

/** A new Idempotency-Key for the refund the owner is asked to confirm (in the browser: a dialog opened). */
const newKey = () => globalThis.crypto.randomUUID();

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
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [refundAmount, setRefundAmount] = useState("");
  /** The action waiting for the owner's yes in the dialog, and the key its request will carry. */
  const [asking, setAsking] = useState<{ action: OwnerPaymentAction; key: string } | null>(null);
  if (!payment) return null;
  const paidIn = payment.kind === "card" ? payment.charged : payment.amount + payment.charged;
  const refundable = ["paid", "charged", "kept"].includes(payment.status) ? paidIn - payment.refunded : 0;
  const chargeable =
    payment.feeReason !== null && payment.charged === 0 && ["card_saved", "paid", "kept"].includes(payment.status);
  const keepable = payment.feeReason !== null && payment.status === "paid";

  /** Hydrated: a charge or refund asks first in a dialog; the others go at once. */
  function submit(event: React.FormEvent<HTMLFormElement>, action: OwnerPaymentAction) {
    event.preventDefault();
    if (CONFIRMED_PAYMENT_ACTIONS.includes(action)) setAsking({ action, key: newKey() });
    else void send(action, {});
  }

  async function send(action: OwnerPaymentAction, headers: Record<string, string>) {
    const body =
      action === "charge"
        ? { reason: payment!.feeReason }
        : action === "refund" && refundAmount
          ? { amount: Number(refundAmount) }
          : {};
    setBusy(true);
    try {
      await api("POST", `/api/bookings/${bookingId}/${action}`, body, headers);
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

  const refundPounds = refundAmount ? Number(refundAmount) : refundable;
  // Without JavaScript: the page's address asks to confirm this booking's charge or refund.
  const confirming = params.get("bookingId") === String(bookingId) ? params.get("confirmPayment") : null;
  const noScriptAction = CONFIRMED_PAYMENT_ACTIONS.find((action) => action === confirming);
  const noScriptAmount = params.get("amount");

  return (
    <div id={`payment-${bookingId}`} className="grid gap-2 border-t border-border pt-2">
      <PaymentNote payment={{ ...payment, checkoutUrl: null }} />
      {noScriptAction && (
        <ConfirmPanel
          action={noScriptAction}
          text={confirmation(noScriptAction, payment, who, noScriptAmount ? Number(noScriptAmount) : refundable)}
          back={back}
          fields={
            <>
              <input type="hidden" name="intent" value={`payment-${noScriptAction}`} />
              <input type="hidden" name="bookingId" value={bookingId} />
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="confirmed" value="yes" />
              {noScriptAction === "charge" && <input type="hidden" name="reason" value={payment.feeReason ?? ""} />}
              {noScriptAmount && <input type="hidden" name="amount" value={noScriptAmount} />}
              {params.get("key") && <input type="hidden" name="idempotencyKey" value={params.get("key") ?? ""} />}
            </>
          }
        />
      )}
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={confirmation(asking.action, payment, who, refundPounds).question}
          description={confirmation(asking.action, payment, who, refundPounds).detail}
          confirmLabel={confirmation(asking.action, payment, who, refundPounds).yes}
          onConfirm={() => {
            const { action, key } = asking;
            setAsking(null);
            void send(action, action === "refund" ? { "Idempotency-Key": key } : {});
          }}
        />
      )}
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
                  value={refundAmount}
                  onChange={(event) => setRefundAmount(event.target.value)}
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

/**
 * The question before money moves, without JavaScript: the page's address asked it (after the first form's 303);
 * "yes" posts the form again, confirmed, and "Cancel" goes back to the page as it was.
 */
function ConfirmPanel({
  action,
  text,
  back,
  fields,
}: {
  action: OwnerPaymentAction;
  text: { question: string; detail: string; yes: string };
  back: string;
  fields: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`confirm-${action}`}
      className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
    >
      <h3 id={`confirm-${action}`} className="font-semibold">
        {text.question}
      </h3>
      <p>{text.detail}</p>
      <form method="post" className="flex flex-wrap gap-2">
        {fields}
        <Button type="submit" size="sm" variant="destructive">
          {text.yes}
        </Button>
        <Link to={back} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Cancel
        </Link>
      </form>
    </section>
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
