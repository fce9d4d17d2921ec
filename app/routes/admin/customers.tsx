import { Search, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input, Label } from "~/components/ui/input";
import { SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { NO_SHOW_FLAG, customerPath, customerSearchSchema } from "~/features/customers/customers.schema";
import { listCustomers } from "~/features/customers/customers.server";
import { formatPounds } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";
import type { Route } from "./+types/customers";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const search = new URL(request.url).searchParams;
  const parsed = customerSearchSchema.safeParse(search.get("q") ?? undefined);
  const q = parsed.success ? parsed.data : undefined;
  // `?erased`: where a customer's record sends the owner after erasing them without JavaScript.
  return { q: q ?? "", customers: await listCustomers(context.db, { q }), erased: search.has("erased") };
}

export const meta = () => adminMeta("Customers");

const visit = (date: string | null) => (date ? formatShopDate(date, "short") : "—");

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { q, customers, erased } = loaderData;
  return (
    <AdminPage
      title="Customers"
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/import">Import clients</Link>
        </Button>
      }
    >
      {erased && <SavedNotice>Customer erased: their personal data has been removed.</SavedNotice>}
      <Form method="get" role="search" className="mb-6 flex w-full max-w-xl items-end gap-3">
        <div className="grid flex-1 gap-2">
          <Label htmlFor="customer-search">Search by name, email or phone</Label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              key={q}
              id="customer-search"
              type="search"
              name="q"
              defaultValue={q}
              autoComplete="off"
              className="pl-9"
            />
          </div>
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {customers.length === 0 ? (
        <EmptyState>
          {q ? `No customers match “${q}”.` : "No customers yet: they appear with their first booking."}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Customers">
          {customers.map((customer) => (
            <li key={customer.key}>
              <Link
                to={customerPath(customer.key)}
                className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm transition-colors hover:border-accent focus-visible:outline-2"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-display text-lg font-semibold">{customer.name}</span>
                  {customer.noShows >= NO_SHOW_FLAG && (
                    <Badge variant="destructive">
                      <TriangleAlert className="size-3" aria-hidden />
                      {customer.noShows} no-shows
                    </Badge>
                  )}
                </span>
                <span className="break-all text-muted-foreground">{customer.email || "Walk-in, no e-mail"}</span>
                <span className="text-muted-foreground">{customer.phone}</span>
                <span className="grid grid-cols-2 gap-x-3 gap-y-1">
                  <span>Bookings: {customer.bookings}</span>
                  <span>No-shows: {customer.noShows}</span>
                  <span>Last visit: {visit(customer.lastVisit)}</span>
                  <span>Next visit: {visit(customer.nextVisit)}</span>
                  <span className="col-span-2 tabular-nums">Total spent: {formatPounds(customer.totalSpent)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
