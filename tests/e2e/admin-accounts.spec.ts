import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ADMIN, E2E_BASE_URL } from "../support/e2e-env";
import { expectToast } from "../support/e2e-fixtures";

/*
 * Each test signs in as an admin account of its own (made here through the API), so turning on
 * two-factor never touches the owner account the other specs sign in with.
 */

/** A TOTP code of the step after now: the step the setup used cannot be used twice; the server takes ±1 step. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function apiAs(account: { username: string; password: string }) {
  const client = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const response = await client.post("/api/login", { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return client;
}

async function newAdmin(label: string) {
  const account = { username: `${label}-${Date.now().toString(36)}`, password: `${label}-password-1` };
  const owner = await apiAs(E2E_ADMIN);
  const added = await owner.post("/api/accounts", { data: { ...account, currentPassword: E2E_ADMIN.password } });
  expect(added.status(), await added.text()).toBe(201);
  await owner.dispose();
  return account;
}

/** Turns two-factor on for the account through the API, as its setup screen would; answers the secret and codes. */
async function turnOnTwoFactorByApi(client: APIRequestContext) {
  const { secret } = (await (await client.post("/api/accounts/me/two-factor/setup")).json()) as { secret: string };
  const confirm = await client.post("/api/accounts/me/two-factor/confirm", {
    data: { code: await generate({ secret }) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

async function fillLogin(page: Page, account: { username: string; password: string }) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("an admin turns on two-factor sign-in, signs out, and signs back in with a code", async ({ page }) => {
  const account = await newAdmin("two-factor");
  await fillLogin(page, account);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");

  await page
    .getByRole("navigation", { name: "Management sections" })
    .getByRole("link", { name: /^Admin Accounts/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Accounts");
  const admins = page.getByRole("list", { name: /Admins/ });
  await expect(admins.getByRole("listitem").filter({ hasText: account.username })).toContainText("You");

  await page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn On" }).click();
  await expectToast(page, "Error", "That code is not right");
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expectToast(page, "Two-factor sign-in is on");
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I Have Saved Them" }).click();
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();

  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");

  await fillLogin(page, account);
  const code = page.getByLabel("Code");
  await expect(code).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await code.fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Login failed", "Invalid code");
  await code.fill(await nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Login successful", "Welcome back!");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");

  await page.goto("/admin/activity");
  await expect(page.getByRole("list", { name: "Admin activity" })).toContainText("turn on two-factor");
});

test("adding and removing an admin and turning two-factor off ask for the password and a code again", async ({
  page,
}) => {
  const account = await newAdmin("reauth");
  const client = await apiAs(account);
  const { secret, recoveryCodes } = await turnOnTwoFactorByApi(client);
  await client.dispose();
  await fillLogin(page, account);
  await page.getByLabel("Code").fill(await nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
  await page.goto("/admin/accounts");

  const newcomer = `newcomer-${Date.now().toString(36)}`;
  const addForm = page.getByRole("form", { name: "Add an admin" });
  await addForm.getByLabel("Username").fill(newcomer);
  await addForm.getByLabel("Initial password").fill("newcomer-password");
  await addForm.getByLabel("Current password").fill(account.password);
  await addForm.getByRole("button", { name: "Add Admin" }).click();
  await expectToast(page, "Error", "Enter the code from your authenticator app (or a recovery code) as well");
  await addForm.getByLabel("Two-factor code").fill(recoveryCodes[0]!);
  await addForm.getByRole("button", { name: "Add Admin" }).click();
  await expectToast(page, "Admin added");

  const admins = page.getByRole("list", { name: /Admins/ });
  await admins.getByRole("button", { name: `Remove ${newcomer}` }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByLabel("Current password").fill(account.password);
  await dialog.getByLabel("Two-factor code").fill(recoveryCodes[1]!);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expectToast(page, "Admin removed");
  await expect(admins.getByRole("listitem").filter({ hasText: newcomer })).toHaveCount(0);

  const turnOff = page.getByRole("form", { name: "Turn off two-factor sign-in" });
  await turnOff.getByLabel("Current password").fill(account.password);
  await turnOff.getByLabel("Two-factor code").fill(recoveryCodes[2]!);
  await turnOff.getByRole("button", { name: "Turn Off Two-Factor" }).click();
  await expectToast(page, "Two-factor sign-in is off");
  await expect(page.getByRole("button", { name: "Set Up Two-Factor Sign-In" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** Every address the page asked for, to prove the password never rides in one. */
  const watchUrls = (page: Page) => {
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    return urls;
  };

  test("the login form posts, shows the server's refusal, and signs in without the password in any address", async ({
    page,
  }) => {
    const urls = watchUrls(page);
    await fillLogin(page, { username: E2E_ADMIN.username, password: "not-the-password" });
    await expect(page.getByRole("alert")).toContainText("Login failed: Invalid username or password");
    await expect(page.getByLabel("Username")).toHaveValue(E2E_ADMIN.username);

    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/admin`);
    expect((await page.request.get("/api/user")).status()).toBe(200);
    for (const url of [...urls, page.url()]) {
      expect(url).not.toContain(E2E_ADMIN.password);
      expect(url).not.toContain("not-the-password");
    }
    await page.goto("/admin/accounts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Accounts");
  });

  test("the two-factor code step works too", async ({ page }) => {
    const account = await newAdmin("no-js-code");
    const client = await apiAs(account);
    const { secret } = await turnOnTwoFactorByApi(client);
    await client.dispose();

    const urls = watchUrls(page);
    await fillLogin(page, account);
    const code = page.getByLabel("Code");
    await expect(code).toBeVisible();
    await code.fill("999999");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("Login failed: Invalid code");
    expect((await page.request.get("/api/user")).status()).toBe(401);

    await page.getByLabel("Code").fill(await nextCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
    expect((await (await page.request.get("/api/user")).json()) as { username: string }).toMatchObject({
      username: account.username,
    });
    for (const url of urls) expect(url).not.toContain(account.password);
  });
});
