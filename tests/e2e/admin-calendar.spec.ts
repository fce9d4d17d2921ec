import { expect, type Page } from "@playwright/test";
import type { TeamMember } from "~/features/team/team.schema";
import { formatShopDate, toMinutes } from "~/lib/shop-time";
import { signIn } from "../support/e2e-auth";
import { AXE_VIEWPORTS, expectNoSeriousViolations } from "../support/e2e-axe";
import { createBarber, createService, newCustomer, nextWeekday, test } from "../support/e2e-booking";
import { unique } from "../support/e2e-fixtures";
import { e2eToday } from "../support/e2e-env";
import { gotoHydrated } from "../support/e2e-hydration";

/*
 * The owner's calendar (issue 24): a booking dragged to another barber and put back with Undo, moved
 * with the form alone, a named walk-in and a lunch block at 1440 px and on a phone, each barber's calendar
 * feed from the Team page, and screenshots of the day and week views (in the test's output folder).
 */

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
    const pxPerMinute = Number(await column(page, bea).getAttribute("data-px-per-minute"));
    const grabX = from.x + from.width / 2;
    const grabY = from.y + from.height / 2;
    await page.mouse.move(grabX, grabY);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, grabY + 40, { steps: 5 });
    await page.mouse.move(
      target.x + target.width / 2,
      target.y + (toMinutes("11:00") - firstMinute) * pxPerMinute + (grabY - blockTop),
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

      // Keyboard only: the Move… link, then the sheet's fields and Enter; the sheet opens in view, over the day.
      await booking.getByRole("link", { name: `Move… ${who.customerName}'s booking` }).focus();
      await page.keyboard.press("Enter");
      const form = page.getByRole("dialog", { name: new RegExp(`Move ${who.customerName}`) });
      await expect(form).toBeInViewport();
      await expect(form.getByRole("group", { name: /^Free times with/ })).toBeVisible();
      await form.getByLabel("Barber").selectOption(String(bea.id));
      // The barber's free start times for the day, offered to pick.
      await expect(
        form.getByRole("group", { name: `Free times with ${bea.name} on ${formatShopDate(date)}` }),
      ).toBeVisible();
      await form.getByRole("radio", { name: "12:00" }).focus();
      await page.keyboard.press("Space");
      await expect(form.getByRole("radio", { name: "12:00" })).toBeChecked();
      await page.screenshot({ path: test.info().outputPath(`calendar-move-sheet-${viewport.width}.png`) });
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
      // On the phone: a webcal:// link to tap and a QR code to scan, of the same address.
      const subscribe = card.getByRole("link", { name: "Subscribe on this device" });
      const path = new URL(await address.inputValue()).pathname;
      await expect(subscribe).toHaveAttribute("href", new RegExp(`^webcal://[^/]+${path}$`));
      await expect(card.getByRole("img", { name: /^QR code: scan it/ })).toBeVisible();
      await card.screenshot({ path: test.info().outputPath(`team-feed-${viewport.width}.png`) });
      expect(page.url()).not.toContain("calendar-feeds");
      const feed = await page.request.get(new URL(await address.inputValue()).pathname);
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain("BEGIN:VCALENDAR");
      await page.reload();
      await expect(card.getByRole("button", { name: "Calendar feed" })).toBeVisible();
      await expect(address).toHaveCount(0);
    });

    test("short appointments keep their status and actions, today has a time line, an empty time books a caller", async ({
      page,
      owner,
    }) => {
      const today = e2eToday();
      const trim = await createService(owner, { title: unique("Quick Trim"), price: 10, duration: 20 });
      const cut = await createService(owner, { title: unique("Calendar Cut"), price: 20, duration: 30 });
      const made = await owner.post("/api/team", {
        data: {
          name: unique("Barber"),
          bio: "",
          image: null,
          serviceIds: [String(trim.id), String(cut.id)],
          weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "10:00", end: "16:00" }] })),
          timeOff: [],
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      const barber = (await made.json()) as TeamMember;
      // The e2e shop clock starts at 10:00: both have begun, so attendance can be marked.
      const short = unique("Short Visit");
      const next = unique("Next Visit");
      for (const [service, startTime, customerName] of [
        [trim, "10:00", short],
        [cut, "10:20", next],
      ] as const) {
        const walkIn = await owner.post("/api/bookings/walk-in", {
          data: { services: [String(service.id)], memberId: barber.id, date: today, startTime, customerName },
        });
        expect(walkIn.status(), await walkIn.text()).toBe(201);
      }
      await signIn(page);
      await page.goto(`/admin/calendar?date=${today}&barber=${barber.id}`);

      // The 20-minute card is compact, its status written on it (a walk-in is attended as it is recorded); the card
      // after it is not covered.
      const shortCard = column(page, barber).getByRole("listitem").filter({ hasText: short });
      const nextCard = column(page, barber).getByRole("listitem").filter({ hasText: next });
      await expect(shortCard).toContainText("Attended");
      const shortBox = (await shortCard.boundingBox())!;
      expect((await nextCard.boundingBox())!.y).toBeGreaterThanOrEqual(shortBox.y + shortBox.height);
      await nextCard.getByRole("link", { name: `Move… ${next}'s booking` }).click({ trial: true });
      await expect(nextCard).toContainText("Attended");
      await page.screenshot({ path: test.info().outputPath(`calendar-today-${viewport.width}.png`), fullPage: true });

      // Its actions open in a popover, in view.
      await shortCard.getByRole("button", { name: `Details and actions: ${short}'s booking` }).click();
      const menu = page.getByRole("dialog", { name: `${short}'s booking` });
      await expect(menu).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`calendar-popover-${viewport.width}.png`) });
      await menu.getByRole("button", { name: `No-show (${short})` }).click();
      await expect(shortCard).toContainText("No-show");

      // The line at the shop's time, on today.
      await expect(column(page, barber).getByTestId("now-line")).toBeVisible();
      await expect(page.getByTestId("now-label")).toHaveText(/^1\d:\d\d$/);

      // A click on free time at 14:00 opens "Book for a caller" with the barber and that time.
      const free = column(page, barber).locator("[data-new-appointment]").last();
      const start = toMinutes((await free.getAttribute("data-new-appointment"))!);
      const pxPerMinute = Number(await column(page, barber).getAttribute("data-px-per-minute"));
      const area = (await free.boundingBox())!;
      await free.click({ position: { x: area.width / 2, y: (toMinutes("14:00") - start) * pxPerMinute + 3 } });
      const dialog = page.getByRole("dialog", { name: "Book for a caller" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("checkbox", { name: new RegExp(cut.title) }).check();
      await expect(dialog.getByLabel("Barber")).toHaveValue(String(barber.id));
      await expect(dialog.getByLabel("Time")).toHaveValue("14:00");
      await page.screenshot({ path: test.info().outputPath(`calendar-new-appointment-${viewport.width}.png`) });
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
