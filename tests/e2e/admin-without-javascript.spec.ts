import { expect, type Locator, type Page } from "@playwright/test";
import { generate } from "otplib";
import { addDays } from "~/lib/shop-time";
import { customerPath } from "~/features/customers/customers.schema";
import { E2E_ADMIN, e2eToday } from "../support/e2e-env";
import { signIn } from "../support/e2e-auth";
import { bookThroughApi, createService, createSlots, futureDate, test } from "../support/e2e-booking";
import { ADMIN_SPEC_EMAIL, pngImage, unique } from "../support/e2e-fixtures";

/*
 * The owner's main screens with JavaScript off (or before it has loaded): each form is rendered with its
 * values and posts to its page, which answers with a redirect to the page saying what happened.
 */

test.use({ javaScriptEnabled: false });

test("settings are shown and saved, and a closure is added and removed, without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/settings");
  await expect(page.getByLabel("Shop name")).not.toHaveValue("");
  const shopName = await page.getByLabel("Shop name").inputValue();

  // Years ahead, so no other spec's page announces it.
  const day = addDays(e2eToday(), 700 + Math.floor(Math.random() * 300));
  const note = unique("Closed for a refit");
  const spare = page.getByRole("group", { name: "New closure" });
  await spare.getByLabel("First day").fill(day);
  await spare.getByLabel("Last day").fill(day);
  await spare.getByLabel("Note", { exact: true }).fill(note);
  await page.getByRole("button", { name: "Save Settings" }).click();

  await expect(page).toHaveURL(/\/admin\/settings\?saved$/);
  await expect(page.getByRole("status")).toContainText("Settings saved");
  await expect(page.getByLabel("Shop name")).toHaveValue(shopName);
  const closure = page.getByRole("group").filter({ has: page.locator(`input[value="${note}"]`) });
  await expect(closure.getByLabel("First day")).toHaveValue(day);

  await closure.getByLabel(/^Remove/).check();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toContainText("Settings saved");
  await expect(page.locator(`input[value="${note}"]`)).toHaveCount(0);
});

test("a team member is added without JavaScript, with no service ticked to start with", async ({ page, owner }) => {
  const service = await createService(owner, { title: unique("No-JS Cut"), price: 15, duration: 30 });
  await signIn(page);
  await page.goto("/admin/team");
  await page.getByRole("link", { name: "Add Team Member" }).click();
  await expect(page).toHaveURL(/\?edit=new$/);
  const form = page.getByRole("heading", { name: "Add Team Member" }).locator("..");
  await expect(form.getByRole("checkbox", { name: service.title })).not.toBeChecked();

  const name = unique("Barber");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByRole("checkbox", { name: service.title }).check();
  await form.getByLabel("Wednesday").fill("10:00–16:00");
  await form.getByRole("button", { name: "Add Member" }).click();

  await expect(page).toHaveURL(/\/admin\/team\?saved=added$/);
  await expect(page.getByRole("status")).toContainText("Team member added");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText(service.title);
  await expect(card).toContainText("10:00");
});

test("a booking is cancelled from the admin list without JavaScript", async ({ page, owner }) => {
  const service = await createService(owner, { title: unique("No-JS Trim"), price: 12, duration: 30 });
  const day = await futureDate(owner, 9);
  // Inside the opening hours of every day of the week, whichever day five days from now is.
  const [slot] = await createSlots(owner, { dates: [day], startTime: "11:00", endTime: "11:30" });
  const booking = await bookThroughApi(owner, slot!.id, [service]);
  await signIn(page);
  await page.goto(`/admin/bookings?date=${day}`);
  const entry = page.getByRole("listitem").filter({ hasText: booking.reference });
  await entry.getByRole("button", { name: "Cancel booking" }).click();

  await expect(page).toHaveURL(new RegExp(`date=${day}&cancelled=${booking.reference}$`));
  await expect(page.getByRole("status")).toContainText(`Booking cancelled: ${booking.reference}`);
  await expect(page.getByRole("listitem").filter({ hasText: booking.reference })).toHaveCount(0);
});

/** The file input a form offers without JavaScript instead of the media library dialog. */
const attachImage = async (form: Locator, name: string) =>
  form.getByLabel("Upload an image").setInputFiles({
    name,
    mimeType: "image/png",
    buffer: await pngImage({ r: 40, g: 90, b: 160 }),
  });

/** The card of the item called `name` in a management list. */
const cardOf = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a product is added with an uploaded image, edited and deleted without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\?edit=new$/);
  const name = unique("No-JS Pomade");
  const form = page.locator("form").filter({ has: page.getByLabel("Name") });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Price (£)").fill("12.50");
  await form.getByLabel("Description").fill("Strong hold, matt finish.");
  await attachImage(form, "pomade.png");
  await form.getByRole("button", { name: "Add Product" }).click();

  await expect(page).toHaveURL(/\/admin\/products\?saved=created$/);
  await expect(page.getByRole("status")).toContainText("Product created");
  const card = cardOf(page, name);
  await expect(card).toContainText("£12.50");
  await expect(card.getByRole("img", { name })).toHaveAttribute("src", /\/uploads\//);

  await card.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
  await form.getByLabel("Price (£)").fill("14");
  await form.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByRole("status")).toContainText("Product updated");
  await expect(card).toContainText("£14.00");

  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Product deleted");
  await expect(cardOf(page, name)).toHaveCount(0);
});

test("a gallery item is added with an upload, edited and deleted without JavaScript", async ({ page }) => {
  await signIn(page);
  const category = unique("No-JS Fades");
  const made = await page.request.post("/api/gallery/categories", { data: { name: category } });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto("/admin/gallery");
  await page.getByRole("link", { name: "Add Gallery Item" }).click();
  const title = unique("No-JS Taper");
  const form = page.locator("form").filter({ has: page.getByLabel("Stylist") });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Category").selectOption(category);
  await attachImage(form, "taper.png");
  await form.getByRole("button", { name: "Add Item" }).click();

  await expect(page).toHaveURL(/\/admin\/gallery\?saved=created$/);
  await expect(page.getByRole("status")).toContainText("Gallery item created");
  const card = cardOf(page, title);
  await expect(card.getByRole("img")).toHaveAttribute("src", /\/uploads\//);

  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(form.getByLabel("Category")).toHaveValue(category);
  await form.getByLabel("Stylist").fill("Kelly");
  await form.getByRole("button", { name: "Update Item" }).click();
  await expect(page.getByRole("status")).toContainText("Gallery item updated");
  await expect(card).toContainText("Kelly");

  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByRole("status")).toContainText("Gallery item deleted");
  await expect(cardOf(page, title)).toHaveCount(0);
});

test("a blog post is written, refused without a summary, edited and deleted without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "Add New Post" }).click();
  const title = unique("No-JS Beard Care");
  const form = page.locator("form").filter({ has: page.getByLabel("Tags") });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Author").fill("Imran");
  await form.getByLabel("Category").selectOption({ index: 1 });
  await form.getByLabel("Content").fill("Oil daily.\nComb it through.");
  await form.getByLabel("Tags").fill("beard care, oil");
  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(form.getByText("Summary is required")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue(title);

  await form.getByLabel("Summary").fill("Three habits for a softer beard.");
  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?saved=created$/);
  await expect(page.getByRole("status")).toContainText("Blog post created");

  const card = cardOf(page, title);
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await form.getByLabel("Summary").fill("Four habits for a softer beard.");
  await form.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByRole("status")).toContainText("Blog post updated");
  await expect(card).toContainText("Four habits");

  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByRole("status")).toContainText("Blog post deleted");
  await expect(cardOf(page, title)).toHaveCount(0);
});

test("images are uploaded to the media library and deleted without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/media");
  const name = unique("nojs-library").replace(/\W/g, "-");
  await page.getByLabel("Images to upload").setInputFiles({
    name: `${name}.png`,
    mimeType: "image/png",
    buffer: await pngImage({ r: 10, g: 150, b: 90 }),
  });
  // The hydrated Upload Images button is there too, inert: the plain form's own one sends the files.
  await page
    .locator("form")
    .filter({ has: page.getByLabel("Images to upload") })
    .getByRole("button", { name: "Upload Images" })
    .click();
  await expect(page).toHaveURL(/\/admin\/media\?saved=uploaded$/);
  await expect(page.getByRole("status")).toContainText("Files uploaded");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("File deleted");
  await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
});

test("a contact message is deleted without JavaScript", async ({ page }) => {
  await signIn(page);
  const name = unique("No-JS Sender");
  const sent = await page.request.post("/api/contact", {
    data: { name, email: ADMIN_SPEC_EMAIL, phone: "07700 900123", message: "Do you do hot towel shaves?" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await page.goto("/admin/contact?sort=oldest");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await card.getByRole("button", { name: `Delete the submission from ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/contact\?sort=oldest&deleted$/);
  await expect(page.getByRole("status")).toContainText("Form submission deleted successfully");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});

test("a customer's notes are saved without JavaScript", async ({ page, owner }) => {
  const service = await createService(owner, { title: unique("No-JS Notes Cut"), price: 15, duration: 30 });
  const [slot] = await createSlots(owner, {
    dates: [await futureDate(owner, 10)],
    startTime: "11:00",
    endTime: "11:30",
  });
  const who = {
    customerName: "Nora Notes",
    customerEmail: `${unique("nora").replace(/\W/g, "")}@example.com`,
    customerPhone: "07700 900124",
    notes: "",
  };
  await bookThroughApi(owner, slot!.id, [service], who);
  await signIn(page);
  await page.goto(customerPath(who.customerEmail));
  const notes = unique("Likes a skin fade");
  await page.getByLabel("Private notes").fill(notes);
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page).toHaveURL(/\?saved=notes$/);
  await expect(page.getByRole("status")).toContainText("Notes saved");
  await expect(page.getByLabel("Private notes")).toHaveValue(notes);
});

test("an admin is added without JavaScript only with the current password", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/accounts");
  const form = page.getByRole("region", { name: "Add an admin" });
  const username = unique("nojs").replace(/\W/g, "");
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Initial password").fill("a-long-initial-password");
  await form.getByLabel("Your current password").fill("not-the-password");
  await form.getByRole("button", { name: "Add Admin" }).click();
  await expect(form.getByRole("alert")).toContainText("Current password is incorrect");
  await expect(form.getByLabel("Username")).toHaveValue(username);
  await expect(page.getByRole("listitem").filter({ hasText: username })).toHaveCount(0);

  await form.getByLabel("Initial password").fill("a-long-initial-password");
  await form.getByLabel("Your current password").fill(E2E_ADMIN.password);
  await form.getByRole("button", { name: "Add Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\?saved=added$/);
  await expect(page.getByRole("status")).toContainText("Admin added");
  await expect(page.getByRole("listitem").filter({ hasText: username })).toHaveCount(1);

  // Tidied away, so the accounts spec still finds the admins it expects.
  const admins = (await (await page.request.get("/api/accounts")).json()) as { id: number; username: string }[];
  const id = admins.find((admin) => admin.username === username)!.id;
  const removed = await page.request.delete(`/api/accounts/${id}`, { data: { currentPassword: E2E_ADMIN.password } });
  expect(removed.status(), await removed.text()).toBe(204);
});

test("a gallery category is added, refused when repeated and deleted without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/gallery");
  const category = unique("No-JS Crops");
  const addCategory = async (name: string) => {
    await page.getByRole("link", { name: "Add Category" }).click();
    await expect(page).toHaveURL(/\/admin\/gallery\?edit=category$/);
    await page.getByLabel("Category Name").fill(name);
    await page.getByRole("button", { name: "Add Category" }).click();
  };
  await addCategory(category);
  await expect(page).toHaveURL(/\/admin\/gallery\?saved=category-added$/);
  await expect(page.getByRole("status")).toContainText("Category added successfully");
  await expect(page.getByRole("listitem").filter({ hasText: category })).toContainText("0 styles");

  await addCategory(category.toUpperCase());
  await expect(page.getByRole("alert")).toContainText("already exists");

  await page.goto("/admin/gallery");
  await page.getByRole("button", { name: `Delete category ${category}` }).click();
  await expect(page.getByRole("status")).toContainText("Category deleted successfully");
  await expect(page.getByRole("listitem").filter({ hasText: category })).toHaveCount(0);
});

test("a blog post's image is removed without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blog?edit=new");
  const title = unique("No-JS Hot Towel");
  const form = page.locator("form").filter({ has: page.getByLabel("Tags") });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Author").fill("Imran");
  await form.getByLabel("Category").selectOption({ index: 1 });
  await form.getByLabel("Summary").fill("Why a hot towel comes first.");
  await form.getByLabel("Content").fill("It opens the skin.");
  await form.getByLabel("Tags").fill("shaving");
  await attachImage(form, "towel.png");
  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(page.getByRole("status")).toContainText("Blog post created");
  const imageOf = async () => {
    const posts = (await (await page.request.get("/api/blog")).json()) as { title: string; image: string | null }[];
    return posts.find((post) => post.title === title)?.image;
  };
  expect(await imageOf()).toMatch(/\/uploads\//);

  const card = cardOf(page, title);
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await form.getByLabel("Remove image").check();
  await form.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByRole("status")).toContainText("Blog post updated");
  expect(await imageOf()).toBeNull();
  await card.getByRole("button", { name: `Delete ${title}` }).click();
});

test("two-factor sign-in is turned on, and an admin removed, without JavaScript", async ({ page }) => {
  // Another admin signs in here, so the owner's own sign-in stays without two-factor for the other specs.
  const account = { username: unique("nojs2fa").replace(/\W/g, ""), password: "nojs-two-factor-password" };
  await signIn(page);
  const added = await page.request.post("/api/accounts", {
    data: { ...account, currentPassword: E2E_ADMIN.password },
  });
  expect(added.status(), await added.text()).toBe(201);
  const spare = { username: unique("nojsspare").replace(/\W/g, ""), password: "nojs-spare-password" };
  expect(
    (await page.request.post("/api/accounts", { data: { ...spare, currentPassword: E2E_ADMIN.password } })).status(),
  ).toBe(201);
  await page.context().clearCookies();
  const signedIn = await page.request.post("/api/login", { data: account });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  await page.goto("/admin/accounts");
  await page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.goto("/admin/accounts");
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();

  const remove = page.getByRole("form", { name: `Remove ${spare.username}` });
  await remove.getByLabel("Your current password").fill(account.password);
  await remove.getByLabel("Two-factor code").fill("000000");
  await remove.getByRole("button", { name: `Remove ${spare.username}` }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: spare.username })).toHaveCount(1);

  const again = page.getByRole("form", { name: `Remove ${spare.username}` });
  await again.getByLabel("Your current password").fill(account.password);
  await again.getByLabel("Two-factor code").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await again.getByRole("button", { name: `Remove ${spare.username}` }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\?saved=removed$/);
  await expect(page.getByRole("status")).toContainText("Admin removed");
  await expect(page.getByRole("listitem").filter({ hasText: spare.username })).toHaveCount(0);
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("a closure over a booking lists it before saving, and cancels it when chosen", async ({ page, owner }) => {
    const service = await createService(owner, { title: unique("Closure Cut"), price: 14, duration: 30 });
    const day = await futureDate(owner, 11);
    const [slot] = await createSlots(owner, { dates: [day], startTime: "11:00", endTime: "11:30" });
    const booking = await bookThroughApi(owner, slot!.id, [service]);
    await signIn(page);
    await page.goto("/admin/settings");
    await page.getByRole("button", { name: "Add closure" }).click();
    await page.getByLabel("First day").last().fill(day);
    await page.getByLabel("Last day").last().fill(day);
    await page.getByRole("button", { name: "Save Settings" }).click();

    const choice = page.getByRole("group", { name: "Bookings on the days being closed" });
    await expect(choice).toContainText("1 confirmed booking falls on the days you are closing");
    await expect(choice).toContainText(booking.reference);
    await choice.getByLabel("Cancel these bookings and email each customer").check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved", { exact: true }).first()).toBeVisible();
    await expect(choice).toHaveCount(0);
    const slots = (await (await owner.get("/api/booking-slots?admin=true")).json()) as { id: number; status: string }[];
    expect(slots.find((entry) => entry.id === slot!.id)?.status).toBe("available");

    const closure = page.getByRole("group").filter({ has: page.locator(`input[value="${day}"]`) });
    await closure.getByRole("button", { name: /^Remove/ }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator(`input[value="${day}"]`)).toHaveCount(0);
  });
});
