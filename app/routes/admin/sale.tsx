import { useEffect } from "react";
import { Form, Link, redirect, useRevalidator } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { cancelPayment, loadSaleChecked } from "~/features/till/card-outcomes.server";
import { takePayment } from "~/features/till/sale-payments.server";
import { refundSale } from "~/features/till/sale-refunds.server";
import { voidSale } from "~/features/till/sales.server";
import { PaymentPanels } from "~/features/till/components/payment-panels";
import { RefundForm, refundLineField } from "~/features/till/components/refund-form";
import { PAYMENT_METHOD_NAMES, paymentInputSchema, refundInputSchema } from "~/features/till/till.schema";
import { parseId } from "~/lib/api.server";
import { formFailure } from "~/lib/form-action.server";
import { formatPounds } from "~/lib/money";
import type { Route } from "./+types/sale";

/*
 * One sale at the till: its total and what is due always in view, its lines and payments, and the ways to pay
 * (cash, the card reader, the card on file, a gift card: components/payment-panels), each a form posting without
 * JavaScript with an Idempotency-Key made for this screen (a double tap takes the money once), and the refund by
 * line. While the reader waits, the screen asks again every two seconds with JavaScript, and offers "Check again"
 * and "Cancel" without it.
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
        ...(text("code") ? { code: text("code") } : {}),
      });
      await takePayment(context, id, input, text("key"));
    } else if (intent === "cancel") {
      await cancelPayment(context, id, parseId(text("paymentId"), "Payment"));
    } else if (intent === "void") {
      await voidSale(context, id);
    } else if (intent === "refund") {
      const sale = await loadSaleChecked(context, id);
      const lines = sale.lines
        .map((line) => ({ lineId: line.id, quantity: Number(text(refundLineField(line.id)) || 0) }))
        .filter((line) => line.quantity !== 0);
      const input = refundInputSchema.parse({
        amount: text("amount") || undefined,
        lines: lines.length > 0 ? lines : undefined,
        reason: text("reason"),
      });
      await refundSale(context, id, input, text("key"), user);
    }
    return redirect(`/admin/sales/${id}`, 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

export const meta = ({ data }: Route.MetaArgs) => adminMeta(data ? `Sale ${data.sale.number}` : "Sale");

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
              {PAYMENT_METHOD_NAMES[payment.method]} {payment.cardLast4 ? `•••• ${payment.cardLast4}` : ""} ·{" "}
              {payment.status}
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
      {sale.status === "open" && !waiting && <PaymentPanels sale={sale} readers={readers} formKey={key} />}
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
      {sale.paid - sale.online - sale.refunded > 0 && <RefundForm sale={sale} formKey={key} />}
    </AdminPage>
  );
}
