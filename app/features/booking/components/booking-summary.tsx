import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Service } from "~/features/services/services.schema";
import { toPence } from "~/lib/schema-fields";
import { bookingTotals, formatPence } from "../booking.schema";

/** The running bill: chosen services, their total duration, the subtotal, the fixed fee and the total. */
export function BookingSummary({ services }: { services: readonly Service[] }) {
  const totals = bookingTotals(services);
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
        <dl className="grid gap-1.5 pt-3 text-sm">
          <SummaryLine term="Total duration" value={`${totals.durationMinutes} mins`} />
          <SummaryLine term="Subtotal" value={formatPence(totals.subtotalPence)} />
          <SummaryLine term="Appointment fee" value={formatPence(totals.feePence)} />
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
