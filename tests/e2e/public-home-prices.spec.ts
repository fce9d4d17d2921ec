import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { whenSettled } from "../support/e2e-html";

// Comparisons with the API may wait for other specs' changes to settle (see whenSettled).
test.describe.configure({ timeout: 90_000 });

interface ApiService {
  id: number;
  title: string;
  price: number;
  description: string;
  category: "hair" | "beard" | "facial" | "full";
  icon: string;
  duration: number;
}

const pounds = (amount: number) => `£${amount.toFixed(2)}`;
const FEE_NOTE = /£8\.00 appointment fee/;

/** The icon the public list draws: Scissors and Award as themselves, anything else the default. */
const expectedIcon = (icon: string) => (icon === "Scissors" ? "scissors" : icon === "Award" ? "award" : "sparkles");

/**
 * Reloads the page between two reads of the API's services and answers them when both agree, so the page
 * was rendered from that list: booking specs add services every few seconds on a busy run, and a list read
 * once was often stale by the time every card had been checked.
 */
async function servicesAroundReload(page: Page, request: APIRequestContext) {
  const read = async () => (await (await request.get("/api/services")).json()) as ApiService[];
  const before = await read();
  await page.reload();
  expect(await read(), "no service changed while the page loaded").toEqual(before);
  return before;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every card of a section at once, in the list's order: its title, price, description and duration in one
 * assertion per section, and the icons counted. Card by card, five assertions each, the list of fifty-odd
 * services a busy run builds up took longer than whenSettled waits.
 */
async function expectServiceCards(cards: Locator, services: ApiService[]) {
  await expect(cards).toHaveText(
    services.map(
      (service) =>
        new RegExp(
          "^" +
            [service.title, pounds(service.price), service.description, `${service.duration} mins`]
              .map((part) => `(?=[\\s\\S]*${escaped(part)})`)
              .join(""),
        ),
    ),
    { timeout: 1000 },
  );
  for (const icon of ["scissors", "award", "sparkles"]) {
    const drawn = services.filter((service) => expectedIcon(service.icon) === icon).length;
    await expect(cards.locator(`svg.lucide-${icon}`)).toHaveCount(drawn, { timeout: 1000 });
  }
}

async function expectServiceCard(card: Locator, service: ApiService) {
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(service.title);
  await expect(card).toContainText(pounds(service.price));
  await expect(card).toContainText(service.description);
  await expect(card).toContainText(`${service.duration} mins`);
  await expect(card.locator(`svg.lucide-${expectedIcon(service.icon)}`)).toHaveCount(1);
}

test("Home: the hero, the first four services and the way on to prices, booking and the blog", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Expert Grooming For Every Style");
  await expect(
    page.getByText("Professional haircuts and grooming services at the best prices", { exact: true }),
  ).toBeVisible();
  const hero = page.locator("main > section").first();
  // Full-screen hero.
  const box = await hero.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
  await expect(hero.getByRole("link", { name: "Book Appointment" })).toHaveAttribute("href", "/bookings");
  await expect(hero).toContainText(FEE_NOTE);

  const featured = page.getByRole("region", { name: "Featured Services" });
  await whenSettled(async () => {
    const services = (await servicesAroundReload(page, request)).slice(0, 4);
    const cards = featured.getByRole("article");
    await expect(cards).toHaveCount(Math.min(4, services.length), { timeout: 1000 });
    for (const [index, service] of services.entries()) await expectServiceCard(cards.nth(index), service);
  });
  await expect(featured).toContainText(FEE_NOTE);
  await expect(featured.getByRole("link", { name: "View All Services & Prices" })).toHaveAttribute("href", "/prices");

  const experience = page.getByRole("region", { name: "Experience the Difference" });
  await expect(experience.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/blog");

  await hero.getByRole("link", { name: "View Prices" }).click();
  await expect(page).toHaveURL(/\/prices$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Prices");
});

test("Prices: four sections matching the categories, each service with its price, duration and icon, and the fee up front", async ({
  page,
  request,
}) => {
  await page.goto("/prices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Prices");
  const fee = page.getByRole("region", { name: "Appointment fee" });
  await expect(fee).toContainText("A £8.00 appointment fee is added to every booking");
  await expect(fee.getByRole("link", { name: "Book Appointment" })).toHaveAttribute("href", "/bookings");

  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Hair Services",
    "Beard Services",
    "Facial Services",
    "Full Service",
    "Ready for a fresh cut?",
  ]);

  const headings = { hair: "Hair Services", beard: "Beard Services", facial: "Facial Services", full: "Full Service" };
  await whenSettled(async () => {
    const services = await servicesAroundReload(page, request);
    for (const [category, heading] of Object.entries(headings)) {
      const section = page.getByRole("region", { name: heading });
      const inCategory = services.filter((service) => service.category === category);
      await expectServiceCards(section.getByRole("article"), inCategory);
    }
  });
  // Every price reads £N.NN and every duration N mins.
  for (const text of await page.getByRole("article").allInnerTexts()) {
    expect(text).toMatch(/£\d+\.\d{2}/);
    expect(text).toMatch(/\d+ mins/);
  }
  // The booking button at the foot of the page states the fee beside it too.
  const cta = page.getByRole("region", { name: "Ready for a fresh cut?" });
  await expect(cta).toContainText(FEE_NOTE);
});
