import { Clock } from "lucide-react";
import { formatRanges, weekLines } from "~/features/settings/opening-hours";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { cn } from "~/lib/cn";

/** The shop's week from the settings, as the footer (dark) and the contact page (light) show it. */
export function OpeningHoursList({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  const dark = tone === "dark";
  const { openingHours } = useShopSettings();
  return (
    <dl className={cn("grid gap-2 text-sm", dark ? "text-ink-muted" : "text-muted-foreground", className)}>
      {weekLines(openingHours).map((line) => (
        <div key={line.label} className="flex items-start justify-between gap-x-3">
          <dt className="flex items-center gap-2">
            <Clock aria-hidden className={cn("size-3.5", dark ? "text-brass" : "text-accent-text")} />
            {line.label}
          </dt>
          <dd
            className={cn("whitespace-nowrap text-right font-medium", dark ? "text-ink-foreground" : "text-foreground")}
          >
            {line.ranges.length > 1
              ? line.ranges.map((range) => (
                  <span key={range.start} className="block">
                    {formatRanges([range])}
                  </span>
                ))
              : formatRanges(line.ranges)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
