import type { Route } from "./+types/robots";

/*
 * /robots.txt: crawl everything public and find it through the sitemap. The admin
 * pages stay crawlable on purpose, so crawlers can read their `noindex`; the API
 * and the private booking links are not pages.
 */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /bookings/manage/",
    "",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
