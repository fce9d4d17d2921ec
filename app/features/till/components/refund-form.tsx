import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatPounds } from "~/lib/money";
import type { Sale } from "../till.schema";
import { tillField } from "./payment-panels";

/*
 * Refund on the sale screen (issue 31): choose how many of each line go back (a product's go back into stock),
 * or type an amount, or leave both empty for everything still refundable. Posts without JavaScript, with its own
 * Idempotency-Key, so a double tap refunds once.
 */

/** The field that carries how many of a line to refund. */
export const refundLineField = (lineId: number) => `refund-line-${lineId}`;

export function RefundForm({ sale, formKey }: { sale: Sale; formKey: string }) {
  const lines = sale.lines.filter((line) => line.quantity > line.refundedQuantity);
  return (
    // Keyed by what was refunded: after a refund the fields start empty again.
    <Form
      key={sale.refunded}
      method="post"
      aria-label="Refund"
      className="mt-4 grid gap-3 rounded-lg border border-border p-4"
    >
      <h2 className="text-xl font-semibold">Refund</h2>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={`${formKey}-refund`} />
      {lines.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">Lines to refund (how many of each)</legend>
          {lines.map((line) => {
            const left = line.quantity - line.refundedQuantity;
            return (
              <label key={line.id} className="grid grid-cols-[1fr_6rem] items-center gap-3">
                <span>
                  {line.description} · {formatPounds(line.unitPrice)} each
                  {line.refundedQuantity > 0 ? ` · ${line.refundedQuantity} refunded` : ""}
                  <span className="sr-only"> (up to {left})</span>
                </span>
                <input
                  type="number"
                  name={refundLineField(line.id)}
                  min={0}
                  max={left}
                  step={1}
                  defaultValue={0}
                  className={tillField}
                />
              </label>
            );
          })}
        </fieldset>
      )}
      <label className="grid gap-1">
        Amount (£; empty for the lines chosen, or for everything left)
        <input name="amount" inputMode="decimal" className={tillField} />
      </label>
      <label className="grid gap-1">
        Reason
        <input name="reason" className={tillField} />
      </label>
      <Button type="submit" variant="destructive" size="lg" className="min-h-14">
        Refund
      </Button>
    </Form>
  );
}
