import { expect, type Page } from "@playwright/test";
import type { TeamMember } from "~/features/team/team.schema";
import { toMinutes } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { AXE_VIEWPORTS, expectNoSeriousViolations } from "../support/e2e-axe";
import { createBarber, createService, customer, nextWeekday, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";

/*
 * The owner's calendar (issue 24): a booking dragged to another barber and put back with Undo, moved
 * with the form alone, a walk-in and a lunch block, at 1440 px and on a phone.
 */

const PX_PER_MINUTE = 1.6;

async function setUp(owner: Parameters<Parameters<typeof test>[2]>[0]["owner"]) {
  const service = await createService(owner, { title: unique("Calendar Cut"), price: 20, duration: 30 });
  const alex = await createBarber(owner, service);
  const bea = await createBarber(owner, service);
  const date = nextWeekday();
  const who = { ...customer, customerName: unique("Calendar Customer") };
  const response = await owner.post("/api/bookings", {
    data: { ...who, services: [String(service.id)], date, startTime: "10:00", memberId: alex.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { service, alex, bea, date, who };
}

const column = (page: Page, member: TeamMember) => page.locator(`[data-calendar-column="${member.id}"]`);

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test("the owner drags a booking to another barber and undoes it", async ({ page, owner }) => {
    const { alex, bea, date, who } = await setUp(owner);
    await signIn(page);
    await page.goto(`/admin/calendar?date=${date}`);
    const block = column(page, alex).getByRole("listitem").filter({ hasText: who.customerName });
    await expect(block).toContainText("10:00 – 10:30");

    const handle = block.getByRole("button", { name: `Drag ${who.customerName}'s booking` });
    const from = (await handle.boundingBox())!;
    const blockTop = (await block.boundingBox())!.y;
    const target = (await column(page, bea).boundingBox())!;
    const firstMinute = Number(await column(page, bea).getAttribute("data-first-minute"));
    const grabX = from.x + from.width / 2;
    const grabY = from.y + from.height / 2;
    await page.mouse.move(grabX, grabY);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, grabY + 40, { steps: 5 });
    await page.mouse.move(
      target.x + target.width / 2,
      target.y + (toMinutes("11:00") - firstMinute) * PX_PER_MINUTE + (grabY - blockTop),
      { steps: 5 },
    );
    await page.mouse.up();

    const moved = column(page, bea).getByRole("listitem").filter({ hasText: who.customerName });
    await expect(moved).toContainText("11:00 – 11:30");
    await expect(column(page, alex).getByRole("listitem").filter({ hasText: who.customerName })).toHaveCount(0);
    const undo = page.getByRole("status").filter({ hasText: `Moved ${who.customerName}` });
    await expect(undo).toContainText(`11:00 with ${bea.name}`);
    await undo.getByRole("button", { name: "Undo" }).click();
    await expect(block).toContainText("10:00 – 10:30");
    await expect(moved).toHaveCount(0);
  });
});

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the owner moves a booking with the form, records a walk-in and blocks lunch", async ({ page, owner }) => {
    const { service, alex, bea, date, who } = await setUp(owner);
    await signIn(page);
    await page.goto(`/admin/calendar?date=${date}&barber=${alex.id}`);
    const booking = column(page, alex).getByRole("listitem").filter({ hasText: who.customerName });
    await expect(booking).toBeVisible();
    await expect(column(page, bea)).toBeHidden();

    // Keyboard only: the Move… link, then the form's fields and Enter.
    await booking.getByRole("link", { name: `Move… ${who.customerName}'s booking` }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("region", { name: new RegExp(`Move ${who.customerName}`) });
    await form.getByLabel("Time").fill("12:00");
    await form.getByLabel("Barber").selectOption(String(bea.id));
    await form.getByRole("button", { name: "Move booking" }).focus();
    await page.keyboard.press("Enter");
    await expect(form).toBeHidden();
    await page.getByLabel("Barber shown").selectOption(String(bea.id));
    await expect(column(page, bea).getByRole("listitem").filter({ hasText: who.customerName })).toContainText(
      "12:00 – 12:30",
    );

    // A walk-in at 14:00 with Bea, by name.
    const walkIn = page.locator("details").filter({ hasText: "Walk-in" });
    await walkIn.getByRole("checkbox", { name: new RegExp(service.title) }).check();
    await walkIn.getByLabel("Barber").selectOption(String(bea.id));
    await walkIn.getByLabel("Time (empty: now)").fill("14:00");
    await walkIn.getByLabel("Name (optional)").fill("Jo Walker");
    await walkIn.getByRole("button", { name: "Record walk-in" }).click();
    const walker = column(page, bea).getByRole("listitem").filter({ hasText: "Jo Walker" });
    await expect(walker).toContainText("14:00 – 14:30");
    await expect(walker).toContainText("walk-in");

    // Lunch for Bea, 13:00–13:30: shown on her column and no longer offered online.
    const blockForm = page.locator("details").filter({ hasText: "Block time" });
    await blockForm.getByLabel("Barber").selectOption(String(bea.id));
    await blockForm.getByLabel("From").fill("13:00");
    await blockForm.getByLabel("To").fill("13:30");
    await blockForm.getByLabel("Note").fill("Lunch");
    await blockForm.getByRole("button", { name: "Block time" }).click();
    await expect(column(page, bea).getByRole("listitem").filter({ hasText: "Blocked: Lunch" })).toBeVisible();
    const offered = await (
      await owner.get(`/api/availability?date=${date}&services=${service.id}&member=${bea.id}`)
    ).json();
    expect((offered as { startTime: string }[]).map((time) => time.startTime)).not.toContain("13:00");
  });
});

test("the day and week views have no serious accessibility problems, cancelled bookings shown", async ({
  page,
  owner,
}) => {
  const { service, alex, date } = await setUp(owner);
  const cancelled = await owner.post("/api/bookings", {
    data: { ...customer, services: [String(service.id)], date, startTime: "13:00", memberId: alex.id },
  });
  await page.request.post(`/api/bookings/manage/${(await cancelled.json()).manageToken}/cancel`);
  await signIn(page);
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const view of ["day", "week"]) {
      await page.goto(`/admin/calendar?date=${date}&view=${view}&cancelled=1`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calendar");
      await expectNoSeriousViolations(page, `/admin/calendar ${view}, ${viewport.name}`);
    }
  }
});
