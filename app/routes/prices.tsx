import { CalendarCheck, Info } from "lucide-react";
import { Link } from "react-router";
import { BookingFeeNote, useBookingFeePence } from "~/features/settings/components/booking-fee-note";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { ServiceCard } from "~/features/services/components/service-card";
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_HEADINGS } from "~/features/services/services.schema";
import { listServices } from "~/features/services/services.server";
import { seoMeta, shopSettingsFrom } from "~/features/seo/seo";
import type { Route } from "./+types/prices";
import { policySentence } from "~/features/payments/payment-policy";
import { publicPaymentSettings } from "~/features/payments/payment-settings.server";

export async function loader({ context }: Route.LoaderArgs) {
  const [services, shop, payments] = await Promise.all([
    listServices(context.db),
    context.settings(),
    publicPaymentSettings(context),
  ]);
  return {
    paymentPolicy: policySentence(payments, shop.cancellationNoticeHours),
    sections: SERVICE_CATEGORIES.map((category) => ({
      category,
      // Resolved here so the page's browser code needs no schema module.
      heading: SERVICE_CATEGORY_HEADINGS[category],
      services: services.filter((service) => service.category === category),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Our Prices",
    description: `Prices and times for every haircut, beard trim, facial and full-service package at ${shopSettingsFrom(matches).shopName}, with the all-in price shown up front.`,
    path: "/prices",
  });

export default function Prices({ loaderData }: Route.ComponentProps) {
  const feeCharged = useBookingFeePence() > 0;
  return (
    <PageMain>
      <PageIntro eyebrow="Services & prices" title="Our Prices">
        {feeCharged
          ? "Honest prices for every cut, trim and shave. Each price shows what you pay when you book it online, the appointment fee included."
          : "Honest prices for every cut, trim and shave. What you see is what you pay."}
        {loaderData.paymentPolicy && <strong className="mt-2 block">{loaderData.paymentPolicy}.</strong>}
      </PageIntro>

      {feeCharged && (
        <PageSection className="pb-0 sm:pb-0">
          <section
            aria-label="Appointment fee"
            className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-accent/60 bg-accent/10 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex items-start gap-3">
              <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
              <BookingFeeNote long className="text-base text-foreground" />
            </p>
            <Button asChild className="shrink-0">
              <Link to="/bookings">
                <CalendarCheck aria-hidden />
                Book Appointment
              </Link>
            </Button>
          </section>
        </PageSection>
      )}

      {loaderData.sections.map((section) => (
        <PageSection key={section.category} aria-labelledby={`section-${section.category}`} className="pb-0 sm:pb-0">
          <div className="mb-8 flex items-end gap-4">
            <h2 id={`section-${section.category}`} className="text-3xl font-bold uppercase sm:text-4xl">
              {section.heading}
            </h2>
            <span aria-hidden className="mb-3 h-px flex-1 bg-border" />
          </div>
          {section.services.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {section.services.map((service) => (
                <li key={service.id}>
                  <ServiceCard service={service} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No services in this category yet.</p>
          )}
        </PageSection>
      ))}

      <PageSection className="text-center" aria-labelledby="book-now">
        <div className="rounded-[var(--radius-card)] bg-ink px-6 py-12 text-ink-foreground">
          <h2 id="book-now" className="text-3xl font-bold uppercase sm:text-4xl">
            Ready for a fresh cut?
          </h2>
          <p className="mx-auto mt-3 max-w-lg text-ink-muted">
            Choose your services, pick a time that suits you and you&apos;re booked in.
          </p>
          <Button asChild variant="accent" size="lg" className="mt-8 uppercase tracking-wider">
            <Link to="/bookings">
              <CalendarCheck aria-hidden />
              Book Appointment
            </Link>
          </Button>
          <BookingFeeNote className="mt-3 text-ink-muted" />
        </div>
      </PageSection>
    </PageMain>
  );
}
