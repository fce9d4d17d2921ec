import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Service } from "~/features/services";
import type { MemberPricing } from "../rules/membership";
import { formatPence, toPence } from "~/lib/money";

/**
 * The running bill: chosen services, the barber, their total duration, the subtotal, the fixed fee and the total;
 * with the fee included in the prices, only the total. A member's covered service reads £0, with the words why.
 */
export function BookingSummary({ pricing, memberName }: { pricing: MemberPricing<Service>; memberName?: string }) {
  const { services, totals } = pricing;
  return (
    <Card aria-labelledby="booking-summary-title" role="region" className="shrink-0">
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle id="booking-summary-title" className="text-xl">
          Summary
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 border-b border-border pb-3">
          {services.map((service) => (
            <li key={service.id} className="flex justify-between gap-3 text-sm">
              <span>
                {service.title} <span className="text-muted-foreground">({service.duration} mins)</span>
              </span>
              <span className="tabular-nums">{formatPence(toPence(service.price))}</span>
            </li>
          ))}
        </ul>
        {pricing.message && (
          <p role="status" className="border-b border-border py-2 text-sm font-medium">
            {pricing.message}
          </p>
        )}
        <dl className="grid gap-1.5 pt-3 text-sm">
          <SummaryLine term="Barber" value={memberName ?? "Anyone"} />
          <SummaryLine term="Total duration" value={`${totals.durationMinutes} mins`} />
          {totals.feePence > 0 && (
            <>
              <SummaryLine term="Subtotal" value={formatPence(totals.subtotalPence)} />
              <SummaryLine term="Appointment fee" value={formatPence(totals.feePence)} />
            </>
          )}
          <SummaryLine term="Total" value={formatPence(totals.totalPence)} strong />
        </dl>
      </CardContent>
    </Card>
  );
}

function SummaryLine({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? "flex justify-between gap-3 border-t border-border pt-2 text-base font-bold"
          : "flex justify-between gap-3"
      }
    >
      <dt>{term}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
