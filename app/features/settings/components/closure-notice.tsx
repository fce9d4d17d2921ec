import { CalendarX } from "lucide-react";
import { cn } from "~/lib/cn";
import type { ClosureAnnouncement } from "../settings.server";

/** Announces the closures that cover today or the coming days (the loader picks and words them). */
export function ClosureNotice({
  closures,
  className,
}: {
  closures: readonly ClosureAnnouncement[];
  className?: string;
}) {
  if (closures.length === 0) return null;
  return (
    <section
      aria-label="Shop closures"
      className={cn(
        "rounded-[var(--radius-card)] border border-accent/60 bg-accent/10 p-4 text-sm text-foreground sm:p-5",
        className,
      )}
    >
      <ul className="grid gap-1.5">
        {closures.map((closure) => (
          <li key={closure.when} className="flex items-start gap-3">
            <CalendarX aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
            <span>
              <strong>Closed {closure.when}</strong>
              {closure.note && <>: {closure.note}</>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
