import { Clock, ExternalLink, MapPin, Navigation, Phone } from "lucide-react";
import { data } from "react-router";
import { OpeningHoursList } from "~/features/settings/components/opening-hours";
import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConsentMap } from "~/components/ui/consent-map";
import { ContactForm } from "~/features/contact/components/contact-form";
import { contactMessageSchema } from "~/features/contact/contact.schema";
import { submitContactMessage } from "~/features/contact/contact.server";
import { listServices } from "~/features/services/services.server";
import { parseFormPost, type FormPostResult } from "~/lib/form-post";
import { HttpError } from "~/lib/http-error";
import { formatPounds } from "~/lib/money";
import { ClosureNotice } from "~/features/settings/components/closure-notice";
import { closureAnnouncements } from "~/features/settings/settings.server";
import { addressLine, directionsUrl, mapEmbedUrl, phoneHref } from "~/features/settings/shop-facts";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { hairSalonJsonLd, priceRangeOf, publicUrlFrom, seoMeta, shopSettingsFrom } from "~/features/seo/seo";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  const [services, shop] = await Promise.all([listServices(context.db), context.settings()]);
  return {
    closures: closureAnnouncements(shop),
    priceRange: priceRangeOf(
      services.map((service) => service.price),
      formatPounds,
    ),
  };
}

/** The form posted without JavaScript: the same schema and the same feature call as POST /api/contact. */
export async function action({ request, context }: Route.ActionArgs) {
  const { values, data: message, fieldErrors } = await parseFormPost(request, contactMessageSchema);
  const result: FormPostResult = { sent: false, values, fieldErrors, message: null };
  if (!message) return data(result, { status: 400 });
  try {
    await submitContactMessage(context, message, { client: context.clientKey });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return data({ ...result, message: error.message }, { status: error.status });
  }
  return { ...result, sent: true, values: {} };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = shopSettingsFrom(matches);
  return seoMeta(matches, {
    title: "Contact Us",
    description: `Find ${shop.shopName} at ${addressLine(shop)}. Call ${shop.phone}, check our opening hours or send us a message.`,
    path: "/contact",
    jsonLd: loaderData ? [hairSalonJsonLd(publicUrlFrom(matches), loaderData.priceRange, shop)] : [],
  });
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useShopSettings();
  return (
    <PageMain>
      <PageIntro eyebrow="Get in touch" title="Contact Us">
        Questions about a style, a booking or our products? Send us a message, give us a call or drop in.
      </PageIntro>
      {loaderData.closures.length > 0 && (
        <PageSection className="pb-0 sm:pb-0">
          <ClosureNotice closures={loaderData.closures} />
        </PageSection>
      )}
      <PageSection className="grid gap-8 lg:grid-cols-[1.15fr_1fr]">
        <Card className="self-start">
          <CardHeader>
            <h2 className="text-2xl font-semibold uppercase leading-tight">Send Us a Message</h2>
            <p className="text-sm text-muted-foreground">We usually reply within one working day.</p>
          </CardHeader>
          <CardContent>
            <ContactForm posted={actionData} />
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
                <span className="font-semibold">{shop.shopName}</span>
                <br />
                {shop.address.street}
                <br />
                {shop.address.town} {shop.address.postcode}
              </address>
              <ConsentMap src={mapEmbedUrl(shop)} label={`${shop.shopName}, ${addressLine(shop)}`} />
              <div className="flex flex-wrap gap-3">
                <a href={directionsUrl(shop)} target="_blank" rel="noopener noreferrer" className={buttonVariants()}>
                  <Navigation aria-hidden />
                  Get Directions
                  <ExternalLink aria-hidden className="opacity-70" />
                  <span className="sr-only">(opens Google Maps in a new tab)</span>
                </a>
                <a href={phoneHref(shop.phone)} className={buttonVariants({ variant: "outline" })}>
                  <Phone aria-hidden />
                  {shop.phone}
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
                <a href={phoneHref(shop.phone)} className="font-semibold text-foreground underline underline-offset-4">
                  {shop.phone}
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
