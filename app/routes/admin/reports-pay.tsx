import { data, Link } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { PeriodPicker } from "~/features/reports/components/period-picker";
import { payLinesOf } from "~/features/reports/pay-lines.server";
import { readPeriodChoice } from "~/features/reports/reports.schema";
import { payReport } from "~/features/reports/reports.server";
import { describePay } from "~/features/team/pay.schema";
import { formatPounds } from "~/lib/money";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/reports-pay";

/** What each barber is owed for a week or a month (issue 32), with the till's lines behind it and the CSV. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const choice = readPeriodChoice(new URL(request.url).searchParams, shopToday(), "week");
  const [pay, lines] = await Promise.all([payReport(context.db, choice.period), payLinesOf(context.db, choice.period)]);
  return data(
    { choice, pay: pay.map((line) => ({ ...line, lines: lines.get(line.memberId) ?? [] })) },
    choice.problem ? 400 : 200,
  );
}

export const meta = () => adminMeta("Pay");

const cell = "border-b border-border px-2 py-1";

export default function Pay({ loaderData }: Route.ComponentProps) {
  const { choice, pay } = loaderData;
  const { from, to } = choice.period;
  return (
    <AdminPage
      title="Pay"
      actions={
        <Button variant="outline" asChild>
          <Link to={`/admin/reports?period=custom&from=${from}&to=${to}`}>Reports</Link>
        </Button>
      }
    >
      <PeriodPicker action="/admin/reports/pay" choice={choice} presets={["week", "month", "last-month", "custom"]} />
      <p className="mb-4 text-sm text-muted-foreground">
        {formatShopDate(from, "medium")} to {formatShopDate(to, "medium")}.{" "}
        <a className="underline" href={`/api/reports/pay.csv?from=${from}&to=${to}`}>
          Download as CSV
        </a>
      </p>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Pay table">
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm tabular-nums">
          <caption className="sr-only">What each barber is owed</caption>
          <thead>
            <tr>
              {["Barber", "Pay", "Services", "Products", "Tips", "Commission", "Rent due", "Owed"].map((head) => (
                <th key={head} scope="col" className={`${cell} font-semibold`}>
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pay.map((line) => (
              <tr key={line.memberId}>
                <th scope="row" className={`${cell} font-medium`}>
                  {line.name}
                </th>
                <td className={cell}>{describePay(line.pay)}</td>
                <td className={cell}>{formatPounds(line.services)}</td>
                <td className={cell}>{formatPounds(line.products)}</td>
                <td className={cell}>{formatPounds(line.tips)}</td>
                <td className={cell}>{formatPounds(line.commission)}</td>
                <td className={cell}>{formatPounds(line.rentDue)}</td>
                <td className={`${cell} font-semibold`}>{formatPounds(line.owed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6 grid gap-3">
        {pay.map((line) => (
          <details
            key={line.memberId}
            className="rounded-[var(--radius-card)] border border-border bg-card p-4 text-sm"
          >
            <summary className="cursor-pointer font-semibold">
              {line.name}: {line.lines.length} {line.lines.length === 1 ? "line" : "lines"} behind the pay
            </summary>
            {line.lines.length === 0 ? (
              <p className="mt-2 text-muted-foreground">Nothing taken at the till in this period.</p>
            ) : (
              <table className="mt-2 w-full border-collapse text-left tabular-nums">
                <thead>
                  <tr>
                    {["Day", "Sale", "What", "Kind", "Amount"].map((head) => (
                      <th key={head} scope="col" className={`${cell} font-semibold`}>
                        {head}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {line.lines.map((row) => (
                    <tr key={row.key}>
                      <td className={cell}>{formatShopDate(row.date, "day")}</td>
                      <td className={cell}>{row.sale}</td>
                      <td className={cell}>{row.quantity > 1 ? `${row.quantity} × ${row.what}` : row.what}</td>
                      <td className={cell}>{row.kind}</td>
                      <td className={cell}>{formatPounds(row.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </details>
        ))}
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Commission: services × the service percent + products × the product percent, on what their lines took (after the
        sale&apos;s discount, less refunds of them), plus their tips. Chair rent: their takings and tips less the rent
        of each week (Monday–Sunday) or calendar month that starts in the period. Otherwise: their tips. Each to the
        penny, half up.
      </p>
    </AdminPage>
  );
}
