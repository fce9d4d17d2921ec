import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { DEFAULT_SETTINGS } from "./shop-settings";

/*
 * The settings as visitors meet them: rendered pages and their JSON-LD, served through the response cache
 * as in production. A change must show on the very next request, on every instance.
 */

let api: TestApi;
let admin: TestClient;

const service = {
  title: "Skin Fade",
  price: 18,
  description: "Fade.",
  category: "hair",
  icon: "Scissors",
  duration: 40,
};
const today = shopToday();

const changed = {
  ...DEFAULT_SETTINGS,
  shopName: "Chadderton Cuts",
  phone: "0161 555 0199",
  bookingFee: 5,
  openingHours: DEFAULT_SETTINGS.openingHours.map((entry) =>
    entry.day === 6 ? { day: 6, ranges: [{ start: "10:00", end: "14:00" }] } : entry,
  ),
  closures: [{ from: addDays(today, 2), to: addDays(today, 3), note: "Closed for a refit" }],
};

/** The HairSalon JSON-LD of a page. */
function salonOf(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as { "@type": string; [key: string]: unknown },
  );
  return scripts.find((data) => data["@type"] === "HairSalon");
}

/** What a visitor reads: the page without its scripts (the root loader's data repeats every setting). */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

beforeAll(async () => {
  api = await startTestApi({ cache: true, pages: true });
  admin = await api.admin();
  expect((await admin.post("/api/services", service)).status).toBe(201);
}, 120_000);
afterAll(() => api.close());

describe("settings on the pages", () => {
  it("shows today's shop before anything is changed, with the all-in price on /prices", async () => {
    const home = await api.anonymous().get("/");
    expect(home.status).toBe(200);
    expect(visibleText(home.text)).toContain("0161 624 9876");
    expect(salonOf(home.text)).toMatchObject({ name: "Oldham Barbers", telephone: "+441616249876" });
    const prices = visibleText((await api.anonymous().get("/prices")).text);
    expect(prices).toContain("£26.00");
    // The fee is charged once per booking: the card and the page say so, since two cards' all-in prices are not a total.
    expect(prices).toContain("£18.00 + £8.00 fee, once per booking");
    expect(prices).toContain(
      "It is charged once per booking, however many services you choose: each all-in price below includes it, so two services cost their two prices plus one £8.00 fee.",
    );
    const booking = visibleText((await api.anonymous().get("/bookings")).text);
    expect(booking).toContain("added to every booking, once, however many services you choose");
    expect(booking).toContain("all-in (£18.00 + £8.00 fee, once per booking)");
  });

  it("shows a change on the next request of /, /contact, /prices and the JSON-LD, though the old pages were cached", async () => {
    const before = await api.anonymous().get("/contact");
    const etag = before.headers.get("etag")!;
    for (const path of ["/", "/prices"]) await api.anonymous().get(path);

    expect((await admin.put("/api/settings", changed)).status).toBe(200);

    const home = await api.anonymous().get("/");
    const homeText = visibleText(home.text);
    expect(homeText).toContain("Chadderton Cuts");
    expect(homeText).toContain("0161 555 0199");
    expect(homeText).toContain("Closed for a refit");
    expect(homeText).toContain("Saturday 10:00 – 14:00");
    const salon = salonOf(home.text)!;
    expect(salon).toMatchObject({ name: "Chadderton Cuts", telephone: "+441615550199" });
    expect(salon.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["https://schema.org/Saturday"],
      opens: "10:00",
      closes: "14:00",
    });
    expect(salon.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      validFrom: addDays(today, 2),
      validThrough: addDays(today, 3),
      opens: "00:00",
      closes: "00:00",
    });

    const contact = await api.anonymous().request("GET", "/contact", {
      headers: { "if-none-match": etag, "cache-control": "max-age=0" },
    });
    expect(contact.status).toBe(200);
    expect(contact.text).toContain("<title>Contact Us | Chadderton Cuts</title>");
    expect(visibleText(contact.text)).toContain("0161 555 0199");
    expect(visibleText(contact.text)).toContain("Closed for a refit");
    expect(contact.text).toContain('href="tel:+441615550199"');
    expect(contact.text).toContain(encodeURIComponent("Chadderton Cuts, 57 Yorkshire Street, Oldham OL1 1RT"));

    const prices = await api.anonymous().get("/prices");
    expect(prices.text).toContain("<title>Our Prices | Chadderton Cuts</title>");
    expect(visibleText(prices.text)).toContain("£23.00");
    expect(visibleText(prices.text)).toContain("£18.00 + £5.00 fee");
  });

  it("with the fee included in the prices, shows no separate fee anywhere", async () => {
    expect((await admin.put("/api/settings", { ...changed, bookingFee: 0, feeIncludedInPrices: true })).status).toBe(
      200,
    );
    for (const path of ["/", "/prices", "/bookings", "/contact"]) {
      const text = visibleText((await api.anonymous().get(path)).text);
      if (path !== "/contact") expect(text, path).toContain("£18.00");
      expect(text, path).not.toMatch(/fee/i);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  it("shows a change made through one on the other at once, pages and API alike", async () => {
    const other = await startTestApi({ cache: true, pages: true, joinDatabaseUrl: api.databaseUrl });
    try {
      expect((await admin.put("/api/settings", DEFAULT_SETTINGS)).status).toBe(200);
      expect(visibleText((await other.anonymous().get("/")).text)).toContain("0161 624 9876");
      expect((await other.anonymous().get("/api/settings")).body.phone).toBe("0161 624 9876");

      expect((await admin.put("/api/settings", { ...DEFAULT_SETTINGS, phone: "0161 555 0123" })).status).toBe(200);
      expect(visibleText((await other.anonymous().get("/")).text)).toContain("0161 555 0123");
      expect(visibleText((await other.anonymous().get("/contact")).text)).toContain("0161 555 0123");
      expect((await other.anonymous().get("/api/settings")).body.phone).toBe("0161 555 0123");
    } finally {
      await other.close();
    }
  });
});
