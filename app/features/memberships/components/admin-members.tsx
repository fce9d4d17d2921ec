import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { formatShopInstant } from "~/lib/shop-time";
import { MEMBERSHIP_STATUS_NAMES, type AdminMembership } from "../memberships.schema";

/* The owner's members on /admin/memberships: what GET /api/memberships answers, newest first. */

const period = (membership: AdminMembership) =>
  membership.periodStart && membership.periodEnd
    ? `${formatShopInstant(membership.periodStart, "medium")} – ${formatShopInstant(membership.periodEnd, "medium")}`
    : "—";

const COLUMNS = ["Member", "Plan", "Status", "Current period", "Visits used"] as const;

/** A cell; on a phone, where the header row is hidden, a line led by its column's name. */
const Cell = ({ label, children }: { label: (typeof COLUMNS)[number]; children: React.ReactNode }) => (
  <td
    data-label={`${label}:`}
    className="p-3 tabular-nums max-sm:p-0 max-sm:before:mr-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]"
  >
    {children}
  </td>
);

export function MemberList({ memberships }: { memberships: readonly AdminMembership[] }) {
  if (memberships.length === 0) return <EmptyState>Nobody has joined a plan yet.</EmptyState>;
  return (
    <div className="rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Members, newest first</caption>
        <thead className="bg-muted max-sm:sr-only">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="p-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {memberships.map((membership) => (
            <tr key={membership.id} className="border-t border-border max-sm:grid max-sm:gap-1 max-sm:p-3">
              <Cell label="Member">
                <Link
                  to={`/admin/customers/${membership.member.customerId}`}
                  className="font-medium text-accent-text underline underline-offset-4"
                >
                  {membership.member.name}
                </Link>
              </Cell>
              <Cell label="Plan">{membership.plan.name}</Cell>
              <Cell label="Status">
                {MEMBERSHIP_STATUS_NAMES[membership.status]}
                {membership.cancelAtPeriodEnd && membership.status !== "cancelled" ? " (ends at the period's end)" : ""}
              </Cell>
              <Cell label="Current period">{period(membership)}</Cell>
              <Cell label="Visits used">
                {membership.visitsUsed} of {membership.visitsPerMonth}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
