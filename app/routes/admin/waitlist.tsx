import { Form } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { listWaitlist, removeEntry } from "~/features/waitlist/waitlist.server";
import { formFailure } from "~/lib/form-action.server";
import { parseId } from "~/lib/api.server";
import { formatShopDate, formatShopInstant } from "~/lib/shop-time";
import type { Route } from "./+types/waitlist";

/* The owner's waitlist: the same list as GET /api/waitlist (an audited read), and Remove as DELETE /api/waitlist/{id}. */

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { entries: await listWaitlist(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  try {
    await removeEntry(context, parseId(String(form.get("id") ?? ""), "Waitlist entry"));
    return { removed: true, message: "Removed from the waitlist." };
  } catch (error) {
    return formFailure(error, { removed: false });
  }
}

export const meta = () => adminMeta("Waitlist");

const STATUS_LABELS = {
  waiting: "Waiting",
  offered: "Offered",
  booked: "Booked",
  declined: "Turned down",
  expired: "Expired",
  cancelled: "Removed",
} as const;

export default function AdminWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <AdminPage title="Waitlist">
      {actionData && (
        <p role={actionData.removed ? "status" : "alert"} className="mb-4 text-sm font-medium">
          {actionData.message}
        </p>
      )}
      {entries.length === 0 ? (
        <EmptyState>Nobody is waiting: customers join from the booking page when a day is full.</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Waitlist">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-display text-lg font-semibold">{formatShopDate(entry.date, "weekdayDate")}</span>
                <Badge variant={entry.status === "offered" ? "warning" : "outline"}>
                  {STATUS_LABELS[entry.status]}
                </Badge>
              </span>
              <span>{entry.customerName}</span>
              <span className="break-all text-muted-foreground">{entry.customerEmail}</span>
              <span>
                {entry.services.join(", ")} · {entry.memberName ?? "Anyone"}
              </span>
              {entry.offerExpiresAt && (
                <span>Held until {formatShopInstant(entry.offerExpiresAt, "short", { withTime: true })}</span>
              )}
              <Form method="post">
                <input type="hidden" name="id" value={entry.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Remove ${entry.customerName}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
