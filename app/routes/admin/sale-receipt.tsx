import { requireAdminPage } from "~/features/auth/require-admin.server";
import { receiptOf } from "~/features/till/receipt";
import { loadSale } from "~/features/till/sale-view.server";
import { parseId } from "~/lib/api.server";
import { adminMeta } from "~/components/layout/admin-page";
import type { Route } from "./+types/sale-receipt";

/* A sale's receipt for the 80 mm printer at the desk: the same receipt as the mail (receipt.ts). */

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdminPage(context);
  const sale = await loadSale(context.db, parseId(params.id, "Sale"));
  return { receipt: receiptOf(sale, await context.settings()) };
}

export const meta = ({ data }: Route.MetaArgs) => adminMeta(data ? `Receipt ${data.receipt.number}` : "Receipt");

/** Only the receipt is printed, on roll paper 80 mm wide (72 mm printable). */
const PRINT_CSS = `
@page { size: 80mm auto; margin: 4mm; }
@media print {
  body * { visibility: hidden; }
  .receipt, .receipt * { visibility: visible; }
  .receipt { position: absolute; left: 0; top: 0; width: 72mm; margin: 0; padding: 0; border: 0; font-size: 10pt; }
  .receipt .no-print { display: none; }
}`;

export default function SaleReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  const rows = (entries: typeof receipt.items) =>
    entries.map((entry, index) => (
      <div key={index}>
        <p className="flex justify-between gap-2">
          <span>{entry.label}</span>
          <span>{entry.amount}</span>
        </p>
        {entry.detail && <p className="pl-2 text-xs">{entry.detail}</p>}
      </div>
    ));
  return (
    <main id="main" className="px-4 pb-16 pt-24">
      <style>{PRINT_CSS}</style>
      <article className="receipt mx-auto w-[72mm] border border-border bg-white p-3 font-mono text-sm text-black">
        <header className="text-center">
          {receipt.heading.map((line, index) => (
            <p key={index} className={index === 0 ? "text-base font-bold" : ""}>
              {line}
            </p>
          ))}
        </header>
        <p className="mt-2 text-center">
          Receipt {receipt.number}
          <br />
          {receipt.when}
        </p>
        <hr className="my-2 border-dashed border-black" />
        {rows(receipt.items)}
        <hr className="my-2 border-dashed border-black" />
        {rows(receipt.totals)}
        <hr className="my-2 border-dashed border-black" />
        {rows(receipt.payments)}
        <footer className="mt-2 text-center">{receipt.footer.join(" ")}</footer>
        <button
          type="button"
          className="no-print mt-3 w-full rounded border border-black py-2"
          onClick={() => window.print()}
        >
          Print
        </button>
      </article>
    </main>
  );
}
