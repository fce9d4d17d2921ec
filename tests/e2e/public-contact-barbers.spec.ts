import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { expectToast, unique } from "../support/e2e-fixtures";
import { withShopClock } from "~/lib/shop-time";
import { gotoHydrated } from "../support/e2e-hydration";

/** Records every request to a Google host, and answers map frames locally so tests never leave the machine. */
async function watchGoogle(page: Page) {
  const requests: string[] = [];
  await page.route(/^https:\/\/(www|maps)\.google\.com\//, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title>" });
  });
  return requests;
}

test("Contact: the form's validation messages, Sending... while sending, the success toast and a cleared form", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  const send = page.getByRole("button", { name: "Send Message" });
  await send.click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Phone number must be at least 10 digits")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  const name = unique("Jo");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill("jo@example");
  await page.getByLabel("Phone").fill("0161 555");
  await page.getByLabel("Message").fill("Too short");
  await send.click();
  await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Phone number must be at least 10 digits")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();

  await page.getByLabel("Email").fill("jo@example.com");
  await page.getByLabel("Phone").fill("0161 555 0199");
  await page.getByLabel("Message").fill("Do you have a slot for a skin fade on Saturday morning?");

  // Hold the request so the sending state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await send.click();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  release();
  await expectToast(page, "Message sent!", "We'll get back to you as soon as possible.");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  for (const label of ["Name", "Email", "Phone", "Message"]) await expect(page.getByLabel(label)).toHaveValue("");

  // The message reached the shop's list.
  await signIn(page);
  const submissions = (await (await page.request.get("/api/contact/submissions")).json()) as { name: string }[];
  expect(submissions.some((submission) => submission.name === name)).toBe(true);
});

test("Contact: a refused send shows the server's message in an Error toast and keeps what was typed", async ({
  page,
}) => {
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ message: "You have sent several messages recently." }),
    }),
  );
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Sam Taylor");
  await page.getByLabel("Email").fill("sam@example.com");
  await page.getByLabel("Phone").fill("07700 900123");
  await page.getByLabel("Message").fill("Is there parking near the shop?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Error", "You have sent several messages recently.");
  await expect(page.getByLabel("Name")).toHaveValue("Sam Taylor");

  await page.unroute("**/api/contact");
  await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Error", "Failed to send message");

  // One toast at a time (the new one replaced the first), and F8 takes the keyboard to it.
  const region = page.getByRole("region", { name: /Notifications/ });
  await expect(region.getByRole("listitem")).toHaveCount(1);
  await page.keyboard.press("F8");
  await expect(region.locator(":focus")).toHaveCount(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Contact: the form posts to the page, shows the schema's messages with what was typed, then sends", async ({
    page,
  }) => {
    await page.goto("/contact");
    const name = unique("No Script");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill("noscript@example");
    await page.getByLabel("Phone").fill("0161 555 0199");
    await page.getByLabel("Message").fill("Short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByText("Phone number must be at least 10 digits")).toHaveCount(0);
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill("noscript@example.com");
    await page.getByLabel("Message").fill("Can I book a beard trim without JavaScript?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message sent!" })).toHaveText(
      "Message sent! We'll get back to you as soon as possible.",
    );
    await expect(page.getByLabel("Name")).toHaveValue("");

    await signIn(page);
    const submissions = (await (await page.request.get("/api/contact/submissions")).json()) as { name: string }[];
    expect(submissions.some((submission) => submission.name === name)).toBe(true);
  });
});

test("Contact: location, phone and hours; the map loads only after Show map; Get Directions opens a new tab", async ({
  page,
}) => {
  const google = await watchGoogle(page);
  // Hydrated in full, so that a request its scripts or effects made would be in by the check below.
  await gotoHydrated(page, "/contact");
  const main = page.getByRole("main");
  await expect(main).toContainText("57 Yorkshire Street");
  await expect(main.getByRole("link", { name: "0161 624 9876" }).first()).toHaveAttribute("href", "tel:+441616249876");
  await expect(main).toContainText("Monday – Friday");
  await expect(main).toContainText("09:30 – 16:00");

  const directions = main.getByRole("link", { name: /Get Directions/ });
  await expect(directions).toHaveAttribute("target", "_blank");
  await expect(directions).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=.*Oldham/,
  );

  expect(google).toEqual([]);
  await expect(main.locator("iframe")).toHaveCount(0);
  await main.getByRole("button", { name: "Show map" }).click();
  const map = main.locator("iframe");
  await expect(map).toHaveAttribute("src", /google\.com\/maps\?q=.*Yorkshire.*&z=15&output=embed/);
  await expect.poll(() => google.length).toBeGreaterThan(0);
});

interface ApiBarber {
  slug: string;
  name: string;
}

test("Find a Barber: the search matches names ignoring case, lives in the URL, and each name links to its page", async ({
  page,
  request,
}) => {
  const barbers = (await (await request.get("/api/barbers")).json()) as ApiBarber[];
  await page.goto("/barbers-near-me");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a Barber");
  await expect(page.getByText("Search for barbers in your area.")).toBeVisible();
  const list = page.getByRole("list", { name: "Barbers" });
  await expect(list.getByRole("link")).toHaveCount(barbers.length);

  const target = barbers[Math.floor(barbers.length / 2)]!;
  const word = target.name.split(" ").find((part) => part.length > 3)!;
  const query = word.slice(1, -1).toUpperCase();
  const expected = barbers.filter((barber) => barber.name.toLowerCase().includes(query.toLowerCase()));
  await page.getByLabel("Search by name").fill(query);
  await expect(page).toHaveURL(new RegExp(`\\?q=${query}$`));
  await expect(list.getByRole("link")).toHaveText(expected.map((barber) => barber.name));

  await page.getByLabel("Search by name").fill("no barber is called this");
  await expect(page.getByText("No barbers found matching “no barber is called this”.")).toBeVisible();

  await page.goto(`/barbers-near-me?q=${encodeURIComponent(query.toLowerCase())}`);
  await expect(page.getByLabel("Search by name")).toHaveValue(query.toLowerCase());
  await expect(list.getByRole("link")).toHaveText(expected.map((barber) => barber.name));

  await list.getByRole("link", { name: target.name }).click();
  await expect(page).toHaveURL(new RegExp(`/barbers/${target.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the barber search works from its Search button", async ({ page, request }) => {
    const [barber] = (await (await request.get("/api/barbers")).json()) as ApiBarber[];
    await page.goto("/barbers-near-me");
    await page.getByLabel("Search by name").fill(barber!.name.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByRole("list", { name: "Barbers" }).getByRole("link")).toHaveText([barber!.name]);
  });
});

interface ApiBarberDetail extends ApiBarber {
  formatted_address: string;
  opening_hours: { weekday_text: string[] };
  rating: number | null;
  user_ratings_total: number;
  formatted_phone_number?: string;
}

test("Barber detail: address, opening hours, rating x / 5 with the count, a tappable phone and a map at zoom 15 after consent", async ({
  page,
  request,
}) => {
  const summaries = (await (await request.get("/api/barbers")).json()) as ApiBarber[];
  const details = await Promise.all(
    summaries.map(
      async (summary) => (await (await request.get(`/api/barbers/${summary.slug}`)).json()) as ApiBarberDetail,
    ),
  );
  const full = details.find(
    (barber) => barber.rating !== null && barber.formatted_phone_number && barber.opening_hours.weekday_text.length > 0,
  )!;
  const google = await watchGoogle(page);
  await page.goto(`/barbers/${full.slug}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(full.name);
  await expect(main).toContainText(full.formatted_address);
  // The directory's "9:00 AM" is shown in the site's own format, "09:00".
  const hours = full.opening_hours.weekday_text.map(withShopClock);
  await expect(main.locator("li").filter({ hasText: hours[0]! }).first()).toBeVisible();
  for (const line of hours) await expect(main).toContainText(line);
  const ratings = full.user_ratings_total === 1 ? "rating" : "ratings";
  await expect(main).toContainText(`${full.rating} / 5 (${full.user_ratings_total} ${ratings})`);
  await expect(main.getByRole("link", { name: full.formatted_phone_number })).toHaveAttribute("href", /^tel:\+?\d+$/);

  expect(google).toEqual([]);
  await main.getByRole("button", { name: "Show map" }).click();
  await expect(main.locator("iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.google\.com\/maps\?q=.+&z=15&output=embed$/,
  );

  const withoutHours = details.find((barber) => barber.opening_hours.weekday_text.length === 0);
  if (withoutHours) {
    await page.goto(`/barbers/${withoutHours.slug}`);
    await expect(page.getByText("Opening hours not available.")).toBeVisible();
  }
});
