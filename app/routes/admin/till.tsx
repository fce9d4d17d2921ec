import { Form, Link, redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { TillTotals } from "~/features/till/components/till-totals";
import { tillDay } from "~/features/till/cash-up.server";
import { newSaleChoices, saleFromForm } from "~/features/till/sale-form.server";
import { listSales } from "~/features/till/sale-view.server";
import { createSale } from "~/features/till/sales.server";
import { formFailure } from "~/lib/form-action.server";
import { formatPounds } from "~/lib/money";
import { shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/till";

/*
 * The till at the desk (issue 31): today's running totals, always in view, "New sale" (opened from a booking's
 * "Check out" with its lines filled in) and today's sales. The form posts without JavaScript to this action,
 * which calls the same createSale as POST /api/sales and goes on to the sale's screen to take the money.
 */

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const date = shopToday();
  const bookingId = Number(new URL(request.url).searchParams.get("booking")) || undefined;
  const [sales, day, choices] = await Promise.all([
    listSales(context.db, date),
    tillDay(context, date),
    newSaleChoices(context.db, bookingId),
  ]);
  return { date, sales, day, ...choices };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdminPage(context);
  const form = await request.formData();
  try {
    const sale = await createSale(context, saleFromForm(form), user);
    return redirect(`/admin/sales/${sale.id}`, 303);
  } catch (error) {
    return formFailure(error, {});
  }
}

export const meta = () => adminMeta("Till");

const field = "min-h-12 w-full rounded-md border border-input bg-background px-3 text-base";

export default function AdminTill({ loaderData, actionData }: Route.ComponentProps) {
  const { sales, day, services, products, members, booking, date } = loaderData;
  const serviceRows = booking?.lines.length ? booking.lines : [{ serviceId: "", memberId: booking?.memberId ?? "" }];
  return (
    <AdminPage
      title="Till"
      actions={
        <Button variant="outline" size="lg" asChild>
          <Link to={`/admin/till/cash-up?date=${date}`}>Cash up</Link>
        </Button>
      }
    >
      <TillTotals day={day} />
      <section aria-labelledby="new-sale" className="mt-6 rounded-lg border border-border bg-card p-4">
        <h2 id="new-sale" className="mb-3 text-2xl font-semibold">
          {booking ? `Check out ${booking.customerName} (${booking.reference})` : "New sale"}
        </h2>
        {actionData && "message" in actionData && (
          <p role="alert" className="mb-3 font-medium text-destructive">
            {actionData.message}
          </p>
        )}
        <Form method="post" className="grid gap-4">
          {booking && <input type="hidden" name="bookingId" value={booking.id} />}
          {!booking && (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="grid gap-1">
                Customer name
                <input name="customerName" className={field} autoComplete="off" />
              </label>
              <label className="grid gap-1">
                Customer email (for the receipt)
                <input name="customerEmail" type="email" className={field} autoComplete="off" />
              </label>
            </div>
          )}
          <fieldset className="grid gap-3">
            <legend className="mb-1 font-semibold">Services</legend>
            {[...serviceRows, { serviceId: "", memberId: booking?.memberId ?? "" }].map((row, index) => (
              <div key={index} className="grid gap-3 sm:grid-cols-2">
                <select
                  name={`service.${index}.serviceId`}
                  defaultValue={String(row.serviceId)}
                  aria-label={`Service ${index + 1}`}
                  className={field}
                >
                  <option value="">— no service —</option>
                  {services.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.title} ({formatPounds(service.price)})
                    </option>
                  ))}
                </select>
                <select
                  name={`service.${index}.memberId`}
                  defaultValue={String(row.memberId)}
                  aria-label={`Barber for service ${index + 1}`}
                  className={field}
                >
                  <option value="">— barber —</option>
                  {members.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-1 font-semibold">Products</legend>
            {[0, 1].map((index) => (
              <div key={index} className="grid grid-cols-[1fr_6rem] gap-3">
                <select
                  name={`product.${index}.productId`}
                  defaultValue=""
                  aria-label={`Product ${index + 1}`}
                  className={field}
                >
                  <option value="">— no product —</option>
                  {products.map((product) => (
                    <option key={product.id} value={product.id} disabled={product.stock === 0}>
                      {product.name} ({formatPounds(product.price)})
                      {product.stock === null ? "" : ` · ${product.stock} left`}
                    </option>
                  ))}
                </select>
                <input
                  name={`product.${index}.quantity`}
                  type="number"
                  min={1}
                  defaultValue={1}
                  aria-label={`Quantity of product ${index + 1}`}
                  className={field}
                />
              </div>
            ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="grid gap-1">
              Discount (£)
              <input name="discount" inputMode="decimal" className={field} placeholder="0.00" />
            </label>
            <label className="grid gap-1">
              Tip (£)
              <input name="tipAmount" inputMode="decimal" className={field} placeholder="0.00" />
            </label>
            <label className="grid gap-1">
              Tip for
              <select name="tipMemberId" defaultValue={String(booking?.memberId ?? "")} className={field}>
                <option value="">— barber —</option>
                {members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <Button type="submit" size="lg" className="min-h-14 text-lg">
            Ring up
          </Button>
        </Form>
      </section>
      <section aria-labelledby="today" className="mt-6">
        <h2 id="today" className="mb-3 text-2xl font-semibold">
          Today&apos;s sales
        </h2>
        {sales.length === 0 ? (
          <p className="text-muted-foreground">No sales yet today.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Today's sales">
            {sales.map((sale) => (
              <li key={sale.id}>
                <Link
                  to={`/admin/sales/${sale.id}`}
                  className="flex min-h-14 items-center justify-between gap-3 rounded-md border border-border bg-card px-4"
                >
                  <span className={sale.status === "voided" ? "line-through" : ""}>
                    {sale.number} · {sale.customer?.name || "Walk-in"}
                  </span>
                  <span className="font-semibold">
                    {formatPounds(sale.total)} ·{" "}
                    {sale.status === "open" ? `${formatPounds(sale.due)} due` : sale.status}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}
