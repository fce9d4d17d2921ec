import { useEffect } from "react";
import { Form, Link, redirect, useRevalidator } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { cancelPayment, loadSaleChecked } from "~/features/till/card-outcomes.server";
import { takePayment } from "~/features/till/sale-payments.server";
import { refundSale } from "~/features/till/sale-refunds.server";
import { voidSale } from "~/features/till/sales.server";
import { paymentInputSchema, refundInputSchema } from "~/features/till/till.schema";
import { parseId } from "~/lib/api.server";
import { formFailure } from "~/lib/form-action.server";
import { formatPounds } from "~/lib/money";
import type { Route } from "./+types/sale";

/*
 * One sale at the till: its total and what is due always in view, its lines and payments, and the ways to pay
 * (cash, the card reader, the card on file), each a form posting without JavaScript with an Idempotency-Key made
 * for this screen (a double tap takes the money once). While the reader waits, the screen asks again every two
 * seconds with JavaScript, and offers "Check again" and "Cancel" without it.
 */

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdminPage(context);
  const id = parseId(params.id, "Sale");
  const [sale, readers] = await Promise.all([
    loadSaleChecked(context, id),
    context.db.selectFrom("terminal_readers").select(["id", "label"]).orderBy("created_at").execute(),
  ]);
  return { sale, readers, key: crypto.randomUUID() };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const user = requireAdminPage(context);
  const id = parseId(params.id, "Sale");
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  try {
    const intent = text("intent");
    if (intent === "pay") {
      const input = paymentInputSchema.parse({
        method: text("method"),
        amount: text("amount"),
        ...(text("tendered") ? { tendered: text("tendered") } : {}),
        ...(text("readerId") ? { readerId: text("readerId") } : {}),
      });
      await takePayment(context, id, input, text("key"));
    } else if (intent === "cancel") {
      await cancelPayment(context, id, parseId(text("paymentId"), "Payment"));
    } else if (intent === "void") {
      await voidSale(context, id);
    } else if (intent === "refund") {
      const input = refundInputSchema.parse({ amount: text("amount") || undefined, reason: text("reason") });
      await refundSale(context, id, input, text("key"), user);
    }
    return redirect(`/admin/sales/${id}`, 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

export const meta = ({ data }: Route.MetaArgs) => adminMeta(data ? `Sale ${data.sale.number}` : "Sale");

const field = "min-h-12 w-full rounded-md border border-input bg-background px-3 text-base";

export default function AdminSale({ loaderData, actionData }: Route.ComponentProps) {
  const { sale, readers, key } = loaderData;
  const waiting = sale.payments.find((payment) => payment.status === "processing");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  const due = formatPounds(sale.due).slice(1);
  return (
    <AdminPage
      title={`Sale ${sale.number}`}
      actions={
        <Button variant="outline" size="lg" asChild>
          <Link to="/admin/till">Till</Link>
        </Button>
      }
    >
      <div className="sticky top-16 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
        <span className="text-lg">
          {sale.customer?.name || "Walk-in"} · {sale.status}
        </span>
        <span className="text-2xl font-bold" aria-label="Total and due">
          Total {formatPounds(sale.total)} · Due {formatPounds(sale.due)}
        </span>
      </div>
      {actionData && "message" in actionData && (
        <p role="alert" className="mt-4 font-medium text-destructive">
          {actionData.message}
        </p>
      )}
      <section aria-label="Lines" className="mt-4 grid gap-1 rounded-lg border border-border p-4">
        {sale.lines.map((line) => (
          <p key={line.id} className="flex justify-between gap-3">
            <span>
              {line.description}
              {line.quantity > 1 ? ` × ${line.quantity}` : ""}
              {line.memberName ? ` · ${line.memberName}` : ""}
            </span>
            <span>{formatPounds(line.total)}</span>
          </p>
        ))}
        {sale.discount > 0 && (
          <p className="flex justify-between">
            <span>Discount</span>
            <span>{formatPounds(-sale.discount)}</span>
          </p>
        )}
        {sale.tip.amount > 0 && (
          <p className="flex justify-between">
            <span>Tip{sale.tip.memberName ? ` for ${sale.tip.memberName}` : ""}</span>
            <span>{formatPounds(sale.tip.amount)}</span>
          </p>
        )}
        {sale.online > 0 && (
          <p className="flex justify-between">
            <span>Paid online</span>
            <span>{formatPounds(sale.online)}</span>
          </p>
        )}
        {sale.payments.map((payment) => (
          <p key={payment.id} className="flex justify-between gap-3">
            <span>
              {PAYMENT_METHOD_NAMES[payment.method]} {payment.cardLast4 ? `•••• ${payment.cardLast4}` : ""} · {payment.status}
              {payment.failure ? ` (${payment.failure})` : ""}
              {payment.change > 0 ? ` · change ${formatPounds(payment.change)}` : ""}
            </span>
            <span>{formatPounds(payment.amount)}</span>
          </p>
        ))}
        {sale.refunded > 0 && (
          <p className="flex justify-between">
            <span>Refunded</span>
            <span>{formatPounds(-sale.refunded)}</span>
          </p>
        )}
      </section>
      {waiting && (
        <section aria-live="polite" className="mt-4 grid gap-3 rounded-lg border-2 border-primary p-4">
          <p className="text-xl font-semibold">Waiting for the card on the reader ({formatPounds(waiting.amount)})…</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" size="lg" className="min-h-14" asChild>
              <Link to={`/admin/sales/${sale.id}`}>Check again</Link>
            </Button>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="paymentId" value={waiting.id} />
              <Button type="submit" variant="destructive" size="lg" className="min-h-14">
                Cancel
              </Button>
            </Form>
          </div>
        </section>
      )}
      {sale.status === "open" && !waiting && (
        <section aria-label="Take payment" className="mt-4 grid gap-4 md:grid-cols-3">
          <Form method="post" className="grid gap-2 rounded-lg border border-border p-4">
            <h2 className="text-xl font-semibold">Cash</h2>
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="method" value="cash" />
            <input type="hidden" name="key" value={`${key}-cash`} />
            <label className="grid gap-1">
              Amount (£)
              <input name="amount" inputMode="decimal" defaultValue={due} className={field} />
            </label>
            <label className="grid gap-1">
              Tendered (£)
              <input name="tendered" inputMode="decimal" className={field} />
            </label>
            <Button type="submit" size="lg" className="min-h-14">
              Take cash
            </Button>
          </Form>
          <Form method="post" className="grid gap-2 rounded-lg border border-border p-4">
            <h2 className="text-xl font-semibold">Card reader</h2>
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="method" value="card" />
            <input type="hidden" name="key" value={`${key}-card`} />
            <label className="grid gap-1">
              Amount (£)
              <input name="amount" inputMode="decimal" defaultValue={due} className={field} />
            </label>
            <label className="grid gap-1">
              Reader
              <select name="readerId" className={field}>
                {readers.map((reader) => (
                  <option key={reader.id} value={reader.id}>
                    {reader.label}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" size="lg" className="min-h-14" disabled={readers.length === 0}>
              Send to reader
            </Button>
          </Form>
          <Form method="post" className="grid gap-2 rounded-lg border border-border p-4">
            <h2 className="text-xl font-semibold">Card on file</h2>
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="method" value="card_on_file" />
            <input type="hidden" name="key" value={`${key}-file`} />
            <label className="grid gap-1">
              Amount (£)
              <input name="amount" inputMode="decimal" defaultValue={due} className={field} />
            </label>
            <Button type="submit" size="lg" className="min-h-14">
              Charge saved card
            </Button>
          </Form>
        </section>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="outline" size="lg" className="min-h-14" asChild>
          <Link to={`/admin/sales/${sale.id}/receipt`}>Receipt</Link>
        </Button>
        {sale.status === "open" && sale.paid === 0 && !waiting && (
          <Form method="post">
            <input type="hidden" name="intent" value="void" />
            <Button type="submit" variant="outline" size="lg" className="min-h-14">
              Void sale
            </Button>
          </Form>
        )}
      </div>
      {sale.paid - sale.online - sale.refunded > 0 && (
        <Form method="post" className="mt-4 grid max-w-xl gap-2 rounded-lg border border-border p-4">
          <h2 className="text-xl font-semibold">Refund</h2>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="key" value={`${key}-refund`} />
          <label className="grid gap-1">
            Amount (£, empty for all)
            <input name="amount" inputMode="decimal" className={field} />
          </label>
          <label className="grid gap-1">
            Reason
            <input name="reason" className={field} />
          </label>
          <Button type="submit" variant="destructive" size="lg" className="min-h-14">
            Refund
          </Button>
        </Form>
      )}
    </AdminPage>
  );
}
