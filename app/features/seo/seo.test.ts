import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, publicSettings } from "~/features/settings/shop-settings";
import { formatPounds } from "~/lib/money";
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  canonicalUrl,
  faqPageJsonLd,
  hairSalonJsonLd,
  pageTitle,
  priceRangeOf,
  seoMeta,
} from "./seo";

const PUBLIC_URL = "https://www.oldhambarbers.co.uk";
const SHOP = publicSettings(DEFAULT_SETTINGS);
const matches = [{ id: "root", loaderData: { publicUrl: PUBLIC_URL, settings: SHOP } }];

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.find((tag) => tag[key] === value);

describe("pageTitle", () => {
  it("adds the shop-name suffix", () => {
    expect(pageTitle("Our Prices", "Oldham Barbers")).toBe("Our Prices | Oldham Barbers");
    expect(pageTitle("Our Prices", "Chadderton Cuts")).toBe("Our Prices | Chadderton Cuts");
    expect(pageTitle("", "Oldham Barbers")).toBe("Oldham Barbers");
  });

  it("leaves a title that already names the shop alone, whatever its case", () => {
    expect(pageTitle("Oldham Barbers | Expert Grooming", "Oldham Barbers")).toBe("Oldham Barbers | Expert Grooming");
    expect(pageTitle("Why OLDHAM BARBERS uses hot towels", "Oldham Barbers")).toBe(
      "Why OLDHAM BARBERS uses hot towels",
    );
  });
});

describe("canonicalUrl", () => {
  it("uses the configured address and drops trailing slashes", () => {
    expect(canonicalUrl(PUBLIC_URL, "/")).toBe(`${PUBLIC_URL}/`);
    expect(canonicalUrl(PUBLIC_URL, "/blog/")).toBe(`${PUBLIC_URL}/blog`);
  });
});

describe("seoMeta", () => {
  it("gives title, description, canonical, Open Graph and Twitter tags from one description", () => {
    const tags = seoMeta(matches, {
      title: "Our Prices",
      description: "Prices for every cut.",
      path: "/prices",
    }) as Tag[];
    expect(find(tags, "title", "Our Prices | Oldham Barbers")).toBeDefined();
    expect(find(tags, "name", "description")?.content).toBe("Prices for every cut.");
    expect(find(tags, "rel", "canonical")).toMatchObject({ tagName: "link", href: `${PUBLIC_URL}/prices` });
    expect(find(tags, "property", "og:url")?.content).toBe(`${PUBLIC_URL}/prices`);
    expect(find(tags, "property", "og:title")?.content).toBe("Our Prices | Oldham Barbers");
    expect(find(tags, "property", "og:image")?.content).toBe(`${PUBLIC_URL}/images/hero-1280.webp`);
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("uses the page's own image, made absolute, and renders JSON-LD as ld+json scripts", () => {
    const tags = seoMeta(matches, {
      title: "A post",
      description: "…",
      path: "/blog/a-post",
      image: "/uploads/abc.webp",
      jsonLd: [{ "@type": "Thing" }],
    }) as Tag[];
    expect(find(tags, "property", "og:image")?.content).toBe(`${PUBLIC_URL}/uploads/abc.webp`);
    expect(find(tags, "property", "og:image:width")).toBeUndefined();
    expect(tags.filter((tag) => "script:ld+json" in tag)).toEqual([{ "script:ld+json": { "@type": "Thing" } }]);
  });

  it("marks a not-found page noindex and gives it no canonical", () => {
    const tags = seoMeta(matches, {
      title: "Blog post not found",
      description: "…",
      path: "/blog/x",
      noindex: true,
    }) as Tag[];
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
    expect(find(tags, "rel", "canonical")).toBeUndefined();
  });
});

describe("JSON-LD", () => {
  it("describes the shop as a HairSalon with address, position, hours, phone, price range and profiles", () => {
    const salon = hairSalonJsonLd(PUBLIC_URL, "£6.00 – £45.00", SHOP);
    expect(salon).toMatchObject({
      "@type": "HairSalon",
      name: "Oldham Barbers",
      telephone: "+441616249876",
      priceRange: "£6.00 – £45.00",
      address: {
        "@type": "PostalAddress",
        streetAddress: "57 Yorkshire Street",
        addressLocality: "Oldham",
        postalCode: "OL1 1RT",
      },
      geo: { "@type": "GeoCoordinates" },
    });
    expect(salon.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["https://schema.org/Sunday"],
      opens: "09:30",
      closes: "16:00",
    });
    expect(salon.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
      opens: "09:00",
      closes: "18:00",
    });
    expect(salon.sameAs).toEqual([SHOP.social.instagram, SHOP.social.facebook]);
  });

  it("gives each time range of a day its entry, a closure as special hours, and only the profiles filled in", () => {
    const salon = hairSalonJsonLd(PUBLIC_URL, "££", {
      ...SHOP,
      phone: "+44 7700 900123",
      openingHours: [
        {
          day: 2,
          ranges: [
            { start: "09:00", end: "12:00" },
            { start: "13:00", end: "17:00" },
          ],
        },
      ],
      closures: [{ from: "2026-12-25", to: "2026-12-26", note: "Christmas" }],
      social: { instagram: "https://www.instagram.com/chadderton", facebook: "" },
    });
    expect(salon.telephone).toBe("+447700900123");
    expect(salon.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Tuesday"],
        opens: "09:00",
        closes: "12:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Tuesday"],
        opens: "13:00",
        closes: "17:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-25",
        validThrough: "2026-12-26",
        opens: "00:00",
        closes: "00:00",
      },
    ]);
    expect(salon.sameAs).toEqual(["https://www.instagram.com/chadderton"]);
  });

  it("states the price range from the lowest and highest price", () => {
    expect(priceRangeOf([18, 6, 45], formatPounds)).toBe("£6.00 – £45.00");
    expect(priceRangeOf([12], formatPounds)).toBe("£12.00");
    expect(priceRangeOf([], formatPounds)).toBe("££");
  });

  it("describes a post as a BlogPosting", () => {
    const article = blogPostingJsonLd(
      PUBLIC_URL,
      {
        slug: "fade-guide",
        title: "Fade guide",
        author: "Dan",
        category: "Styling Tips",
        createdAt: "2024-01-05T10:00:00.000Z",
        updatedAt: "2024-01-06T10:00:00.000Z",
        image: null,
        tags: ["fades", "styling"],
        description: "What to ask for.",
      },
      "Oldham Barbers",
    );
    expect(article).toMatchObject({
      "@type": "BlogPosting",
      headline: "Fade guide",
      description: "What to ask for.",
      url: `${PUBLIC_URL}/blog/fade-guide`,
      datePublished: "2024-01-05T10:00:00.000Z",
      author: { "@type": "Person", name: "Dan" },
      publisher: { name: "Oldham Barbers" },
      keywords: "fades, styling",
    });
  });

  it("lists questions and answers as an FAQPage, and crumbs with positions", () => {
    expect(faqPageJsonLd([{ question: "Q?", answer: "A." }]).mainEntity).toEqual([
      { "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } },
    ]);
    expect(
      breadcrumbJsonLd(PUBLIC_URL, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
      ]).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${PUBLIC_URL}/` },
      { "@type": "ListItem", position: 2, name: "Blog", item: `${PUBLIC_URL}/blog` },
    ]);
  });
});
