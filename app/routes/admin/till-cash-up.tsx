import { Form, Link, redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { closeDay, tillDay } from "~/features/till/cash-up.server";
import { closeDaySchema, tillDateSchema } from "~/features/till/till.schema";
import { formFailure } from "~/lib/form-action.server";
import { formatPounds } from "~/lib/money";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/till-cash-up";

/* The end of the day: GET /api/till/{date}'s figures, the counted cash typed in, and the difference in words. */

const dateOf = (request: Request) => {
  const asked = new URL(request.url).searchParams.get("date");
  return asked && tillDateSchema.safeParse(asked).success ? asked : shopToday();
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { day: await tillDay(context, dateOf(request)) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdminPage(context);
  const date = dateOf(request);
  const form = await request.formData();
  try {
    const { countedCash } = closeDaySchema.parse({ countedCash: String(form.get("countedCash") ?? "") });
    await closeDay(context, date, countedCash, user);
    return redirect(`/admin/till/cash-up?date=${date}`, 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

export const meta = () => adminMeta("Cash up");

/** "£2.50 over", "£1.00 short", "exactly right". */
function differenceInWords(difference: number) {
  if (Math.round(difference * 100) === 0) return "The till is exactly right.";
  return difference > 0
    ? `The till is ${formatPounds(difference)} over.`
    : `The till is ${formatPounds(-difference)} short.`;
}

export default function CashUp({ loaderData, actionData }: Route.ComponentProps) {
  const { day } = loaderData;
  const rows: [string, number][] = [
    ["Float", day.float],
    ["Cash taken (less change)", day.takings.cash],
    ["Cash refunded", -day.refunds.cash],
    ["Expected in the till", day.expectedCash],
    ["Card on the reader", day.takings.card],
    ["Card on file", day.takings.cardOnFile],
    ["Gift cards", day.takings.giftCard],
    ["Paid online (deposits used)", day.takings.online],
    ["Card refunded", -day.refunds.card],
    ["Back to gift cards", -day.refunds.giftCard],
    ["Taken in all", day.takings.total],
    ["Tips", day.tips.total],
  ];
  return (
    <AdminPage
      title={`Cash up: ${formatShopDate(day.date)}`}
      actions={
        <Button variant="outline" size="lg" asChild>
          <Link to="/admin/till">Till</Link>
        </Button>
      }
    >
      <p className="mb-3 text-lg">
        {day.sales} {day.sales === 1 ? "sale" : "sales"}
      </p>
      <dl className="grid max-w-xl gap-1 rounded-lg border border-border p-4 text-lg">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt>{label}</dt>
            <dd className="font-semibold">{formatPounds(amount)}</dd>
          </div>
        ))}
        {day.tips.byMember.map((tip) => (
          <div key={tip.memberId} className="flex justify-between gap-3 pl-4 text-base">
            <dt>Tips for {tip.name}</dt>
            <dd>{formatPounds(tip.amount)}</dd>
          </div>
        ))}
      </dl>
      {actionData && "message" in actionData && (
        <p role="alert" className="mt-4 font-medium text-destructive">
          {actionData.message}
        </p>
      )}
      {day.closed ? (
        <p role="status" className="mt-4 text-xl font-semibold">
          Closed by {day.closedBy}: counted {formatPounds(day.countedCash ?? 0)}.{" "}
          {differenceInWords(day.difference ?? 0)}
        </p>
      ) : (
        <Form method="post" className="mt-4 grid max-w-xl gap-3">
          <label className="grid gap-1 text-lg">
            Cash counted in the till (£)
            <input
              name="countedCash"
              inputMode="decimal"
              required
              className="min-h-14 rounded-md border border-input bg-background px-3 text-xl"
            />
          </label>
          <Button type="submit" size="lg" className="min-h-14 text-lg">
            Close the day
          </Button>
        </Form>
      )}
    </AdminPage>
  );
}
