/** One headline figure with its change against the period before (decision 054). */
export function Headline({
  label,
  value,
  change,
}: {
  label: string;
  value: string;
  /** "+12% on the period before", or null when there is nothing to compare with. */
  change: string | null;
}) {
  return (
    <div className="grid content-start gap-1 rounded-[var(--radius-card)] border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{change ?? "Nothing to compare with"}</dd>
    </div>
  );
}

/** The change of an amount or a count, as a percentage of what it was. */
export function changeOfAmount(now: number, before: number) {
  if (before === 0) return now === 0 ? "Same as the period before" : null;
  const percent = Math.round(((now - before) / Math.abs(before)) * 100);
  return percent === 0 ? "Same as the period before" : `${percent > 0 ? "+" : ""}${percent}% on the period before`;
}

/** The change of a rate, in percentage points. */
export function changeOfRate(now: number | null, before: number | null) {
  if (now === null || before === null) return null;
  const points = Math.round((now - before) * 1000) / 10;
  return points === 0 ? "Same as the period before" : `${points > 0 ? "+" : ""}${points} points on the period before`;
}

export const formatRate = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);
