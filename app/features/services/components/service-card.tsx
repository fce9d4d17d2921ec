import { Award, Clock, Scissors, Sparkles } from "lucide-react";
import { cn } from "~/lib/cn";
import { formatPounds } from "~/lib/money";
import type { Service } from "../services.schema";

/** Spec section 3: the public list draws Scissors and Award as themselves and any other icon as a third, default one. */
export function ServiceIcon({ icon, className }: { icon: string; className?: string }) {
  if (icon === "Scissors") return <Scissors aria-hidden className={className} />;
  if (icon === "Award") return <Award aria-hidden className={className} />;
  return <Sparkles aria-hidden className={className} />;
}

export const formatDuration = (minutes: number) => `${minutes} mins`;

/** A service as Home and Prices show it: icon, title, price (£N.NN), description and duration (N mins). */
export function ServiceCard({ service, className }: { service: Service; className?: string }) {
  return (
    <article
      className={cn(
        "group flex h-full flex-col rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-ink text-brass">
          <ServiceIcon icon={service.icon} className="size-5" />
        </span>
        <p className="font-display text-2xl font-semibold text-foreground">{formatPounds(service.price)}</p>
      </div>
      <h3 className="mt-5 text-xl font-semibold uppercase tracking-wide">{service.title}</h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
      <p className="mt-5 flex items-center gap-2 border-t border-border pt-4 text-sm font-medium text-foreground">
        <Clock aria-hidden className="size-4 text-accent-text" />
        {formatDuration(service.duration)}
      </p>
    </article>
  );
}
