import { ArrowLeft, Clock, MapPin, Phone, Star } from "lucide-react";
import { Link } from "react-router";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/layout/error-page";
import { PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConsentMap, mapEmbedUrl } from "~/components/ui/consent-map";
import { getBarber } from "~/features/barbers/barbers.server";
import { pageData } from "~/lib/page-errors";
import { breadcrumbJsonLd, publicUrlFrom, seoMeta } from "~/features/seo/seo";
import { withShopClock } from "~/lib/shop-time";
import type { Route } from "./+types/barber";

/** Spec section 9: the barber's map is shown at zoom 15. */
const MAP_ZOOM = 15;

export async function loader({ params, context }: Route.LoaderArgs) {
  return { barber: await pageData(getBarber(context.db, params.slug)) };
}

const crumbsFor = (barber: { name: string; slug: string }) => [
  { name: "Home", path: "/" },
  { name: "Barbers Near Me", path: "/barbers-near-me" },
  { name: barber.name, path: `/barbers/${barber.slug}` },
];

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  if (!loaderData) {
    return seoMeta(matches, {
      title: "Barber not found",
      description: "This barber could not be found.",
      path: `/barbers/${params.slug}`,
      noindex: true,
    });
  }
  const { barber } = loaderData;
  return seoMeta(matches, {
    title: barber.name,
    description: `${barber.name}, ${barber.formatted_address}: opening hours, rating${barber.formatted_phone_number ? ", phone number" : ""} and map.`,
    path: `/barbers/${barber.slug}`,
    jsonLd: [breadcrumbJsonLd(publicUrlFrom(matches), crumbsFor(barber))],
  });
};

/** "tel:" wants digits and a leading +, whatever spacing the places service used. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function BarberPage({ loaderData }: Route.ComponentProps) {
  const { barber } = loaderData;
  const hours = barber.opening_hours.weekday_text;
  return (
    <PageMain>
      <section className="barber-stripes bg-ink text-ink-foreground">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <Breadcrumbs crumbs={crumbsFor(barber)} />
          <h1 className="text-4xl font-bold uppercase leading-[1.05] sm:text-5xl lg:text-6xl">{barber.name}</h1>
          <p className="mt-4 flex items-start gap-2 text-lg text-ink-muted">
            <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-brass" />
            {barber.formatted_address}
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-x-8 gap-y-3">
            <p className="flex items-center gap-2">
              <Star aria-hidden className="size-5 fill-brass text-brass" />
              {barber.rating === null ? (
                <span>Not rated yet</span>
              ) : (
                <span>
                  <span className="font-display text-2xl font-semibold">{barber.rating} / 5</span>{" "}
                  <span className="text-ink-muted">
                    ({barber.user_ratings_total} {barber.user_ratings_total === 1 ? "rating" : "ratings"})
                  </span>
                </span>
              )}
            </p>
            {barber.formatted_phone_number && (
              <a
                href={telHref(barber.formatted_phone_number)}
                className="flex items-center gap-2 text-lg font-semibold underline-offset-4 hover:text-brass hover:underline"
              >
                <Phone aria-hidden className="size-5 text-brass" />
                {barber.formatted_phone_number}
              </a>
            )}
          </div>
        </div>
      </section>
      <PageSection className="grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        <Card className="self-start">
          <CardHeader className="pb-4">
            <h2 className="flex items-center gap-2 text-2xl font-semibold uppercase leading-tight">
              <Clock aria-hidden className="size-5 text-accent-text" />
              Opening Hours
            </h2>
          </CardHeader>
          <CardContent>
            {hours.length > 0 ? (
              <ul className="grid gap-2 text-sm">
                {hours.map((line) => (
                  <li key={line} className="border-b border-border pb-2 last:border-b-0 last:pb-0">
                    {withShopClock(line)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Opening hours not available.</p>
            )}
          </CardContent>
        </Card>
        <div className="grid gap-4">
          <h2 className="sr-only">Map</h2>
          <ConsentMap
            src={mapEmbedUrl(`${barber.name}, ${barber.formatted_address}`, MAP_ZOOM)}
            label={barber.formatted_address}
          />
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/barbers-near-me">
              <ArrowLeft aria-hidden />
              Back to all barbers
            </Link>
          </Button>
        </div>
      </PageSection>
    </PageMain>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{
        title: "Barber not found",
        message: "We couldn't find that barber. They may have moved or closed. Search the list for another one nearby.",
        links: [
          { to: "/barbers-near-me", label: "Find a barber" },
          { to: "/prices", label: "See our prices" },
          { to: "/bookings", label: "Book with us" },
          { to: "/contact", label: "Contact us" },
        ],
      }}
    />
  );
}
