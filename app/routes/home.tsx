import { ArrowRight, Award, CalendarCheck, MapPin, Scissors, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { BookingFeeNote } from "~/features/settings/components/booking-fee-note";
import { OpeningHoursList } from "~/features/settings/components/opening-hours";
import { PageMain } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { ServiceCard } from "~/features/services/components/service-card";
import { TeamMemberCard } from "~/features/team/components/team-member-card";
import { listPublicTeam } from "~/features/team/team.server";
import { listServices } from "~/features/services/services.server";
import { ClosureNotice } from "~/features/settings/components/closure-notice";
import { closureAnnouncements } from "~/features/settings/settings.server";
import { addressLine } from "~/features/settings/shop-facts";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { formatPounds } from "~/lib/money";
import {
  hairSalonJsonLd,
  heroImageUrl,
  heroSrcSet,
  priceRangeOf,
  publicUrlFrom,
  seoMeta,
  shopSettingsFrom,
} from "~/features/seo/seo";
import type { Route } from "./+types/home";

/** Spec section 9: Home features the first 4 services. */
const FEATURED_SERVICES = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const [services, shop, team] = await Promise.all([
    listServices(context.db),
    context.settings(),
    listPublicTeam(context.db),
  ]);
  const titles = new Map(services.map((service) => [String(service.id), service.title]));
  return {
    closures: closureAnnouncements(shop),
    featured: services.slice(0, FEATURED_SERVICES),
    team: team.map((member) => ({ member, serviceTitles: member.serviceIds.flatMap((id) => titles.get(id) ?? []) })),
    priceRange: priceRangeOf(
      services.map((service) => service.price),
      formatPounds,
    ),
  };
}

const HERO_SIZES = "100vw";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = shopSettingsFrom(matches);
  return seoMeta(matches, {
    title: shop.tagline ? `${shop.shopName} | ${shop.tagline}` : shop.shopName,
    description: `Professional haircuts, skin fades, beard trims and hot-towel shaves at the best prices in ${shop.address.town}. See our prices and book online.`,
    path: "/",
    jsonLd: loaderData
      ? [
          hairSalonJsonLd(
            publicUrlFrom(matches),
            loaderData.priceRange,
            shop,
            loaderData.team.map((entry) => entry.member),
          ),
        ]
      : [],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <PageMain className="pt-0">
      <Hero closures={loaderData.closures} />
      <FeaturedServices services={loaderData.featured} />
      {loaderData.team.length > 0 && <MeetTheTeam team={loaderData.team} />}
      <ExperienceTheDifference />
      <VisitUs />
    </PageMain>
  );
}

function Hero({ closures }: { closures: Route.ComponentProps["loaderData"]["closures"] }) {
  const shop = useShopSettings();
  return (
    <section className="relative isolate flex min-h-[100svh] items-center overflow-hidden bg-ink pt-16 text-ink-foreground">
      <img
        src={heroImageUrl(1280)}
        srcSet={heroSrcSet()}
        sizes={HERO_SIZES}
        width={1920}
        height={1080}
        alt=""
        // React preloads a high-priority <img> from the document's <head>, srcset and all.
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-20 size-full object-cover object-[62%_center]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[linear-gradient(90deg,rgb(22_19_17/0.92)_0%,rgb(22_19_17/0.75)_45%,rgb(22_19_17/0.25)_100%)]"
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <ClosureNotice closures={closures} className="mb-8 max-w-xl bg-ink/85 text-ink-foreground" />
        <p className="mb-5 flex items-center gap-3 font-display text-sm font-medium uppercase tracking-[0.3em] text-brass">
          <span aria-hidden className="h-px w-10 bg-brass" />
          {shop.address.town}&apos;s neighbourhood barbers
        </p>
        <h1 className="max-w-3xl text-5xl font-bold uppercase leading-[0.95] sm:text-7xl lg:text-8xl">
          {shop.tagline || shop.shopName}
        </h1>
        <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
          Professional haircuts and grooming services at the best prices
        </p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-start">
          <Button asChild variant="accent" size="lg" className="h-14 px-8 text-base uppercase tracking-wider">
            <Link to="/prices">
              View Prices
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <div>
            <Button
              asChild
              variant="outline"
              size="lg"
              className="h-14 w-full border-ink-foreground/40 bg-transparent px-8 text-base uppercase tracking-wider text-ink-foreground hover:bg-white/10 sm:w-auto"
            >
              <Link to="/bookings">
                <CalendarCheck aria-hidden />
                Book Appointment
              </Link>
            </Button>
            <BookingFeeNote className="mt-2 text-ink-muted sm:text-center" />
          </div>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({
  eyebrow,
  title,
  id,
  children,
}: {
  eyebrow: string;
  title: string;
  id: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-display text-sm font-medium uppercase tracking-[0.3em] text-accent-text">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-4xl font-bold uppercase sm:text-5xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-muted-foreground">{children}</p>}
    </div>
  );
}

function FeaturedServices({ services }: { services: Route.ComponentProps["loaderData"]["featured"] }) {
  return (
    <section
      aria-labelledby="featured-services"
      className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8"
    >
      <SectionHeading eyebrow="What we do" title="Featured Services" id="featured-services">
        Classic cuts, sharp fades and proper beard care from barbers who take their time.
      </SectionHeading>
      {services.length > 0 ? (
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState className="mt-12">Our services are being updated. Please check back soon.</EmptyState>
      )}
      <div className="mt-12 flex flex-col items-center gap-3">
        <Button asChild size="lg" className="uppercase tracking-wider">
          <Link to="/prices">
            View All Services &amp; Prices
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <BookingFeeNote className="text-muted-foreground" />
      </div>
    </section>
  );
}

function MeetTheTeam({ team }: { team: Route.ComponentProps["loaderData"]["team"] }) {
  return (
    <section aria-labelledby="meet-the-team" className="mx-auto w-full max-w-7xl px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <SectionHeading eyebrow="Who we are" title="Meet the Team" id="meet-the-team">
        Book with the barber you like, or with whoever is free first.
      </SectionHeading>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {team.map(({ member, serviceTitles }) => (
          <li key={member.id}>
            <TeamMemberCard member={member} serviceTitles={serviceTitles} />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild variant="outline" size="lg">
          <Link to="/team">
            About our barbers
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}

const DIFFERENCES = [
  {
    icon: Scissors,
    title: "Skilled barbers",
    text: "Years behind the chair, from traditional scissor cuts to skin fades and hot-towel shaves.",
  },
  {
    icon: Award,
    title: "Premium products",
    text: "We finish every cut with professional grooming products, and we'll tell you how to style it at home.",
  },
  {
    icon: Sparkles,
    title: "Relaxed atmosphere",
    text: "Book a time that suits you, skip the queue, and enjoy a proper sit down in a friendly shop.",
  },
] as const;

function ExperienceTheDifference() {
  const { shopName } = useShopSettings();
  return (
    <section aria-labelledby="experience" className="barber-stripes bg-ink text-ink-foreground">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-[1fr_1.3fr] lg:px-8">
        <div>
          <p className="font-display text-sm font-medium uppercase tracking-[0.3em] text-brass">Why {shopName}</p>
          <h2 id="experience" className="mt-3 text-4xl font-bold uppercase sm:text-5xl">
            Experience the Difference
          </h2>
          <p className="mt-5 max-w-md text-ink-muted">
            A good haircut is more than a trim. It&apos;s the consultation, the detail work and the finish. Read our
            tips, style guides and news on the blog.
          </p>
          <Button asChild variant="accent" size="lg" className="mt-8 uppercase tracking-wider">
            <Link to="/blog">
              Learn More<span className="sr-only"> on our blog</span>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <ul className="grid gap-5 sm:grid-cols-3 lg:grid-cols-1">
          {DIFFERENCES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-[var(--radius-card)] border border-white/10 bg-white/[0.03] p-6"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-full border border-brass/50 text-brass">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="text-xl font-semibold uppercase tracking-wide">{title}</h3>
                <p className="mt-1 text-sm text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function VisitUs() {
  const shop = useShopSettings();
  return (
    <section aria-labelledby="visit-us" className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="grid gap-8 rounded-[var(--radius-card)] border border-border bg-card p-8 shadow-sm sm:p-10 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="visit-us" className="text-3xl font-bold uppercase sm:text-4xl">
            Visit the Shop
          </h2>
          <p className="mt-3 flex items-start gap-2 text-muted-foreground">
            <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-accent-text" />
            {addressLine(shop)}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/contact">Find Us</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/faq">Questions? Read the FAQ</Link>
            </Button>
          </div>
        </div>
        <div>
          <h3 className="mb-3 text-lg font-semibold uppercase tracking-wide">Opening Hours</h3>
          <OpeningHoursList />
        </div>
      </div>
    </section>
  );
}
