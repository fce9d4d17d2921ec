import type { MetaDescriptor } from "react-router";
import {
  DEFAULT_SETTINGS,
  internationalPhone,
  publicSettings,
  type PublicSettings,
  socialLinks,
  WEEKDAY_NAMES,
  weekdayRanges,
} from "~/features/settings";

/*
 * What search engines and link previews read: every public page builds its
 * <head> tags through `seoMeta`, and its structured data through the JSON-LD
 * builders below, so the shop's facts and the URL rules live in one place.
 */

/** The hero artwork, also the default picture of a shared link. */
const HERO_IMAGE = {
  widths: [640, 1280, 1920] as const,
  /** The 1280 px rendition: large enough for link previews (1200 × 630 and up). */
  shareWidth: 1280,
  shareHeight: 720,
  alt: "A barber's chair under warm lamp light in a dark shop",
};

export const heroImageUrl = (width: number) => `/images/hero-${width}.webp`;
export const heroSrcSet = () => HERO_IMAGE.widths.map((width) => `${heroImageUrl(width)} ${width}w`).join(", ");

/** The shop-name suffix, unless the title already names the shop; the name alone for no title. */
export function pageTitle(title: string, shopName: string) {
  if (!title) return shopName;
  return title.toLowerCase().includes(shopName.toLowerCase()) ? title : `${title} | ${shopName}`;
}

/** An absolute URL on the public site; absolute URLs pass through. */
function absoluteUrl(publicUrl: string, path: string) {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The canonical address of a page: its path only, so `?sort=` or `?category=` variants count as one page. */
export const canonicalUrl = (publicUrl: string, path: string) =>
  absoluteUrl(publicUrl, path === "/" ? "/" : path.replace(/\/+$/, ""));

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

interface RootData {
  publicUrl?: string;
  settings?: PublicSettings;
}

const rootData = (matches: readonly (MatchLike | undefined)[]) =>
  matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;

/** The site's public address, handed to every page by the root loader. */
export const publicUrlFrom = (matches: readonly (MatchLike | undefined)[]) => rootData(matches)?.publicUrl ?? "";

const FALLBACK_SETTINGS = publicSettings(DEFAULT_SETTINGS);

/** The shop's settings, handed to every page by the root loader (the defaults only when that loader failed). */
export const shopSettingsFrom = (matches: readonly (MatchLike | undefined)[]) =>
  rootData(matches)?.settings ?? FALLBACK_SETTINGS;

/** For documents no route describes (the root error page). */
export const defaultDescription = (matches: readonly (MatchLike | undefined)[]) =>
  `Professional haircuts, beard trims and grooming at the best prices in ${shopSettingsFrom(matches).address.town}. See our prices and book your appointment online.`;

export interface PageSeo {
  title: string;
  description: string;
  /** The page's path, e.g. "/blog/fade-guide". */
  path: string;
  /** A site path or absolute URL; the hero artwork when absent. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  /** Extra tags, e.g. article:published_time. */
  extra?: MetaDescriptor[];
  jsonLd?: readonly object[];
  /** Pages that must stay out of search results (404s). */
  noindex?: boolean;
}

export function seoMeta(matches: readonly (MatchLike | undefined)[], page: PageSeo): MetaDescriptor[] {
  const publicUrl = publicUrlFrom(matches);
  const { shopName } = shopSettingsFrom(matches);
  const title = pageTitle(page.title, shopName);
  const url = canonicalUrl(publicUrl, page.path);
  const image = absoluteUrl(publicUrl, page.image || heroImageUrl(HERO_IMAGE.shareWidth));
  const usesHero = !page.image;
  const imageAlt = page.imageAlt ?? (usesHero ? HERO_IMAGE.alt : page.title);
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:site_name", content: shopName },
    { property: "og:locale", content: "en_GB" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    ...(usesHero
      ? [
          { property: "og:image:width", content: String(HERO_IMAGE.shareWidth) },
          { property: "og:image:height", content: String(HERO_IMAGE.shareHeight) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...(page.extra ?? []),
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

// ------------------------------------------------------------------ JSON-LD

const SCHEMA = "https://schema.org";

export const shopId = (publicUrl: string) => `${publicUrl}/#shop`;

/** schema.org's hours: one entry per time range, days with the same range sharing it. */
function openingHoursSpecification(shop: PublicSettings) {
  const entries: { dayOfWeek: string[]; opens: string; closes: string }[] = [];
  for (let day = 0; day < 7; day++) {
    for (const range of weekdayRanges(shop.openingHours, day)) {
      const same = entries.find((entry) => entry.opens === range.start && entry.closes === range.end);
      const dayName = `${SCHEMA}/${WEEKDAY_NAMES[day]!}`;
      if (same) same.dayOfWeek.push(dayName);
      else entries.push({ dayOfWeek: [dayName], opens: range.start, closes: range.end });
    }
  }
  return [
    ...entries.map((entry) => ({ "@type": "OpeningHoursSpecification", ...entry })),
    // Special hours: a closure is a date range opening and closing at midnight, schema.org's "closed all day".
    ...shop.closures.map((closure) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: closure.from,
      validThrough: closure.to,
      opens: "00:00",
      closes: "00:00",
    })),
  ];
}

/** The shop as a local business: address, position, hours, phone, prices, social profiles and its barbers. */
export function hairSalonJsonLd(
  publicUrl: string,
  priceRange: string,
  shop: PublicSettings,
  team: readonly { name: string }[] = [],
) {
  return {
    "@context": SCHEMA,
    "@type": "HairSalon",
    "@id": shopId(publicUrl),
    name: shop.shopName,
    ...(shop.about ? { description: shop.about } : {}),
    url: canonicalUrl(publicUrl, "/"),
    image: absoluteUrl(publicUrl, heroImageUrl(HERO_IMAGE.shareWidth)),
    telephone: internationalPhone(shop.phone),
    ...(shop.email ? { email: shop.email } : {}),
    priceRange,
    currenciesAccepted: "GBP",
    address: {
      "@type": "PostalAddress",
      streetAddress: shop.address.street,
      addressLocality: shop.address.town,
      postalCode: shop.address.postcode,
      addressCountry: "GB",
    },
    geo: { "@type": "GeoCoordinates", latitude: shop.geo.latitude, longitude: shop.geo.longitude },
    openingHoursSpecification: openingHoursSpecification(shop),
    sameAs: socialLinks(shop),
    ...(team.length > 0 && { employee: team.map((member) => ({ "@type": "Person", name: member.name })) }),
  };
}

/** "£8.00 – £45.00" from the service prices; schema.org's priceRange is free text. */
export function priceRangeOf(prices: readonly number[], format: (pounds: number) => string) {
  if (prices.length === 0) return "££";
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? format(low) : `${format(low)} – ${format(high)}`;
}

export interface BlogPostingInput {
  slug: string;
  title: string;
  author: string;
  category: string;
  createdAt: string;
  updatedAt: string;
  image: string | null;
  tags: readonly string[];
  description: string;
}

export function blogPostingJsonLd(publicUrl: string, post: BlogPostingInput, shopName: string) {
  const url = canonicalUrl(publicUrl, `/blog/${post.slug}`);
  return {
    "@context": SCHEMA,
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: post.title,
    description: post.description,
    image: absoluteUrl(publicUrl, post.image || heroImageUrl(HERO_IMAGE.shareWidth)),
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    author: { "@type": "Person", name: post.author },
    publisher: {
      "@type": "Organization",
      "@id": shopId(publicUrl),
      name: shopName,
      url: canonicalUrl(publicUrl, "/"),
    },
    articleSection: post.category,
    keywords: post.tags.join(", "),
    inLanguage: "en-GB",
  };
}

export function faqPageJsonLd(faqs: readonly { question: string; answer: string }[]) {
  return {
    "@context": SCHEMA,
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** The trail from the home page to this one; the last crumb is the page itself. */
export function breadcrumbJsonLd(publicUrl: string, crumbs: readonly { name: string; path: string }[]) {
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: canonicalUrl(publicUrl, crumb.path),
    })),
  };
}
