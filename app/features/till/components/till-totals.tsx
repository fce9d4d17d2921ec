import { formatPounds } from "~/lib/money";
import type { TillDay } from "../till.schema";

/** The day's running totals, kept in view at the top of the till while scrolling. */
export function TillTotals({ day }: { day: TillDay }) {
  const figures = [
    ["Taken", day.takings.total],
    ["Cash", day.takings.cash],
    ["Card", day.takings.card + day.takings.cardOnFile],
    ["Online", day.takings.online],
    ["Tips", day.tips.total],
  ] as const;
  return (
    <dl
      aria-label="Today's totals"
      className="sticky top-16 z-10 grid grid-cols-3 gap-2 rounded-lg border border-border bg-card p-3 shadow-sm sm:grid-cols-6"
    >
      <div>
        <dt className="text-sm text-muted-foreground">Sales</dt>
        <dd className="text-xl font-semibold">{day.sales}</dd>
      </div>
      {figures.map(([label, amount]) => (
        <div key={label}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold">{formatPounds(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
