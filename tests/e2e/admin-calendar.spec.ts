import { expect, type Page } from "@playwright/test";
import type { TeamMember } from "~/features/team/team.schema";
import { toMinutes } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { AXE_VIEWPORTS, expectNoSeriousViolations } from "../support/e2e-axe";
import { createBarber, createService, newCustomer, nextWeekday, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";
import { gotoHydrated } from "../support/e2e-hydration";

/*
 * The owner's calendar (issue 24): a booking dragged to another barber and put back with Undo, moved
 * with the form alone, a named walk-in and a lunch block at 1440 px and on a phone, each barber's calendar
 * feed from the Team page, and screenshots of the day and week views (in the test's output folder).
 */

const PX_PER_MINUTE = 1.6;

async function setUp(owner: Parameters<Parameters<typeof test>[2]>[0]["owner"]) {
  const service = await createService(owner, { title: unique("Calendar Cut"), price: 20, duration: 30 });
  const alex = await createBarber(owner, service);
  const bea = await createBarber(owner, service);
  const date = nextWeekday();
  const who = { ...newCustomer(), customerName: unique("Calendar Customer") };
  const response = await owner.post("/api/bookings", {
    data: { ...who, services: [String(service.id)], date, startTime: "10:00", memberId: alex.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { service, alex, bea, date, who };
}

/** The day's takings in pounds, as the calendar writes them. */
const takings = async (page: Page) =>
  Number((/£([\d,.]+)/.exec(await page.getByTestId("takings").innerText())?.[1] ?? "").replace(",", ""));

const column = (page: Page, member: TeamMember) => page.locator(`[data-calendar-column="${member.id}"]`);

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test("the owner drags a booking to another barber and undoes it", async ({ page, owner }) => {
    const { alex, bea, date, who } = await setUp(owner);
    await signIn(page);
    // Hydrated in full: the drag reads the layout once and its pointer moves need the calendar's handlers.
    await gotoHydrated(page, `/admin/calendar?date=${date}`);
    const block = column(page, alex).getByRole("listitem").filter({ hasText: who.customerName });
    await expect(block).toContainText("10:00 – 10:30");

    const handle = block.getByRole("button", { name: `Drag ${who.customerName}'s booking` });
    // Every barber has a column, other tests' and earlier repeats' too, so the day may be wider than the
    // screen: bring Bea's column into view, and Alex's beside it, before the layout is read.
    await column(page, bea).scrollIntoViewIfNeeded();
    await handle.scrollIntoViewIfNeeded();
    await expect(handle).toBeInViewport();
    const from = (await handle.boundingBox())!;
    const blockTop = (await block.boundingBox())!.y;
    const target = (await column(page, bea).boundingBox())!;
    expect(target.x + target.width / 2, "the middle of Bea's column is on screen").toBeLessThan(1440);
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

for (const viewport of AXE_VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport });
    const phone = viewport.width < 768;

    test("the owner moves a booking with the keyboard-only form, records a named walk-in and blocks lunch", async ({
      page,
      owner,
    }) => {
      const { service, alex, bea, date, who } = await setUp(owner);
      await signIn(page);
      await gotoHydrated(page, `/admin/calendar?date=${date}&barber=${alex.id}`);
      const booking = column(page, alex).getByRole("listitem").filter({ hasText: who.customerName });
      await expect(booking).toBeVisible();
      // On a phone one barber at a time; at 1440 px all side by side.
      if (phone) await expect(column(page, bea)).toBeHidden();
      else await expect(column(page, bea)).toBeVisible();

      // Keyboard only: the Move… link, then the form's fields and Enter.
      await booking.getByRole("link", { name: `Move… ${who.customerName}'s booking` }).focus();
      await page.keyboard.press("Enter");
      const form = page.getByRole("region", { name: new RegExp(`Move ${who.customerName}`) });
      await form.getByLabel("Time", { exact: true }).fill("12:00");
      await form.getByLabel("Barber").selectOption(String(bea.id));
      await form.getByRole("button", { name: "Move booking" }).focus();
      await page.keyboard.press("Enter");
      await expect(form).toBeHidden();
      if (phone) await page.getByLabel("Barber shown").selectOption(String(bea.id));
      await expect(column(page, bea).getByRole("listitem").filter({ hasText: who.customerName })).toContainText(
        "12:00 – 12:30",
      );

      // A walk-in at 14:00 with Bea, by name and phone: counted in the takings, and a customer record.
      const walkerName = unique("Jo Walker");
      const takingsBefore = await takings(page);
      const walkIn = page.locator("details").filter({ hasText: "Walk-in" });
      await walkIn.getByRole("checkbox", { name: new RegExp(service.title) }).check();
      await walkIn.getByLabel("Barber").selectOption(String(bea.id));
      await walkIn.getByLabel("Time (empty: now)").fill("14:00");
      await walkIn.getByLabel("Name (optional)").fill(walkerName);
      await walkIn.getByLabel("Phone (optional)").fill(`07700 9${String(Date.now()).slice(-5)}`);
      await walkIn.getByRole("button", { name: "Record walk-in" }).click();
      const walker = column(page, bea).getByRole("listitem").filter({ hasText: walkerName });
      await expect(walker).toContainText("14:00 – 14:30");
      await expect(walker).toContainText("walk-in");
      // The walk-in's £20 and the £8 booking fee on top of the day's (another test may add its own meanwhile).
      await expect.poll(() => takings(page)).toBeGreaterThanOrEqual(takingsBefore + 28);

      // Lunch for Bea, 13:00–13:30: shown on her column and no longer offered online.
      const blockForm = page.locator("details").filter({ hasText: "Block time" });
      await blockForm.getByLabel("Barber").selectOption(String(bea.id));
      await blockForm.getByLabel("From", { exact: true }).fill("13:00");
      await blockForm.getByLabel("To", { exact: true }).fill("13:30");
      await blockForm.getByLabel("Note", { exact: true }).fill("Lunch");
      await blockForm.getByRole("button", { name: "Block time" }).click();
      await expect(column(page, bea).getByRole("listitem").filter({ hasText: "Blocked: Lunch" })).toBeVisible();
      const offered = await (
        await owner.get(`/api/availability?date=${date}&services=${service.id}&member=${bea.id}`)
      ).json();
      expect((offered as { startTime: string }[]).map((time) => time.startTime)).not.toContain("13:00");

      await walker.getByRole("link", { name: walkerName, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(walkerName);
      await expect(page.getByText("— (walk-in)")).toBeVisible();
    });

    test("a barber's Team card gives a calendar feed address, shown once and never in the page's address", async ({
      page,
      owner,
    }) => {
      const { alex } = await setUp(owner);
      await signIn(page);
      // Hydrated in full: the post's answer re-renders parts of the page React may still be hydrating, which
      // on a busy machine took longer than an assertion waits.
      await gotoHydrated(page, "/admin/team");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: alex.name }) });
      await card.getByRole("button", { name: "Calendar feed" }).click();
      const address = card.getByLabel(`${alex.name}'s calendar address (shown once: copy it now)`);
      await expect(address).toHaveValue(/\/api\/calendar-feeds\/[\w-]{43}\.ics$/);
      await expect(card).toContainText("retires the previous one");
      expect(page.url()).not.toContain("calendar-feeds");
      const feed = await page.request.get(new URL(await address.inputValue()).pathname);
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain("BEGIN:VCALENDAR");
      await page.reload();
      await expect(card.getByRole("button", { name: "Calendar feed" })).toBeVisible();
      await expect(address).toHaveCount(0);
    });
  });
}

test("the day and week views have no serious accessibility problems, cancelled bookings shown", async ({
  page,
  owner,
  customer,
}) => {
  // Two views at two widths, each checked with axe and captured whole.
  test.slow();
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
      await expectNoSeriousViolations(page, `/admin/calendar ${view}, ${viewport.name}`, { bestPractice: true });
      await page.screenshot({ path: test.info().outputPath(`calendar-${view}-${viewport.width}.png`), fullPage: true });
    }
  }
});
