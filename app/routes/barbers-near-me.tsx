import { ChevronRight, Scissors } from "lucide-react";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/layout/error-page";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { BarberSearchForm } from "~/features/barbers/components/barber-search-form";
import { barberSearchQuerySchema } from "~/features/barbers/barbers.schema";
import { listBarbers } from "~/features/barbers/barbers.server";
import { parseSearchParams } from "~/lib/page-errors";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/barbers-near-me";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q } = parseSearchParams(request, barberSearchQuerySchema);
  return { q, barbers: await listBarbers(context.db, { q }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Find a Barber",
    description:
      "Search barbers in and around Oldham by name, with addresses, opening hours, ratings and phone numbers.",
    path: "/barbers-near-me",
  });

export default function BarbersNearMe({ loaderData }: Route.ComponentProps) {
  const { q, barbers } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Barbers near me" title="Find a Barber">
        Search for barbers in your area.
      </PageIntro>
      <PageSection>
        <BarberSearchForm q={q} />
        <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
          {barbers.length} {barbers.length === 1 ? "barber" : "barbers"}
          {q && ` matching “${q}”`}
        </p>
        {barbers.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Barbers">
            {barbers.map((barber) => (
              <li key={barber.slug}>
                <Link
                  to={`/barbers/${barber.slug}`}
                  className="group flex h-full items-center gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm transition hover:border-accent hover:shadow-md"
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-ink text-brass">
                    <Scissors aria-hidden className="size-5" />
                  </span>
                  <span className="flex-1 font-display text-lg font-semibold uppercase tracking-wide">
                    {barber.name}
                  </span>
                  <ChevronRight
                    aria-hidden
                    className="size-5 text-muted-foreground transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                  />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState className="mt-6">{q ? `No barbers found matching “${q}”.` : "No barbers listed yet."}</EmptyState>
        )}
      </PageSection>
    </PageMain>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
