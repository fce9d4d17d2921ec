import { data } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { auditQuerySchema } from "~/features/audit/audit.schema";
import { auditFilterChoices, listAudit } from "~/features/audit/audit.server";
import { AuditFilterForm } from "~/features/audit/components/audit-filter-form";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { formatShopInstant } from "~/lib/shop-time";
import type { Route } from "./+types/activity";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  // The same query schema as GET /api/audit, so the page and the API refuse the same addresses.
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message }, { status: 400 });
  const [entries, choices] = await Promise.all([listAudit(context.db, parsed.data), auditFilterChoices(context.db)]);
  return { entries, choices, filters: { admin: parsed.data.admin, kind: parsed.data.kind } };
}

export const meta = () => adminMeta("Activity");

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, choices, filters } = loaderData;
  return (
    <AdminPage title="Activity">
      <p className="mb-6 max-w-2xl text-muted-foreground">
        Every change made by an admin: who, what and when, newest first (the latest 100).
      </p>
      <AuditFilterForm admins={choices.admins} kinds={choices.kinds} admin={filters.admin} kind={filters.kind} />
      {entries.length === 0 ? (
        <EmptyState>No activity{filters.admin || filters.kind ? " matches these filters" : " yet"}.</EmptyState>
      ) : (
        <ol aria-label="Admin activity" className="grid gap-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="grid gap-1 rounded-md border border-border bg-card p-3 sm:grid-cols-[11rem_8rem_1fr] sm:items-baseline sm:gap-4"
            >
              <time dateTime={entry.createdAt} className="text-sm text-muted-foreground">
                {formatShopInstant(entry.createdAt, "short", { withTime: true })}
              </time>
              <span className="font-semibold">{entry.admin}</span>
              <span>
                <span className="font-medium">{entry.action}</span>{" "}
                <span className="rounded bg-muted px-1.5 py-0.5 text-xs">{entry.kind}</span>
                {(entry.targetLabel || entry.targetId) && (
                  <span className="text-muted-foreground">
                    {" "}
                    {entry.targetLabel ?? ""}
                    {entry.targetId ? ` #${entry.targetId}` : ""}
                  </span>
                )}
                {entry.address && <span className="text-muted-foreground"> from {entry.address}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
