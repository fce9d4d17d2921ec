import { expect, test } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { expectToast, unique } from "../support/e2e-fixtures";
import { whenSettled } from "../support/e2e-html";

/** This spec's own sender: its clean-up removes only what it posted, never another spec's messages. */
const CONTACT_SPEC_EMAIL = "admin-contact-spec@example.com";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the owner reads contact submissions in either order and deletes one after confirming", async ({ page }) => {
  const first = unique("Alice Archer");
  const second = unique("Bob Barber");
  for (const name of [first, second]) {
    const sent = await page.request.post("/api/contact", {
      data: {
        name,
        email: CONTACT_SPEC_EMAIL,
        phone: "07700 900123",
        message: `Hello from ${name}, can I book a beard trim?`,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await page.goto("/admin/contact");
  const cards = page.getByRole("main").getByRole("listitem");
  const card = (name: string) => cards.filter({ has: page.getByRole("heading", { name }) });

  const newest = card(second);
  await expect(newest.getByRole("link", { name: CONTACT_SPEC_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${CONTACT_SPEC_EMAIL}`,
  );
  await expect(newest.getByRole("link", { name: "07700 900123" })).toHaveAttribute("href", "tel:07700900123");
  await expect(newest).toContainText(`Hello from ${second}, can I book a beard trim?`);
  await expect(newest.locator("time")).toHaveText(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2}$/);
  await expect(newest.getByText(/^Mail (sent|failed|pending|not set up)$/)).toBeVisible();

  const headings = () => cards.getByRole("heading").allTextContents();
  let order = await headings();
  expect(order.findIndex((text) => text.includes(second))).toBeLessThan(
    order.findIndex((text) => text.includes(first)),
  );

  await page.getByLabel("Sort").selectOption({ label: "Oldest First" });
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(page.getByLabel("Sort")).toHaveValue("oldest");
  await expect(async () => {
    order = await headings();
    expect(order.findIndex((text) => text.includes(first))).toBeLessThan(
      order.findIndex((text) => text.includes(second)),
    );
  }).toPass();

  // Cancel keeps it; confirming deletes it.
  await card(first)
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this submission?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card(first)).toBeVisible();

  await card(first)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Form submission deleted successfully");
  await expect(card(first)).toHaveCount(0);
  await expect(card(second)).toBeVisible();
});

test("the screen and its API read the sort with one schema: an unknown sort is a 400 with the same message", async ({
  page,
}) => {
  await signIn(page);
  const api = await page.request.get("/api/contact/submissions?sort=sideways");
  expect(api.status()).toBe(400);
  const { message } = (await api.json()) as { message: string };
  expect(message).toBe("sort must be one of: newest, oldest");
  const screen = await page.goto("/admin/contact?sort=sideways");
  expect(screen?.status()).toBe(400);
  await expect(page.getByText(`Error: ${message}`)).toBeVisible();
});

test("with no submissions the screen says so", async ({ page }) => {
  // Only the admin specs' own submissions are removed: other specs may be reading theirs at this moment.
  const listed = async () =>
    (await (await page.request.get("/api/contact/submissions")).json()) as { id: number; email: string }[];
  for (const submission of await listed()) {
    if (submission.email === CONTACT_SPEC_EMAIL) await page.request.delete(`/api/contact/submissions/${submission.id}`);
  }
  // Other specs post and delete theirs meanwhile: the page must agree with a fresh count.
  await whenSettled(async () => {
    const others = (await listed()).length;
    await page.goto("/admin/contact");
    if (others === 0) await expect(page.getByText("No form submissions yet.")).toBeVisible({ timeout: 1000 });
    else await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(others, { timeout: 1000 });
  });
});
