import { expect, test, type Page } from "@playwright/test";
import { whenSettled } from "../support/e2e-html";

// Comparisons with the API may wait for other specs' changes to settle (see whenSettled).
test.describe.configure({ timeout: 90_000 });

interface ApiProduct {
  id: number;
  name: string;
  price: number;
}

interface ApiGalleryItem {
  id: number;
  title: string;
  category: string;
}

const productList = (page: Page) => page.getByRole("list", { name: "Products" });
const shownNames = (page: Page) => productList(page).getByRole("heading", { level: 2 }).allInnerTexts();
const shownPrices = async (page: Page) =>
  (await productList(page).getByRole("article").allInnerTexts()).map((text) =>
    Number(text.match(/£([\d,]+\.\d{2})/)![1]!.replace(",", "")),
  );
const upper = (names: string[]) => names.map((name) => name.toUpperCase());

test("Products: Featured by default, and the sort really reorders, lives in the URL and survives a reload", async ({
  page,
  request,
}) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop Our Products");
  const sort = page.getByLabel("Sort by");
  await expect(sort).toHaveValue("featured");
  await expect(sort.locator("option")).toHaveText(["Featured", "Price: Low to High", "Price: High to Low", "Newest"]);
  // With JavaScript the change applies at once, so the no-JS Sort button is gone.
  await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);

  // Other specs add and delete products meanwhile: after a reload the page must agree with a fresh API list.
  const sameAsApi = (order: string) =>
    whenSettled(async () => {
      const sorted = (await (await request.get(`/api/products?sort=${order}`)).json()) as ApiProduct[];
      await page.reload();
      await expect(page.getByLabel("Sort by")).toHaveValue(order);
      expect(await shownNames(page)).toEqual(upper(sorted.map((product) => product.name)));
    });
  await sameAsApi("featured");

  // Each choice applies at once (the price orders checked on the page's own prices), lives in the URL and
  // survives a reload.
  const byPrice: Record<string, (a: number, b: number) => number> = {
    "price-low": (a, b) => a - b,
    "price-high": (a, b) => b - a,
  };
  for (const order of ["price-low", "price-high", "newest"]) {
    await sort.selectOption(order);
    await expect(page).toHaveURL(new RegExp(`\\?sort=${order}$`));
    const compare = byPrice[order];
    if (compare) {
      await expect
        .poll(async () => {
          const prices = await shownPrices(page);
          return prices.every((price, index) => index === 0 || compare(prices[index - 1]!, price) <= 0);
        })
        .toBe(true);
    }
    await sameAsApi(order);
  }

  // Every card has an explicit size, so nothing shifts while photos load.
  for (const image of await productList(page).locator("img").all()) {
    await expect(image).toHaveAttribute("width", /\d+/);
    await expect(image).toHaveAttribute("height", /\d+/);
  }
  await expect(productList(page).locator("img").last()).toHaveAttribute("loading", "lazy");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product sort and the gallery filter still work through their Apply buttons", async ({ page, request }) => {
    await page.goto("/products");
    await page.getByLabel("Sort by").selectOption("price-high");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/\?sort=price-high$/);
    // The new document has committed; read it once it has all arrived.
    await page.waitForLoadState("load");
    const prices = await shownPrices(page);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const categories = (await (await request.get("/api/gallery/categories")).json()) as {
      name: string;
      count: number;
    }[];
    const category = categories.find((entry) => entry.count > 0)!;
    await page.goto("/gallery");
    await page.getByLabel("Category").selectOption(category.name);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("category") === category.name);
    await page.waitForLoadState("load");
    const styles = page.getByRole("list", { name: "Styles" }).getByRole("link");
    await expect(styles.first()).toBeVisible();
    for (const style of await styles.all())
      expect((await style.getAttribute("aria-label"))!.endsWith(`, ${category.name}: view larger`)).toBe(true);
  });
});

test("Gallery: titles and categories show on focus, the category filter lives in the URL, and a photo opens larger", async ({
  page,
  request,
}) => {
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Style Gallery");
  const filter = page.getByLabel("Category");
  await expect(filter).toHaveValue("All");
  const tiles = page.getByRole("list", { name: "Styles" }).getByRole("link");
  await whenSettled(async () => {
    const all = (await (await request.get("/api/gallery")).json()) as ApiGalleryItem[];
    await page.reload();
    await expect(tiles).toHaveCount(all.length, { timeout: 1000 });
    await expect(tiles.first()).toHaveAccessibleName(`${all[0]!.title}, ${all[0]!.category}: view larger`);
  });

  // The caption over a photo appears on keyboard focus, not only on hover.
  const first = tiles.first();
  const caption = first.locator("span").first();
  const [title, category] = (await first.getAttribute("aria-label"))!
    .replace(/: view larger$/, "")
    .split(/, (?=[^,]*$)/);
  const second = (await tiles.nth(1).getAttribute("aria-label"))!.split(/, (?=[^,]*$)/)[0]!;
  await expect(caption).toHaveCSS("opacity", "0");
  await first.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  await expect(caption).toHaveCSS("opacity", "1");
  await expect(caption).toContainText(title!);
  await expect(caption).toContainText(category!);

  // A larger view, with its title, that Escape closes.
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: title! })).toBeVisible();
  await expect(dialog.locator("img")).toHaveAttribute("src", /.+/);
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: second })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await whenSettled(async () => {
    const categories = (await (await request.get("/api/gallery/categories")).json()) as {
      name: string;
      count: number;
    }[];
    const all = (await (await request.get("/api/gallery")).json()) as ApiGalleryItem[];
    const chosen = categories.find((entry) => entry.count > 0 && entry.count < all.length) ?? categories[0]!;
    await page.goto("/gallery");
    await expect(filter.locator("option")).toHaveText(["All", ...categories.map((entry) => entry.name)], {
      timeout: 1000,
    });
    await filter.selectOption(chosen.name);
    await expect.poll(() => new URL(page.url()).searchParams.get("category"), { timeout: 3000 }).toBe(chosen.name);
    await expect(tiles).toHaveCount(chosen.count, { timeout: 3000 });
    for (const tile of await tiles.all())
      expect((await tile.getAttribute("aria-label"))!.endsWith(`, ${chosen.name}: view larger`)).toBe(true);
  });

  await filter.selectOption("All");
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe("All");
  await expect(tiles.nth(1)).toBeVisible();
});

test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("gallery titles and categories are always shown, since there is no hover", async ({ page }) => {
    await page.goto("/gallery");
    const caption = page.getByRole("list", { name: "Styles" }).getByRole("link").first().locator("span").first();
    await expect(caption).toHaveCSS("opacity", "1");
  });
});
