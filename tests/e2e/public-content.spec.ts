import { expect, test } from "@playwright/test";
import { whenSettled } from "../support/e2e-html";

// Comparisons with the API may wait for other specs' changes to settle (see whenSettled).
test.describe.configure({ timeout: 90_000 });

interface ApiPost {
  slug: string;
  title: string;
  author: string;
  createdAt: string;
  summary: string;
  content: string;
  tags: string;
  image: string | null;
}

interface ApiFaq {
  id: number;
  question: string;
  answer: string;
  category: string;
}

const londonDate = (iso: string, month: "short" | "long") =>
  new Intl.DateTimeFormat("en-US", { month, day: "numeric", year: "numeric", timeZone: "Europe/London" }).format(
    new Date(iso),
  );
const tagsOf = (tags: string) =>
  tags
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

test("Blog list: cards with image, clamped title and summary, author, MMM d, yyyy date and tags, linking to the post", async ({
  page,
  request,
}) => {
  const cards = page.getByRole("list", { name: "Blog posts" }).getByRole("article");
  let posts: ApiPost[] = [];
  await whenSettled(async () => {
    posts = (await (await request.get("/api/blog")).json()) as ApiPost[];
    await page.goto("/blog");
    await expect(cards).toHaveCount(posts.length, { timeout: 1000 });
    await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText(posts[0]!.title, { timeout: 1000 });
  });
  for (const [index, post] of posts.entries()) {
    const card = cards.nth(index);
    const title = card.getByRole("heading", { level: 2 });
    await expect(title).toHaveText(post.title);
    await expect(title).toHaveCSS("-webkit-line-clamp", "2");
    await expect(card.getByRole("link", { name: post.title })).toHaveAttribute("href", `/blog/${post.slug}`);
    await expect(card).toContainText(`By ${post.author}`);
    // e.g. "Jan 5, 2024"
    const date = londonDate(post.createdAt, "short");
    expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(card.locator("time")).toHaveText(date);
    const summary = card.getByText(post.summary);
    await expect(summary).toHaveCSS("-webkit-line-clamp", "3");
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(tagsOf(post.tags));
    await expect(card.locator("img")).toHaveCount(post.image ? 1 : 0);
  }

  const oldest = posts.at(-1)!;
  await cards.last().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/blog/${oldest.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(oldest.title);
});

test("Blog post: title, author, MMMM d, yyyy date, tags and the content split into paragraphs", async ({
  page,
  request,
}) => {
  // The oldest post is demo content; other specs only add (and remove) newer ones.
  const post = ((await (await request.get("/api/blog")).json()) as ApiPost[]).at(-1);
  await page.goto(`/blog/${post!.slug}`);
  const article = page.getByRole("main").getByRole("article").first();
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(post!.title);
  await expect(article).toContainText(`By ${post!.author}`);
  // e.g. "January 5, 2024"
  await expect(article.locator("header time")).toHaveText(londonDate(post!.createdAt, "long"));
  await expect(article.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(tagsOf(post!.tags));
  const lines = post!.content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const paragraphs = article.locator("header ~ div p");
  await expect(paragraphs).toHaveText(lines);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveText(["Home", "Blog"]);
  await page.getByRole("link", { name: "Back to the blog" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
});

test("FAQ: grouped by category in the spec's order, and only one answer open at a time", async ({ page, request }) => {
  const order = ["General", "Services", "Bookings", "Products", "Payments"];
  let faqs: ApiFaq[] = [];
  let groups: string[] = [];
  await whenSettled(async () => {
    faqs = (await (await request.get("/api/faqs")).json()) as ApiFaq[];
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    groups = order.filter((category) => faqs.some((faq) => faq.category === category));
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
      [...groups, "Still have a question?"],
      { timeout: 1000 },
    );
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(faqs.length, { timeout: 1000 });
  });
  await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(0);

  // The oldest FAQs (lowest ids) are demo content that other specs leave alone.
  const byAge = [...faqs].sort((a, b) => a.id - b.id);
  const first = byAge.find((faq) => faq.category === groups[0])!;
  const other = byAge.find((faq) => faq.category === groups.at(-1) && faq.id !== first.id)!;
  const sibling = byAge.find((faq) => faq.category === first.category && faq.id !== first.id);

  await page.getByRole("button", { name: first.question }).click();
  await expect(page.getByRole("button", { name: first.question })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(first.answer)).toBeVisible();

  // Opening a question in another group closes the first one.
  await page.getByRole("button", { name: other.question }).click();
  await expect(page.getByText(other.answer)).toBeVisible();
  await expect(page.getByText(first.answer)).toBeHidden();
  await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(1);

  if (sibling) {
    await page.getByRole("button", { name: sibling.question }).click();
    await expect(page.getByText(other.answer)).toBeHidden();
    await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(1);
  }

  // And from the keyboard: Enter toggles the focused question shut.
  const open = page.locator('main button[aria-expanded="true"]');
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(0);
});
