import { listBarbers } from "~/features/barbers/barbers.server";
import { listPosts } from "~/features/blog/blog.server";
import { canonicalUrl } from "~/features/seo/seo";
import type { Route } from "./+types/sitemap";

/** The public pages of spec section 2 that have no parameter. */
const PUBLIC_PAGES = [
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
  "/team",
  "/barbers-near-me",
  "/privacy",
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

const urlEntry = (loc: string, lastmod?: string) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;

/** /sitemap.xml: every public page, blog post and barber, at the configured public address. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context;
  const [posts, barbers] = await Promise.all([listPosts(db), listBarbers(db)]);
  const url = (path: string) => canonicalUrl(config.publicUrl, path);
  const entries = [
    ...PUBLIC_PAGES.map((path) => urlEntry(url(path))),
    ...posts.map((post) => urlEntry(url(`/blog/${post.slug}`), post.updatedAt)),
    ...barbers.map((barber) => urlEntry(url(`/barbers/${barber.slug}`))),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
