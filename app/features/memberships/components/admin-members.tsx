import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { formatShopInstant } from "~/lib/shop-time";
import { MEMBERSHIP_STATUS_NAMES, type AdminMembership } from "../memberships.schema";

/* The owner's members on /admin/memberships: what GET /api/memberships answers, newest first. */

const period = (membership: AdminMembership) =>
  membership.periodStart && membership.periodEnd
    ? `${formatShopInstant(membership.periodStart, "medium")} – ${formatShopInstant(membership.periodEnd, "medium")}`
    : "—";

export function MemberList({ memberships }: { memberships: readonly AdminMembership[] }) {
  if (memberships.length === 0) return <EmptyState>Nobody has joined a plan yet.</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Members, newest first</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="p-3 font-semibold">
              Member
            </th>
            <th scope="col" className="p-3 font-semibold">
              Plan
            </th>
            <th scope="col" className="p-3 font-semibold">
              Status
            </th>
            <th scope="col" className="p-3 font-semibold">
              Current period
            </th>
            <th scope="col" className="p-3 font-semibold">
              Visits used
            </th>
          </tr>
        </thead>
        <tbody>
          {memberships.map((membership) => (
            <tr key={membership.id} className="border-t border-border">
              <td className="p-3">
                <Link
                  to={`/admin/customers/${membership.member.customerId}`}
                  className="font-medium text-accent-text underline underline-offset-4"
                >
                  {membership.member.name}
                </Link>
              </td>
              <td className="p-3">{membership.plan.name}</td>
              <td className="p-3">
                {MEMBERSHIP_STATUS_NAMES[membership.status]}
                {membership.cancelAtPeriodEnd && membership.status !== "cancelled" ? " (ends at the period's end)" : ""}
              </td>
              <td className="p-3 tabular-nums">{period(membership)}</td>
              <td className="p-3 tabular-nums">
                {membership.visitsUsed} of {membership.visitsPerMonth}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
