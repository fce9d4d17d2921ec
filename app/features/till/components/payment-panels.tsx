import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatPounds } from "~/lib/money";
import type { Sale } from "../till.schema";

/*
 * The ways to pay on the sale screen (issue 31): cash, the card reader, the card on file and a gift card. Each is
 * a form posting without JavaScript, with an Idempotency-Key made for this screen and this method, so a double
 * tap takes the money once. Two a row on a tablet: a field's own width never pushes it out of its card.
 */

export const tillField = "min-h-12 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base";

interface PanelProps {
  title: string;
  method: Sale["payments"][number]["method"];
  formKey: string;
  /** What is due, as the amount field's default. */
  due: string;
  submit: string;
  disabled?: boolean;
  children?: ReactNode;
}

function PaymentPanel({ title, method, formKey, due, submit, disabled = false, children }: PanelProps) {
  return (
    <Form
      method="post"
      aria-label={title}
      className="grid min-w-0 content-start gap-2 rounded-lg border border-border p-4"
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="key" value={`${formKey}-${method}`} />
      <label className="grid gap-1">
        Amount (£)
        <input name="amount" inputMode="decimal" defaultValue={due} className={tillField} />
      </label>
      {children}
      <Button type="submit" size="lg" className="mt-auto min-h-14" disabled={disabled}>
        {submit}
      </Button>
    </Form>
  );
}

export function PaymentPanels({
  sale,
  readers,
  formKey,
}: {
  sale: Sale;
  readers: { id: string; label: string }[];
  formKey: string;
}) {
  const due = formatPounds(sale.due).slice(1);
  const panel = { formKey, due };
  // Keyed by what is due: after a payment the fields start again from the new due, not what was typed.
  return (
    <section key={due} aria-label="Take payment" className="mt-4 grid gap-4 sm:grid-cols-2">
      <PaymentPanel {...panel} title="Cash" method="cash" submit="Take cash">
        <label className="grid gap-1">
          Tendered (£)
          <input name="tendered" inputMode="decimal" className={tillField} />
        </label>
      </PaymentPanel>
      <PaymentPanel
        {...panel}
        title="Card reader"
        method="card"
        submit="Send to reader"
        disabled={readers.length === 0}
      >
        <label className="grid gap-1">
          Reader
          <select name="readerId" className={tillField}>
            {readers.map((reader) => (
              <option key={reader.id} value={reader.id}>
                {reader.label}
              </option>
            ))}
          </select>
        </label>
      </PaymentPanel>
      <PaymentPanel {...panel} title="Card on file" method="card_on_file" submit="Charge saved card" />
      <PaymentPanel {...panel} title="Gift card" method="gift_card" submit="Take from gift card">
        <label className="grid gap-1">
          Code
          <input name="code" autoComplete="off" autoCapitalize="characters" className={tillField} />
        </label>
      </PaymentPanel>
    </section>
  );
}
