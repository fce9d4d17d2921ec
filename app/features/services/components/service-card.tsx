import { Award, CalendarPlus, Clock, Scissors, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import type { Service } from "../services.schema";
import { ServicePrice } from "./service-price";

/** Spec section 3: the public list draws Scissors and Award as themselves and any other icon as a third, default one. */
export function ServiceIcon({ icon, className }: { icon: string; className?: string }) {
  if (icon === "Scissors") return <Scissors aria-hidden className={className} />;
  if (icon === "Award") return <Award aria-hidden className={className} />;
  return <Sparkles aria-hidden className={className} />;
}

const formatDuration = (minutes: number) => `${minutes} mins`;

/** A service as Home and Prices show it: icon, title, price (£N.NN, with its all-in price), description and duration. */
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
        <ServicePrice price={service.price} />
      </div>
      <h3 className="mt-5 text-xl font-semibold uppercase tracking-wide">{service.title}</h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
      <div className="mt-5 flex items-center justify-between gap-3 border-t border-border pt-4 text-sm font-medium">
        <p className="flex items-center gap-2 text-foreground">
          <Clock aria-hidden className="size-4 text-accent-text" />
          {formatDuration(service.duration)}
        </p>
        {/* Starts the booking flow with this service already chosen. */}
        <Link
          to={`/bookings?service=${service.id}`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-semibold text-accent-text underline-offset-4 hover:underline"
        >
          <CalendarPlus aria-hidden className="size-4" />
          Book this<span className="sr-only">: {service.title}</span>
        </Link>
      </div>
    </article>
  );
}
