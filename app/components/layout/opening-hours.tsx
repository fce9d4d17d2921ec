import { Clock } from "lucide-react";
import { cn } from "~/lib/cn";
import { OPENING_HOURS } from "~/lib/shop";

/** The shop's week (spec section 9), as the footer (dark) and the contact page (light) show it. */
export function OpeningHoursList({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  const dark = tone === "dark";
  return (
    <dl className={cn("grid gap-2 text-sm", dark ? "text-ink-muted" : "text-muted-foreground", className)}>
      {OPENING_HOURS.map((entry) => (
        <div key={entry.days} className="flex items-start justify-between gap-x-3">
          <dt className="flex items-center gap-2">
            <Clock aria-hidden className={cn("size-3.5", dark ? "text-brass" : "text-accent-text")} />
            {entry.days}
          </dt>
          <dd
            className={cn("whitespace-nowrap text-right font-medium", dark ? "text-ink-foreground" : "text-foreground")}
          >
            {entry.hours}
          </dd>
        </div>
      ))}
    </dl>
  );
}
