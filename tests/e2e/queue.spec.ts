import { expect, type APIRequestContext } from "@playwright/test";
import { createService, test } from "../support/e2e-booking";
import { signIn } from "../support/e2e-auth";
import { unique } from "../support/e2e-fixtures";

/*
 * The walk-in queue (issue 33): a customer joins from the phone, sees their place move when the owner serves
 * the one ahead (without reloading), and leaves; the TV at the door at 1920 × 1080.
 */

async function openTheQueue(owner: APIRequestContext) {
  const settings = await (await owner.get("/api/settings")).json();
  const saved = await owner.put("/api/settings", {
    data: { ...settings, queue: { ...settings.queue, enabled: true, maxWaiting: 50, closesBeforeCloseMinutes: 0 } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A barber of this test who works all day, every day, so the queue's clock finds them in at any hour. */
async function allDayBarber(owner: APIRequestContext, serviceId: number) {
  const settings = await (await owner.get("/api/settings")).json();
  const response = await owner.post("/api/team", {
    data: {
      name: unique("Queue Barber"),
      bio: "",
      image: null,
      serviceIds: [String(serviceId)],
      weeklyHours: settings.openingHours,
      timeOff: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

test.describe("the walk-in queue on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a customer joins, sees their place move when the one ahead is served, and leaves", async ({ page, owner }) => {
    test.setTimeout(90_000);
    await openTheQueue(owner);
    const service = await createService(owner, { title: unique("Queue Cut"), price: 15, duration: 20 });
    const barber = await allDayBarber(owner, service.id);
    const ahead = await owner.post("/api/queue", {
      data: { name: "Alex Ahead", serviceIds: [service.id], memberId: barber.id },
    });
    expect(ahead.status(), await ahead.text()).toBe(201);

    await page.goto("/queue");
    await expect(page.getByRole("heading", { level: 1, name: "Join the queue" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Priya Patel");
    await page.getByRole("checkbox", { name: new RegExp(service.title) }).check();
    await page.getByLabel("Barber").selectOption(String(barber.id));
    await page.getByRole("button", { name: "Join the queue" }).click();
    await expect(page).toHaveURL(/\/queue\/[A-Za-z0-9_-]{43}$/);
    const headline = page.getByTestId("queue-headline");
    const place = Number((await headline.textContent())?.match(/number (\d+)/)?.[1]);
    expect(place).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("queue-estimate")).toContainText("Estimated start");

    // The owner serves the one ahead: the page moves up on its own.
    const entries = (await (await owner.get("/api/queue/entries")).json()) as {
      id: number;
      name: string;
      status: string;
    }[];
    const alex = entries.findLast((entry) => entry.name === "Alex Ahead" && entry.status === "waiting")!;
    const served = await owner.post(`/api/queue/${alex.id}/serve`, { data: {} });
    expect(served.status(), await served.text()).toBe(200);
    let reloaded = false;
    page.on("load", () => (reloaded = true));
    await expect(headline).toHaveText(place - 1 === 1 ? "You're next" : `You're number ${place - 1} in the queue`, {
      timeout: 20_000,
    });
    expect(reloaded).toBe(false);

    await page.getByRole("button", { name: "Leave the queue" }).click();
    await expect(headline).toHaveText("You've left the queue");
    await owner.post(`/api/queue/${alex.id}/done`, { data: {} });
  });
});

test.describe("the walk-in queue without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("a customer joins with the plain form, sees their place, and leaves", async ({ page, owner }) => {
    await openTheQueue(owner);
    const service = await createService(owner, { title: unique("Plain Cut"), price: 15, duration: 20 });
    await allDayBarber(owner, service.id);
    await page.goto("/queue");
    await page.getByLabel("Name", { exact: true }).fill("Noah Script");
    await page.getByRole("checkbox", { name: new RegExp(service.title) }).check();
    await page.getByRole("button", { name: "Join the queue" }).click();
    await expect(page).toHaveURL(/\/queue\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("queue-headline")).toHaveText(/You're (next|number \d+ in the queue)/);
    // Without JavaScript the page refreshes itself every 30 s.
    await expect(page.locator('meta[http-equiv="refresh"][content="30"]')).toHaveCount(1);
    await page.getByRole("button", { name: "Leave the queue" }).click();
    await expect(page.getByTestId("queue-headline")).toHaveText("You've left the queue");
  });
});

test.describe("the TV at the door", () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("shows the next names as first name and initial, the waits and the QR code, without a session", async ({
    page,
    owner,
  }) => {
    await openTheQueue(owner);
    const service = await createService(owner, { title: unique("Display Cut"), price: 15, duration: 30 });
    const barber = await allDayBarber(owner, service.id);
    for (const name of ["Jordan Smith", "Casey Jones", "Riley Brown"]) {
      const joined = await owner.post("/api/queue", { data: { name, serviceIds: [service.id], memberId: barber.id } });
      expect(joined.status(), await joined.text()).toBe(201);
    }
    await page.goto("/queue/display");
    await expect(page.getByRole("heading", { level: 2, name: "Next up" })).toBeVisible();
    await expect(page.getByTestId("display-entry").filter({ hasText: "Jordan S." }).first()).toBeVisible();
    await expect(page.getByText("Jordan Smith")).toHaveCount(0);
    await expect(page.getByRole("img", { name: /QR code of .*\/queue/ })).toBeVisible();
    await expect(page.getByText("First free barber")).toBeVisible();
    await page.screenshot({ path: "/tmp/queue/display.png" });
  });
});

test.describe("the owner's side", () => {
  test("the queue beside today's calendar: call, serve and check out from the panel; the poster prints the QR code", async ({
    page,
    owner,
  }) => {
    await openTheQueue(owner);
    const service = await createService(owner, { title: unique("Panel Cut"), price: 15, duration: 20 });
    const barber = await allDayBarber(owner, service.id);
    const name = unique("Morgan");
    const joined = await owner.post("/api/queue", { data: { name, serviceIds: [service.id], memberId: barber.id } });
    expect(joined.status(), await joined.text()).toBe(201);
    await signIn(page);
    await page.goto("/admin/calendar");
    const panel = page.getByRole("complementary", { name: "Walk-in queue" });
    const entry = panel.getByTestId("queue-entry").filter({ hasText: name });
    await expect(entry).toContainText(service.title);
    await entry.getByRole("button", { name: "Call" }).click();
    await expect(entry).toContainText("Called");
    await entry.getByRole("button", { name: "Serve" }).click();
    await expect(entry).toContainText("In the chair");
    // The walk-in's sale is the till's: "Check out" opens it on the booking serving made.
    await panel.screenshot({ path: "/tmp/queue/panel-serving.png" });
    await entry.getByRole("link", { name: `Check out ${name}` }).click();
    await expect(page.getByRole("heading", { name: new RegExp(`Check out ${name} \\(OB-`) })).toBeVisible();
    await page.goto("/admin/calendar");
    await entry.getByRole("button", { name: "Done" }).click();
    await expect(entry).toHaveCount(0);
    await page.goto("/admin/queue-poster");
    await expect(page.getByRole("img", { name: /QR code of .*\/queue/ })).toBeVisible();
    await page.screenshot({ path: "/tmp/queue/poster.png", fullPage: true });
  });
});
