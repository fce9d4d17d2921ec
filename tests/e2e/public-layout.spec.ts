import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { E2E_CLOCK_START } from "../support/e2e-env";
import { gotoHydrated } from "../support/e2e-hydration";

const NAV = ["Home", "Gallery", "Prices", "Products", "Barbers Near Me", "Book Appointments", "Blog", "Contact"];
const NAV_HREFS = ["/", "/gallery", "/prices", "/products", "/barbers-near-me", "/bookings", "/blog", "/contact"];
const PHONE = { width: 390, height: 844 };

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("shows the logo, the shop name and the links in the spec's order, highlighting the current page", async ({
    page,
  }) => {
    await page.goto("/prices");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Oldham Barbers" })).toHaveAttribute("href", "/");
    await expect(banner).toHaveCSS("position", "fixed");
    const links = mainNav(page).getByRole("link");
    await expect(links).toHaveText(NAV);
    for (const [index, href] of NAV_HREFS.entries()) await expect(links.nth(index)).toHaveAttribute("href", href);
    await expect(mainNav(page).getByRole("link", { name: "Prices" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

    // A blog post belongs to the Blog section.
    await page.goto("/blog");
    await page.getByRole("main").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/blog\/.+/);
    await expect(mainNav(page).getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
  });

  test("shows the Admin link to admins only", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    await signIn(page);
    await page.goto("/");
    await expect(mainNav(page).getByRole("link")).toHaveText([...NAV, "Admin"]);
    await expect(mainNav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });

  test("the footer gives the Oldham address, opening hours, phone, social links, quick links and the current year", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("57 Yorkshire Street");
    await expect(footer).toContainText("Oldham OL1 1RT");
    await expect(footer.getByRole("link", { name: "0161 624 9876" })).toHaveAttribute("href", "tel:+441616249876");
    for (const line of ["Monday – Friday09:00 – 18:00", "Saturday08:30 – 17:00", "Sunday09:30 – 16:00"]) {
      await expect(footer.locator("dl > div").filter({ hasText: line.split(/\d/)[0]! })).toHaveText(line);
    }
    for (const [name, host] of [
      ["Instagram", "instagram.com"],
      ["Facebook", "facebook.com"],
    ] as const) {
      const link = footer.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", new RegExp(host));
    }
    await expect(footer.getByRole("navigation", { name: "Quick links" }).getByRole("link")).toHaveText([
      "Home",
      "Gallery",
      "Prices",
      "Products",
      "Blog",
      "Book Appointments",
      "Gift Cards",
      "Memberships",
      "FAQ",
      "Contact",
    ]);
    const year = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Europe/London" }).format(
      new Date(E2E_CLOCK_START),
    );
    await expect(footer).toContainText(`© ${year} Oldham Barbers`);
  });

  test("a footer quick link opens its page scrolled smoothly back to the top", async ({ page }) => {
    await page.goto("/prices");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { scrollSamples: number[] }).scrollSamples = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY));
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Smooth: the page passed through positions between the bottom and the top instead of jumping.
    const samples = await page.evaluate(() => (window as unknown as { scrollSamples: number[] }).scrollSamples);
    expect(samples.filter((y) => y > 0).length).toBeGreaterThan(1);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: PHONE });

  test("collapses and expands with an animation and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(mainNav(page)).toHaveCount(0);

    await toggle.click();
    const menu = mainNav(page);
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      "Gallery",
      "Prices",
      "Products",
      "Barbers Near Me",
      /^Book Appointments\+ £8\.00 appointment fee per booking$/,
      "Blog",
      "Contact",
    ]);
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await menu.getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Style Gallery");
    await expect(mainNav(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("animates its height when it opens and when it closes", async ({ page }) => {
    await gotoHydrated(page, "/");
    // Heights frame by frame from the toggle until the menu's own animation ends (a busy machine may take
    // longer than the animation's 0.25 s to get there).
    const sampleHeightsAfterToggle = () =>
      page.evaluate(async () => {
        let ended = false;
        const onEnd = (event: Event) => {
          if ((event.target as Element).id === "mobile-menu") ended = true;
        };
        window.addEventListener("animationend", onEnd, true);
        document.querySelector<HTMLButtonElement>("header button[aria-expanded]")!.click();
        const seen: number[] = [];
        const started = performance.now();
        while (!ended && performance.now() - started < 5000) {
          await new Promise(requestAnimationFrame);
          const menu = document.getElementById("mobile-menu");
          seen.push(menu ? Math.round(menu.getBoundingClientRect().height) : 0);
        }
        window.removeEventListener("animationend", onEnd, true);
        return seen;
      });
    const menuHeight = () =>
      page.evaluate(() => Math.round(document.getElementById("mobile-menu")?.getBoundingClientRect().height ?? 0));

    const opening = await sampleHeightsAfterToggle();
    const full = await menuHeight();
    expect(full).toBeGreaterThan(300);
    expect(opening.some((height) => height > 0 && height < full)).toBe(true);

    const closing = await sampleHeightsAfterToggle();
    expect(closing.some((height) => height > 0 && height < full)).toBe(true);
    await expect(mainNav(page)).toHaveCount(0);
  });

  test("works from the keyboard: Enter opens it, Tab reaches the links, Escape closes it", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = mainNav(page);
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mainNav(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(mainNav(page)).toBeVisible();
    for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
    await expect(mainNav(page).getByRole("link", { name: "Gallery" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Style Gallery");
    await expect(mainNav(page)).toHaveCount(0);
  });
});

type TransitionRecord = {
  /** A frame's view: the heading shown and the opacity of the page's wrapper. */
  samples: { heading: string; opacity: number; headings: number }[];
  /** Each page animation started or ended, with the heading on screen and its declared length. */
  animations: { event: string; name: string; heading: string; duration: string }[];
};

/**
 * Clicks a header link while recording the transition. The animation events say what ran and in which order
 * whatever the machine's load; the frame samples check that two pages are never shown at once.
 */
async function recordTransition(page: Page, linkName: string) {
  await page.evaluate(() => {
    const record: TransitionRecord = { samples: [], animations: [] };
    (window as unknown as { transition: TransitionRecord }).transition = record;
    const heading = () => document.querySelector("main h1")?.textContent ?? "";
    // Captured at the window, before React's own listener swaps the page and its class.
    for (const event of ["animationstart", "animationend"]) {
      window.addEventListener(
        event,
        (animation) => {
          const { animationName, target } = animation as AnimationEvent;
          if (!(target instanceof HTMLElement) || !target.querySelector("main")) return;
          const duration = getComputedStyle(target).animationDuration;
          record.animations.push({ event, name: animationName, heading: heading(), duration });
        },
        true,
      );
    }
    const tick = () => {
      const main = document.querySelector("main");
      record.samples.push({
        heading: heading(),
        opacity: main?.parentElement ? Number(getComputedStyle(main.parentElement).opacity) : 1,
        headings: document.querySelectorAll("main h1").length,
      });
      if (record.samples.length < 600) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.getByRole("banner").getByRole("link", { name: linkName, exact: true }).click();
}

const transitionRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { transition: TransitionRecord }).transition);

test.describe("page transitions", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the old page fades out before the new one fades in, 0.3 s each", async ({ page }) => {
    await gotoHydrated(page, "/prices");
    const started = Date.now();
    await recordTransition(page, "Contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect
      .poll(() => page.evaluate(() => Number(getComputedStyle(document.querySelector("main")!.parentElement!).opacity)))
      .toBe(1);
    // The old page faded out for 0.3 s, and only then the new one faded in for 0.3 s. The last frame's full
    // opacity can come a task before its animationend, so the events are read until they are all in.
    await expect
      .poll(async () =>
        (await transitionRecord(page)).animations.map(({ event, name, heading, duration }) => [
          event,
          name,
          heading,
          duration,
        ]),
      )
      .toEqual([
        ["animationstart", "fade-out", "Our Prices", "0.3s"],
        ["animationend", "fade-out", "Our Prices", "0.3s"],
        ["animationstart", "fade-in", "Contact Us", "0.3s"],
        ["animationend", "fade-in", "Contact Us", "0.3s"],
      ]);
    // Never both pages at once.
    const { samples } = await transitionRecord(page);
    expect(samples.every((sample) => sample.headings <= 1)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  test("visitors who ask for reduced motion get the new page without a fade", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/prices");
    await recordTransition(page, "Contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    // A fade-out would have run before the swap, so its events are in. A fade-in would start with the new
    // page: the wrapper has none (reading its animations works out its style now), and after two more frames
    // no animationstart has come either.
    const onWrapper = await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      return document
        .querySelector("main")!
        .parentElement!.getAnimations()
        .map((animation) => (animation as CSSAnimation).animationName);
    });
    expect(onWrapper).toEqual([]);
    const { samples, animations } = await transitionRecord(page);
    expect(animations).toEqual([]);
    expect(samples.every((sample) => sample.opacity === 1)).toBe(true);
  });

  test("a pending bar runs along the top while the next page's data loads", async ({ page }) => {
    await gotoHydrated(page, "/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/gallery\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Style Gallery");
    await expect(page.getByRole("progressbar", { name: "Loading page" })).toHaveCount(0);
  });
});

test.describe("not found", () => {
  test("unknown addresses, missing posts and missing barbers answer 404 with a helpful page", async ({ page }) => {
    const cases = [
      { path: "/no-such-page", heading: "Page not found", link: "Book an appointment", href: "/bookings" },
      { path: "/blog/no-such-post", heading: "Blog post not found", link: "All blog posts", href: "/blog" },
      { path: "/barbers/no-such-barber", heading: "Barber not found", link: "Find a barber", href: "/barbers-near-me" },
    ];
    for (const entry of cases) {
      const response = await page.goto(entry.path);
      expect(response?.status(), entry.path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.heading);
      await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("main").getByRole("link", { name: entry.link })).toHaveAttribute("href", entry.href);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
    // The helpful links work.
    await page.getByRole("main").getByRole("link", { name: "Find a barber" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a Barber");
  });
});

test("every public page hydrates without errors, hydration mismatches or Content-Security-Policy violations", async ({
  page,
}) => {
  // Every public page hydrated in full: more than the usual time on a busy machine.
  test.slow();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${page.url()} console ${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  // The oldest post is the demo content; newer ones are other specs' and may be deleted meanwhile.
  const post = ((await (await page.request.get("/api/blog")).json()) as { slug: string }[]).at(-1);
  const [barber] = (await (await page.request.get("/api/barbers")).json()) as { slug: string }[];
  for (const path of [
    "/",
    "/prices",
    "/products",
    "/gallery",
    "/blog",
    `/blog/${post!.slug}`,
    "/contact",
    "/faq",
    "/barbers-near-me",
    `/barbers/${barber!.slug}`,
  ]) {
    await gotoHydrated(page, path);
    // Hydrated: the client router handles a link without a document request.
    const documents: string[] = [];
    const listener = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === "document") documents.push(request.url());
    };
    page.on("request", listener);
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    page.off("request", listener);
    expect(documents, path).toEqual([]);
  }
  // Contact form validation runs the zod schema, which must not probe for eval under the CSP.
  await gotoHydrated(page, "/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  expect(problems).toEqual([]);
});
