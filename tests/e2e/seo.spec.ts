import { expect, test, type APIRequestContext } from "@playwright/test";
import { bodyText, getPage, jsonLdOfType, whenSettled, type PageHead } from "../support/e2e-html";

// Comparisons with the API may wait for other specs' changes to settle (see whenSettled).
test.describe.configure({ timeout: 90_000 });

/*
 * What a crawler or link preview sees: plain GETs, no JavaScript. Every public page
 * carries its content, title, description, canonical address, Open Graph and Twitter
 * data in the server HTML, and the structured data parses with the required fields.
 */

const SHOP = "Oldham Barbers";

interface Api {
  services: { title: string; price: number }[];
  products: { name: string }[];
  gallery: { title: string }[];
  posts: { slug: string; title: string; author: string; content: string; summary: string; createdAt: string }[];
  faqs: { id: number; question: string; answer: string }[];
  barbers: { slug: string; name: string }[];
}

async function readApi(request: APIRequestContext): Promise<Api> {
  const get = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.json();
  };
  return {
    services: await get("/api/services"),
    products: await get("/api/products"),
    gallery: await get("/api/gallery"),
    posts: await get("/api/blog"),
    faqs: await get("/api/faqs"),
    barbers: await get("/api/barbers"),
  };
}

function expectSocialTags(head: PageHead, path: string) {
  expect(head.status).toBe(200);
  expect(head.title).toBeTruthy();
  // The shop-name suffix appears exactly once: added unless the title already names the shop.
  expect(head.title!.split(SHOP).length - 1).toBe(1);
  expect(head.meta.description?.length).toBeGreaterThan(40);
  expect(head.canonical).toMatch(new RegExp(`^https?://[^/]+${path === "/" ? "/" : path}$`));
  expect(head.meta["og:url"]).toBe(head.canonical);
  expect(head.meta["og:title"]).toBe(head.title);
  expect(head.meta["og:description"]).toBe(head.meta.description);
  expect(head.meta["og:type"]).toMatch(/^(website|article)$/);
  expect(head.meta["og:site_name"]).toBe(SHOP);
  expect(head.meta["og:image"]).toMatch(/^https?:\/\/.+/);
  expect(head.meta["twitter:card"]).toBe("summary_large_image");
  expect(head.meta["twitter:title"]).toBe(head.title);
  expect(head.meta["twitter:description"]).toBe(head.meta.description);
  expect(head.meta["twitter:image"]).toBe(head.meta["og:image"]);
  expect(head.meta.robots).toBeUndefined();
}

test("every public page answers a plain GET with its content and its title, description, canonical and social tags", async ({
  request,
}) => {
  const api = await readApi(request);
  // The oldest content is the demo seed, which other specs (running alongside) leave alone.
  const post = api.posts.at(-1)!;
  const barber = api.barbers[0]!;
  const faq = [...api.faqs].sort((a, b) => a.id - b.id)[0]!;
  const pages: { path: string; title: string; content: string[] }[] = [
    {
      path: "/",
      title: `${SHOP} | Expert Grooming For Every Style`,
      content: ["Expert Grooming For Every Style", api.services[0]!.title],
    },
    {
      path: "/prices",
      title: `Our Prices | ${SHOP}`,
      content: ["Our Prices", "Hair Services", api.services[1]!.title],
    },
    { path: "/products", title: `Shop Our Products | ${SHOP}`, content: ["Shop Our Products", api.products[0]!.name] },
    { path: "/gallery", title: `Style Gallery | ${SHOP}`, content: ["Style Gallery", api.gallery.at(-1)!.title] },
    { path: "/blog", title: `Blog | ${SHOP}`, content: [post.title, post.summary.slice(0, 40)] },
    {
      path: `/blog/${post.slug}`,
      title: `${post.title} | ${SHOP}`,
      content: [post.title, post.content.split("\n")[0]!.slice(0, 60)],
    },
    { path: "/faq", title: `Frequently Asked Questions | ${SHOP}`, content: [faq.question, faq.answer.slice(0, 50)] },
    {
      path: "/contact",
      title: `Contact Us | ${SHOP}`,
      content: ["Contact Us", "Send Us a Message", "Opening Hours", "0161 624 9876"],
    },
    {
      path: "/barbers-near-me",
      title: `Find a Barber | ${SHOP}`,
      content: ["Find a Barber", "Search for barbers in your area.", barber.name],
    },
    { path: `/barbers/${barber.slug}`, title: `${barber.name} | ${SHOP}`, content: [barber.name] },
  ];
  for (const page of pages) {
    await test.step(page.path, async () => {
      const head = await getPage(request, page.path);
      expectSocialTags(head, page.path);
      expect(head.title).toBe(page.title);
      const text = bodyText(head.html);
      for (const content of page.content) expect(text, `${page.path} shows "${content}"`).toContain(content);
    });
  }
});

test("Home and Contact describe the shop as a HairSalon with address, position, hours, phone, prices and social links", async ({
  request,
}) => {
  for (const path of ["/", "/contact"]) {
    const salon = jsonLdOfType(await getPage(request, path), "HairSalon");
    expect(salon["@context"]).toBe("https://schema.org");
    expect(salon.name).toBe(SHOP);
    expect(salon.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: "57 Yorkshire Street",
      addressLocality: "Oldham",
      postalCode: "OL1 1RT",
      addressCountry: "GB",
    });
    expect(salon.geo["@type"]).toBe("GeoCoordinates");
    expect(salon.geo.latitude).toBeCloseTo(53.54, 1);
    expect(salon.geo.longitude).toBeCloseTo(-2.11, 1);
    expect(salon.telephone).toBe("+441616249876");
    expect(salon.priceRange).toMatch(/^£\d+\.\d{2}( – £\d+\.\d{2})?$/);
    expect(salon.sameAs).toEqual(
      expect.arrayContaining([expect.stringContaining("instagram.com"), expect.stringContaining("facebook.com")]),
    );
    const hours = salon.openingHoursSpecification as { dayOfWeek?: string[]; opens: string; closes: string }[];
    // The weekly hours; a closure another spec has on the shared server is a dated entry without weekdays.
    const weekly = hours.filter((entry): entry is Required<(typeof hours)[number]> => entry.dayOfWeek !== undefined);
    const byDay = Object.fromEntries(
      weekly.flatMap((entry) =>
        entry.dayOfWeek.map((day) => [day.replace("https://schema.org/", ""), `${entry.opens}-${entry.closes}`]),
      ),
    );
    expect(byDay).toEqual({
      Monday: "09:00-18:00",
      Tuesday: "09:00-18:00",
      Wednesday: "09:00-18:00",
      Thursday: "09:00-18:00",
      Friday: "09:00-18:00",
      Saturday: "08:30-17:00",
      Sunday: "09:30-16:00",
    });
  }
});

test("a blog post carries BlogPosting and BreadcrumbList data; its description is the first 155 characters of the content", async ({
  request,
}) => {
  const posts = (await (await request.get("/api/blog")).json()) as Api["posts"];
  const oldestFirst = [...posts].reverse();
  const post =
    oldestFirst.find((candidate) => candidate.content.replace(/\s+/g, " ").trim().length > 155) ?? oldestFirst[0]!;
  const head = await getPage(request, `/blog/${post.slug}`);
  const text = post.content.replace(/\s+/g, " ").trim();
  const expected = text.length > 155 ? `${text.slice(0, 155).trimEnd()}…` : text;
  expect(head.meta.description).toBe(expected);
  expect(head.meta["og:type"]).toBe("article");

  const article = jsonLdOfType(head, "BlogPosting");
  expect(article.headline).toBe(post.title);
  expect(article.description).toBe(expected);
  expect(article.author).toEqual({ "@type": "Person", name: post.author });
  expect(article.datePublished).toBe(post.createdAt);
  expect(article.dateModified).toBeTruthy();
  expect(article.image).toMatch(/^https?:\/\//);
  expect(article.url).toBe(head.canonical);
  expect(article.publisher.name).toBe(SHOP);

  const crumbs = jsonLdOfType(head, "BreadcrumbList");
  expect(crumbs.itemListElement.map((item: { name: string; position: number }) => [item.position, item.name])).toEqual([
    [1, "Home"],
    [2, "Blog"],
    [3, post.title],
  ]);
  expect(crumbs.itemListElement[2].item).toBe(head.canonical);
});

test("/faq carries FAQPage data with every question and answer", async ({ request }) => {
  await whenSettled(async () => {
    const faqs = (await (await request.get("/api/faqs")).json()) as Api["faqs"];
    const head = await getPage(request, "/faq");
    // In the <head>, as the spec asks.
    expect(head.html.indexOf('type="application/ld+json"')).toBeLessThan(head.html.indexOf("</head>"));
    const faqPage = jsonLdOfType(head, "FAQPage");
    expect(faqPage.mainEntity).toHaveLength(faqs.length);
    expect(faqPage.mainEntity).toEqual(
      expect.arrayContaining(
        faqs.map((faq) => ({
          "@type": "Question",
          name: faq.question,
          acceptedAnswer: { "@type": "Answer", text: faq.answer },
        })),
      ),
    );
  });
});

test("a barber page carries a BreadcrumbList", async ({ request }) => {
  const [barber] = (await (await request.get("/api/barbers")).json()) as Api["barbers"];
  const head = await getPage(request, `/barbers/${barber!.slug}`);
  const crumbs = jsonLdOfType(head, "BreadcrumbList");
  expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    "Home",
    "Barbers Near Me",
    barber!.name,
  ]);
  expect(crumbs.itemListElement[1].item).toMatch(/\/barbers-near-me$/);
});

test("/sitemap.xml lists every public page, post and barber, and /robots.txt points to it", async ({ request }) => {
  let locs: string[] = [];
  await whenSettled(async () => {
    const api = await readApi(request);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const expected = [
      "/",
      "/gallery",
      "/prices",
      "/products",
      "/blog",
      "/contact",
      "/bookings",
      "/gift-cards",
      "/memberships",
      "/faq",
      "/barbers-near-me",
      "/privacy",
      "/team",
      ...api.posts.map((post) => `/blog/${post.slug}`),
      ...api.barbers.map((barber) => `/barbers/${barber.slug}`),
    ];
    expect(locs.sort()).toEqual(expected.sort());
  });
  expect(locs.some((loc) => loc.startsWith("/admin"))).toBe(false);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
});

test("admin pages and error pages keep out of search results", async ({ request }) => {
  for (const path of ["/admin", "/admin/services", "/admin/blog"]) {
    const head = await getPage(request, path);
    expect(head.meta.robots, path).toMatch(/noindex/);
  }
  for (const path of ["/no-such-page", "/blog/no-such-post", "/barbers/no-such-barber"]) {
    const head = await getPage(request, path);
    expect(head.status, path).toBe(404);
    expect(head.meta.robots, path).toMatch(/noindex/);
    expect(head.canonical, path).toBeUndefined();
  }
});

test("the home page preloads the hero image it shows", async ({ request }) => {
  const head = await getPage(request, "/");
  const preload = head.html.match(/<link[^>]*rel="preload"[^>]*as="image"[^>]*>/)?.[0];
  expect(preload).toBeDefined();
  expect(preload).toMatch(/imagesrcset="[^"]*hero-640\.webp 640w[^"]*hero-1920\.webp 1920w"/i);
  expect(head.html).toMatch(/<img[^>]*srcset="[^"]*hero-1280\.webp 1280w/i);
  for (const width of [640, 1280, 1920]) {
    const image = await request.get(`/images/hero-${width}.webp`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
  }
});
