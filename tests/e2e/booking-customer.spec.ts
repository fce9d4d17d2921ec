import fs from "node:fs";
import { expect } from "@playwright/test";
import { NOT_ENOUGH_TIME_MESSAGE, SLOT_TAKEN_MESSAGE } from "~/features/booking/booking-messages.schema";
import { formatShopDate } from "~/lib/shop-time";
import {
  calendarDay,
  chooseBooking,
  createBarber,
  createService,
  createSlots,
  createTwoServices,
  futureDate,
  nextWeekday,
  test,
  publicSlots,
} from "../support/e2e-booking";
import { expectToast, unique } from "../support/e2e-fixtures";
import { gotoHydrated } from "../support/e2e-hydration";

test("a customer books two services, sees fee and total, keeps a confirmation, and the cancel link frees the slot", async ({
  page,
  owner,
  customer,
}) => {
  const services = await createTwoServices(owner);
  const date = await futureDate(owner, 0);
  const [slot] = await createSlots(owner, { dates: [date], startTime: "10:00", endTime: "10:45" });

  await page.goto("/bookings");
  await expect(page.getByRole("heading", { level: 1, name: "Book an Appointment" })).toBeVisible();
  // The fee is said before anything is chosen.
  await expect(page.getByText(/appointment fee of £8\.00 is added to every booking/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" })).toHaveCount(0);

  await chooseBooking(page, { services, date, time: "10:00 – 10:45", who: customer });
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("Total duration55 mins");
  await expect(summary).toContainText("Subtotal£25.75");
  await expect(summary).toContainText("Appointment fee£8.00");
  await expect(summary).toContainText("Total£33.75");
  await expect(page.getByRole("button", { name: "10:00 – 10:45" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Your appointment has been booked successfully!");

  const confirmation = page.getByRole("region", { name: "Your appointment is booked" });
  await expect(confirmation).toContainText(formatShopDate(date));
  await expect(confirmation).toContainText("10:00 – 10:55");
  await expect(confirmation).toContainText(services[0].title);
  await expect(confirmation).toContainText(services[1].title);
  await expect(confirmation).toContainText("£33.75");
  await expect(confirmation).toContainText(/OB-[2-9A-Z]{8}/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    confirmation.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^oldham-barbers-OB-[2-9A-Z]{8}\.ics$/);
  const ics = fs.readFileSync(await download.path(), "utf8");
  const day = date.replaceAll("-", "");
  expect(ics).toContain(`DTSTART;TZID=Europe/London:${day}T100000`);
  // The services (55 minutes) run past the 45-minute slot, whose next minutes are free: the entry ends with them.
  expect(ics).toContain(`DTEND;TZID=Europe/London:${day}T105500`);

  // Everything is cleared for the next booking.
  await expect(page.getByRole("checkbox", { name: services[0].title })).not.toBeChecked();
  await expect(page.getByRole("region", { name: "Summary" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your Details" })).toHaveCount(0);

  // The slot has left the public list and the calendar.
  expect((await publicSlots(owner)).map((free) => free.id)).not.toContain(slot!.id);
  await expect(await calendarDay(page, "Choose a date", date)).toHaveAttribute("aria-disabled", "true");

  await confirmation.getByRole("link", { name: "View or cancel your booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Booking" })).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByText(`Hello ${customer.customerName}`)).toBeVisible();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to cancel this booking?" });
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expectToast(page, "Your booking has been cancelled");
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

  expect((await publicSlots(owner)).map((free) => free.id)).toContain(slot!.id);
});

test("of two customers racing for one slot, one books and the other is told plainly and keeps their choices", async ({
  browser,
  owner,
  customer,
}) => {
  const services = await createTwoServices(owner);
  const date = await futureDate(owner, 1);
  await createSlots(owner, { dates: [date], startTime: "11:15", endTime: "11:45" });

  const people = [
    { ...customer, customerName: "First Racer", customerEmail: "first@example.com" },
    { ...customer, customerName: "Second Racer", customerEmail: "second@example.com" },
  ];
  const contexts = await Promise.all(people.map(() => browser.newContext()));
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  for (const [index, page] of pages.entries()) {
    await page.goto("/bookings");
    await chooseBooking(page, { services: [services[0]], date, time: "11:15 – 11:45", who: people[index] });
  }

  await Promise.all(pages.map((page) => page.getByRole("button", { name: "Book Appointment" }).click()));

  const outcomes = await Promise.all(
    pages.map(async (page) => {
      const booked = page.getByRole("region", { name: "Your appointment is booked" });
      const refused = page.getByRole("alert").filter({ hasText: SLOT_TAKEN_MESSAGE });
      await expect(booked.or(refused)).toBeVisible();
      return (await booked.isVisible()) ? "booked" : "refused";
    }),
  );
  expect(outcomes.toSorted()).toEqual(["booked", "refused"]);

  const loser = pages[outcomes.indexOf("refused")]!;
  const who = people[outcomes.indexOf("refused")]!;
  // The slots are fresh: the only one of that day is gone, and the choices and details are still there.
  await expect(loser.getByText("No available slots for the selected date. Please choose another date.")).toBeVisible();
  await expect(loser.getByRole("checkbox", { name: services[0].title })).toBeChecked();
  await expect(loser.getByLabel("Name", { exact: true })).toHaveValue(who.customerName);
  await expect(loser.getByLabel("Email", { exact: true })).toHaveValue(who.customerEmail);
  await expect(loser.getByText("Please select a time slot")).toBeVisible();
  await expect(loser.getByRole("button", { name: "Book Appointment" })).toBeDisabled();

  await Promise.all(contexts.map((context) => context.close()));
});

test("the details form checks its fields and the submit waits for a service and a slot", async ({
  page,
  owner,
  customer,
}) => {
  const services = await createTwoServices(owner);
  const date = await futureDate(owner, 2);
  await createSlots(owner, { dates: [date], startTime: "12:30", endTime: "13:00" });

  await page.goto("/bookings");
  await expect(page.getByRole("heading", { name: "Your Details" })).toHaveCount(0);
  await chooseBooking(page, {
    services: [services[0]],
    date,
    time: "12:30 – 13:00",
    who: { ...customer, customerName: "S", customerEmail: "not-an-email", customerPhone: "12345" },
  });
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter a valid UK phone number")).toBeVisible();

  await page.getByRole("checkbox", { name: services[0].title }).uncheck();
  await expect(page.getByText("Please select at least one service")).toBeVisible();
  await expect(page.getByRole("button", { name: "Book Appointment" })).toBeDisabled();
});

test("the calendar offers only dates with free slots and works from the keyboard", async ({ page, owner }) => {
  const services = await createTwoServices(owner);
  const date = await futureDate(owner, 3);
  await createSlots(owner, { dates: [date], startTime: "13:00", endTime: "14:00", repeatEveryMinutes: 20 });

  await page.goto("/bookings");
  await page.getByRole("checkbox", { name: services[0].title }).check();
  const day = await calendarDay(page, "Choose a date", date);
  await expect(day).toHaveAccessibleName(new RegExp(`^${formatShopDate(date)}, 3 slots available$`));
  await expect(
    page
      .getByRole("group", { name: "Choose a date" })
      .getByRole("button", { name: /no slots available$/ })
      .first(),
  ).toHaveAttribute("aria-disabled", "true");

  // Focus the day before, move right with the arrow key and choose with Enter.
  await day.focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await expect(day).toBeFocused();
  await page.keyboard.press("Enter");
  const times = page.getByRole("group", { name: `Times on ${formatShopDate(date)}` });
  await expect(times.getByRole("button")).toHaveText(["13:00 – 13:20", "13:20 – 13:40", "13:40 – 14:00"]);
  await times.getByRole("button", { name: "13:20 – 13:40" }).press("Enter");
  await expect(times.getByRole("button", { name: "13:20 – 13:40" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "Your Details" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer chooses a service, a barber, a date and a computed time with plain forms, books and opens the booking", async ({
    page,
    owner,
    customer,
  }) => {
    const service = await createService(owner, { title: unique("Plain Cut"), price: 20, duration: 30 });
    const barber = await createBarber(owner, service);
    const date = nextWeekday();

    await page.goto("/bookings");
    await page.getByRole("checkbox", { name: service.title }).check();
    await page
      .getByRole("region", { name: "Choose Your Services" })
      .getByRole("button", { name: "Show free dates" })
      .click();
    await expect(page.getByRole("checkbox", { name: service.title })).toBeChecked();
    await expect(page.getByRole("region", { name: "Summary" })).toContainText("Total£28.00");

    await page.getByRole("radio", { name: new RegExp(barber.name) }).check();
    await page.getByRole("button", { name: "Show free dates" }).last().click();
    await expect(page.getByRole("radio", { name: new RegExp(barber.name) })).toBeChecked();
    const day = await calendarDay(page, "Choose a date", date);
    await expect(day).toHaveAccessibleName(new RegExp(`^${formatShopDate(date)}, times available$`));
    await day.click();

    const times = page.getByRole("group", { name: `Times on ${formatShopDate(date)}` });
    await expect(times.getByRole("button").first()).toHaveText("10:00 – 10:30");
    await times.getByRole("button", { name: "10:00 – 10:30" }).click();
    await expect(times.getByRole("button", { name: "10:00 – 10:30" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("checkbox", { name: service.title })).toBeChecked();
    await expect(page.getByRole("region", { name: "Summary" })).toContainText(`Barber${barber.name}`);

    await page.getByLabel("Name", { exact: true }).fill(customer.customerName);
    await page.getByLabel("Email", { exact: true }).fill(customer.customerEmail);
    await page.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
    await page.getByRole("button", { name: "Book Appointment" }).click();

    const confirmation = page.getByRole("region", { name: "Your appointment is booked" });
    await expect(confirmation).toContainText(formatShopDate(date));
    await expect(confirmation).toContainText("10:00 – 10:30");
    await expect(confirmation).toContainText(service.title);
    await expect(confirmation).toContainText(barber.name);
    await expect(confirmation).toContainText("£28.00");
    await expect(confirmation).toContainText(/OB-[2-9A-Z]{8}/);
    await expect(confirmation.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      /^data:text\/calendar/,
    );
    // The page starts afresh, and the private link is nowhere in the address.
    await expect(page.getByRole("checkbox", { name: service.title })).not.toBeChecked();
    await expect(page.getByRole("heading", { name: "Your Details" })).toHaveCount(0);
    expect(page.url()).not.toContain("manage");

    await confirmation.getByRole("link", { name: "View or cancel your booking" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Booking" })).toBeVisible();
    await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(page.getByText(`Hello ${customer.customerName}`)).toBeVisible();
    await expect(page.getByRole("main")).toContainText("10:00 – 10:30");
  });

  test("a booking sent once, reloaded, gone back to and sent again from a stale form stays one booking", async ({
    page,
    owner,
    customer,
  }) => {
    const service = await createService(owner, { title: unique("Once Cut"), price: 20, duration: 30 });
    const barber = await createBarber(owner, service);
    const date = nextWeekday();
    const email = `${unique("once").replace(/\W+/g, "-")}@example.com`.toLowerCase();
    const formUrl = `/bookings?service=${service.id}&barber=${barber.id}&date=${date}&time=time:10:00`;
    const sendDetails = async (tab: typeof page) => {
      await tab.getByLabel("Name", { exact: true }).fill(customer.customerName);
      await tab.getByLabel("Email", { exact: true }).fill(email);
      await tab.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
      await tab.getByRole("button", { name: "Book Appointment" }).click();
    };
    // The same form open in a second tab: what "back" shows where the browser keeps the old page.
    const staleTab = await page.context().newPage();
    await staleTab.goto(formUrl);

    await page.goto(formUrl);
    await sendDetails(page);
    const confirmation = page.getByRole("region", { name: "Your appointment is booked" });
    await expect(confirmation).toContainText(/OB-[2-9A-Z]{8}/);
    const reference = (await confirmation.textContent())!.match(/OB-[2-9A-Z]{8}/)![0];
    // Post, redirect, get: the address is the confirmation's, naming only the reference.
    expect(new URL(page.url()).search).toBe(`?booked=${reference}`);

    await page.reload();
    await expect(confirmation).toContainText(reference);

    // Back on the form's page: its time is now taken, so there is nothing to send again.
    await page.goBack();
    const times = page.getByRole("group", { name: `Times on ${formatShopDate(date)}` });
    await expect(times.getByRole("button").first()).toHaveText("10:30 – 11:00");
    await expect(page.getByRole("button", { name: "Book Appointment" })).toHaveCount(0);

    // The stale form sent anyway: refused, naming the booking already made.
    await sendDetails(staleTab);
    await expect(staleTab.getByRole("alert").filter({ hasText: reference })).toHaveText(
      `You already have a booking at 10:00 on ${formatShopDate(date, "weekdayDate")} (${reference}). To change it, use the link in your confirmation.`,
    );

    const record = await owner.get(`/api/customers/${encodeURIComponent(email)}`);
    expect(record.status(), await record.text()).toBe(200);
    expect((await record.json()).bookings).toBe(1);
  });

  test("a refused booking shows the schema's messages, then the lost time, keeping the typed details", async ({
    page,
    owner,
    customer,
  }) => {
    const service = await createService(owner, { title: unique("Plain Trim"), price: 12, duration: 45 });
    const barber = await createBarber(owner, service);
    const date = nextWeekday();
    const times = page.getByRole("group", { name: `Times on ${formatShopDate(date)}` });
    // An address of its own: the shared customer may hold another booking at this time (one per customer).
    const email = `${unique("refused").replace(" ", ".")}@example.com`;

    // The page's address carries every choice, as its forms send them.
    await page.goto(`/bookings?service=${service.id}&barber=${barber.id}&date=${date}&time=time:10:00`);
    await expect(times.getByRole("button", { name: "10:00 – 10:45" })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Name", { exact: true }).fill("S");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Book Appointment" }).click();

    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid UK phone number")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("S");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(times.getByRole("button", { name: "10:00 – 10:45" })).toHaveAttribute("aria-pressed", "true");

    // Someone else takes the time meanwhile.
    const taken = await owner.post("/api/bookings", {
      data: {
        ...customer,
        customerEmail: "quicker@example.com",
        services: [String(service.id)],
        date,
        startTime: "10:00",
        memberId: barber.id,
      },
    });
    expect(taken.status(), await taken.text()).toBe(201);

    await page.getByLabel("Name", { exact: true }).fill(customer.customerName);
    await page.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: NOT_ENOUGH_TIME_MESSAGE })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(customer.customerName);
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(customer.customerPhone);
    await expect(page.getByText("Please select a time slot")).toBeVisible();
    await expect(page.getByRole("button", { name: "Book Appointment" })).toBeDisabled();
    await expect(times.getByRole("button").first()).toHaveText("10:45 – 11:30");
  });
});

test("a page opened with its choices in the address hydrates without errors and books through the API", async ({
  page,
  owner,
  customer,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console: ${message.text()}`);
  });
  const service = await createService(owner, { title: unique("Hydrated Cut"), price: 15, duration: 30 });
  const barber = await createBarber(owner, service);
  const date = nextWeekday();

  await gotoHydrated(page, `/bookings?service=${service.id}&barber=${barber.id}&date=${date}&time=time:11:00`);
  const times = page.getByRole("group", { name: `Times on ${formatShopDate(date)}` });
  await expect(times.getByRole("button", { name: "11:00 – 11:30" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Name", { exact: true }).fill(customer.customerName);
  await page.getByLabel("Email", { exact: true }).fill(customer.customerEmail);
  await page.getByLabel("Phone", { exact: true }).fill(customer.customerPhone);
  const booking = page.waitForResponse((response) => response.url().endsWith("/api/bookings"));
  await page.getByRole("button", { name: "Book Appointment" }).click();
  expect((await booking).status()).toBe(201);
  await expectToast(page, "Your appointment has been booked successfully!");
  await expect(page.getByRole("region", { name: "Your appointment is booked" })).toContainText(barber.name);
  expect(problems).toEqual([]);
});
