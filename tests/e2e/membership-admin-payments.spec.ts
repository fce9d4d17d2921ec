import { expect } from "@playwright/test";
import { signIn } from "../support/e2e-auth";
import { expectNoSeriousViolations } from "../support/e2e-axe";
import { createService, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";

/*
 * The owner's /admin/memberships on a phone and on a desk's screen, on the payments server (its Stripe double):
 * a plan added, its price changed and the plan retired through the hydrated forms (fetchers).
 */

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

test("the owner adds, reprices and retires a plan on the memberships screen", async ({ page, owner }) => {
  const service = await createService(owner, { title: unique("Plan Cut"), price: 20, duration: 30 });
  const planName = unique("Two cuts");
  await signIn(page);
  await page.goto("/admin/memberships");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Memberships");

  const add = page.getByRole("form", { name: "Add a plan" });
  await add.getByLabel("Name").fill(planName);
  await add.getByLabel("Monthly price (£)").fill("40");
  await add.getByLabel("Visits per month").fill("2");
  await add.getByRole("button", { name: "Add plan" }).click();
  await expect(add.getByText("Choose at least one service the plan covers")).toBeVisible();
  await add.getByLabel(service.title).check();
  await add.getByRole("button", { name: "Add plan" }).click();
  await expect(page.getByRole("status")).toContainText("Plan added");
  const card = page.getByRole("listitem").filter({ hasText: planName });
  await expect(card).toContainText("£40.00 a month");
  // The saved form starts afresh for the next plan.
  await expect(add.getByLabel("Name")).toHaveValue("");
  await expect(add.getByText("Choose at least one service the plan covers")).toHaveCount(0);
  await page.screenshot({ path: "/work/wt/shots/membadmin-390-added.png", fullPage: true });

  await card.getByRole("link", { name: `Edit ${planName}` }).click();
  const edit = page.getByRole("form", { name: `Edit ${planName}` });
  await expect(edit).toContainText("A new price applies to members who join from now on");
  await edit.getByLabel("Monthly price (£)").fill("45");
  await page.screenshot({ path: "/work/wt/shots/membadmin-390-edit.png", fullPage: true });
  await edit.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByRole("status")).toContainText("Plan saved");
  await expect(card).toContainText("£45.00 a month");

  // A member joins at the double's Checkout; the screen lists them, linked to their customer record.
  const plans = (await (await owner.get("/api/membership-plans")).json()) as { id: number; name: string }[];
  const planId = plans.find((plan) => plan.name === planName)!.id;
  const memberName = unique("Member");
  const joined = await owner.post("/api/memberships", {
    data: { planId, name: memberName, email: `${memberName.replace(/\s+/g, ".").toLowerCase()}@example.com` },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await page.goto(((await joined.json()) as { checkoutUrl: string }).checkoutUrl);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("status").filter({ hasText: "membership is active" })).toBeVisible();
  await page.goto("/admin/memberships");
  const row = page.getByRole("row").filter({ hasText: memberName });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("0 of 2");
  await expect(row.getByRole("link", { name: memberName })).toHaveAttribute("href", /^\/admin\/customers\/\d+$/);
  await page.getByRole("heading", { name: "Members", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/work/wt/shots/membadmin-390-members.png" });
  await expectNoSeriousViolations(page, "/admin/memberships with a member, 390 px", { bestPractice: true });

  await card.getByRole("button", { name: `Retire ${planName}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Retire ${planName}?` });
  await expect(confirm).toContainText("Its members go on");
  await page.screenshot({ path: "/work/wt/shots/membadmin-390-retire.png" });
  await confirm.getByRole("button", { name: "Retire plan" }).click();
  await expect(page.getByRole("status")).toContainText("Plan retired");
  await expect(card).toContainText("Retired");
  await expect(card.getByRole("button", { name: `Retire ${planName}` })).toHaveCount(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "/work/wt/shots/membadmin-1440.png", fullPage: true });
  await expectNoSeriousViolations(page, "/admin/memberships with a member, 1440 px", { bestPractice: true });
});
