import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatPounds } from "~/lib/money";
import { formatShopInstant } from "~/lib/shop-time";
import { MEMBERSHIP_STATUS_NAMES, type AdminMembership } from "../memberships.schema";

/* A membership on its member's page: the visits left, the next payment, "Cancel membership" and "Change card". */

export function MembershipCard({ membership }: { membership: AdminMembership }) {
  const periodEnd = membership.periodEnd ? formatShopInstant(membership.periodEnd, "medium") : null;
  const left = Math.max(0, membership.visitsPerMonth - membership.visitsUsed);
  const current = membership.status === "active" || membership.status === "past_due";
  return (
    <Card>
      <CardHeader>
        <h3 className="text-xl font-semibold">{membership.plan.name}</h3>
        <p className="text-sm text-muted-foreground">
          {formatPounds(membership.monthlyPrice)} a month · {MEMBERSHIP_STATUS_NAMES[membership.status]}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {membership.status === "past_due" && (
          <p>
            Bookings are priced as usual until the payment goes through: use &quot;Change card&quot; to pay with
            another.
          </p>
        )}
        {membership.status === "active" && (
          <p>
            {left} of {membership.visitsPerMonth} visits left this month.
          </p>
        )}
        {current && periodEnd && (
          <p>
            {membership.cancelAtPeriodEnd
              ? `Cancelled: it stays active until ${periodEnd}, and nothing more is taken.`
              : `Next payment: ${formatPounds(membership.monthlyPrice)} on ${periodEnd}.`}
          </p>
        )}
        {current && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Form method="post">
              <input type="hidden" name="intent" value="membership-card" />
              <input type="hidden" name="membershipId" value={membership.id} />
              <Button type="submit" variant="outline" className="min-h-11">
                Change card
              </Button>
            </Form>
            {!membership.cancelAtPeriodEnd && (
              <Form method="post">
                <input type="hidden" name="intent" value="membership-cancel" />
                <input type="hidden" name="membershipId" value={membership.id} />
                <Button type="submit" variant="outline" className="min-h-11">
                  Cancel membership
                </Button>
              </Form>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
