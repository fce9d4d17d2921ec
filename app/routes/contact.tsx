import { Clock, ExternalLink, MapPin, Navigation, Phone } from "lucide-react";
import { OpeningHoursList } from "~/components/layout/opening-hours";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConsentMap } from "~/components/ui/consent-map";
import { ContactForm } from "~/features/contact/components/contact-form";
import { listServices } from "~/features/services/services.server";
import { formatPounds } from "~/lib/money";
import { hairSalonJsonLd, priceRangeOf, publicUrlFrom, seoMeta } from "~/lib/seo";
import {
  SHOP_ADDRESS,
  SHOP_ADDRESS_LINE,
  SHOP_DIRECTIONS_URL,
  SHOP_MAP_EMBED_URL,
  SHOP_NAME,
  SHOP_PHONE,
  SHOP_PHONE_HREF,
} from "~/lib/shop";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  const services = await listServices(context.db);
  return {
    priceRange: priceRangeOf(
      services.map((service) => service.price),
      formatPounds,
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(matches, {
    title: "Contact Us",
    description: `Find ${SHOP_NAME} at ${SHOP_ADDRESS_LINE}. Call ${SHOP_PHONE}, check our opening hours or send us a message.`,
    path: "/contact",
    jsonLd: loaderData ? [hairSalonJsonLd(publicUrlFrom(matches), loaderData.priceRange)] : [],
  });

export default function Contact() {
  return (
    <PageMain>
      <PageIntro eyebrow="Get in touch" title="Contact Us">
        Questions about a style, a booking or our products? Send us a message, give us a call or drop in.
      </PageIntro>
      <PageSection className="grid gap-8 lg:grid-cols-[1.15fr_1fr]">
        <Card className="self-start">
          <CardHeader>
            <h2 className="text-2xl font-semibold uppercase leading-tight">Send Us a Message</h2>
            <p className="text-sm text-muted-foreground">We usually reply within one working day.</p>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>

        <div className="grid gap-8">
          <Card>
            <CardHeader className="pb-4">
              <h2 className="flex items-center gap-2 text-2xl font-semibold uppercase leading-tight">
                <MapPin aria-hidden className="size-5 text-accent-text" />
                Our Location
              </h2>
            </CardHeader>
            <CardContent className="grid gap-5">
              <address className="not-italic">
                <span className="font-semibold">{SHOP_NAME}</span>
                <br />
                {SHOP_ADDRESS.street}
                <br />
                {SHOP_ADDRESS.town} {SHOP_ADDRESS.postcode}
              </address>
              <ConsentMap src={SHOP_MAP_EMBED_URL} label={`${SHOP_NAME}, ${SHOP_ADDRESS_LINE}`} />
              <div className="flex flex-wrap gap-3">
                <a href={SHOP_DIRECTIONS_URL} target="_blank" rel="noopener noreferrer" className={buttonVariants()}>
                  <Navigation aria-hidden />
                  Get Directions
                  <ExternalLink aria-hidden className="opacity-70" />
                  <span className="sr-only">(opens Google Maps in a new tab)</span>
                </a>
                <a href={SHOP_PHONE_HREF} className={buttonVariants({ variant: "outline" })}>
                  <Phone aria-hidden />
                  {SHOP_PHONE}
                </a>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-4">
              <h2 className="flex items-center gap-2 text-2xl font-semibold uppercase leading-tight">
                <Clock aria-hidden className="size-5 text-accent-text" />
                Opening Hours
              </h2>
            </CardHeader>
            <CardContent>
              <OpeningHoursList className="sm:text-base" />
              <p className="mt-5 border-t border-border pt-4 text-sm text-muted-foreground">
                Call us on{" "}
                <a href={SHOP_PHONE_HREF} className="font-semibold text-foreground underline underline-offset-4">
                  {SHOP_PHONE}
                </a>
                .
              </p>
            </CardContent>
          </Card>
        </div>
      </PageSection>
    </PageMain>
  );
}
