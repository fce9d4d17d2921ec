import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { AdminSlot, BookingConfirmation, PublicSlot } from "~/features/booking/booking-answers.schema";
import type { Service } from "~/features/services/services.schema";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { E2E_ADMIN, e2eToday } from "./e2e-env";
import { unique } from "./e2e-fixtures";

/*
 * Booking specs make their own services and slots through the admin API, on
 * dates months ahead that no seed data and no other spec uses, so they never
 * depend on the demo content or on each other.
 */

export type Customer = { customerName: string; customerEmail: string; customerPhone: string; notes: string };

/** A customer of one test: their e-mail is theirs alone, since the shop refuses one customer two appointments at once. */
export const newCustomer = (): Customer => ({
  customerName: "Sam Carter",
  customerEmail: `${unique("sam.carter").replace(/[^\w.]+/g, "-")}@example.com`.toLowerCase(),
  customerPhone: "07700 900123",
  notes: "",
});

/**
 * `owner`: an API client signed in as the shop owner, apart from the page, so customers stay anonymous.
 * `customer`: the details a test books with (`newCustomer`).
 */
export const test = base.extend<{ owner: APIRequestContext; customer: Customer }>({
  owner: async ({ request }, provide) => {
    const response = await request.post("/api/login", { data: E2E_ADMIN });
    expect(response.status(), await response.text()).toBe(200);
    await provide(request);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  customer: async ({}, provide) => provide(newCustomer()),
});

export async function createService(
  api: APIRequestContext,
  service: { title: string; price: number; duration: number; category?: Service["category"] },
): Promise<Service> {
  const response = await api.post("/api/services", {
    data: { description: "Created by a booking test.", category: "hair", icon: "Scissors", order: 0, ...service },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Service;
}

/** Two services with prices whose sum checks the pence arithmetic: £18.50 + £7.25. */
export async function createTwoServices(api: APIRequestContext) {
  return [
    await createService(api, { title: unique("Test Fade"), price: 18.5, duration: 35 }),
    await createService(api, { title: unique("Test Beard"), price: 7.25, duration: 20, category: "beard" }),
  ] as const;
}

/** A barber who does `service`, working 10:00–16:00 (or until `until`) on weekdays. */
export async function createBarber(api: APIRequestContext, service: Service, until = "16:00") {
  const response = await api.post("/api/team", {
    data: {
      name: unique("Barber"),
      bio: "Colour specialist.",
      image: null,
      serviceIds: [String(service.id)],
      weeklyHours: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "10:00", end: until }] })),
      timeOff: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TeamMember;
}

/** A weekday at least three days ahead: clear of the minimum notice, inside the 8-week horizon. */
export function nextWeekday() {
  let date = addDays(e2eToday(), 3 + Math.floor(Math.random() * 20));
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6) date = addDays(date, 1);
  return date;
}

export async function createSlots(
  api: APIRequestContext,
  input: { dates: string[]; startTime: string; endTime: string; repeatEveryMinutes?: number },
): Promise<PublicSlot[]> {
  const response = await api.post("/api/booking-slots", { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PublicSlot[];
}

/**
 * A shop date in the test's own band of 30 days (band 0 starts a month ahead,
 * clear of the demo slots) that no slot holds yet: specs that count slots never
 * share a date, and a repeat of a test against one server (`--repeat-each`)
 * picks another day rather than a time it made before.
 */
export async function futureDate(api: APIRequestContext, band: number) {
  const days = Array.from({ length: 30 }, (_, day) => addDays(e2eToday(), 30 + band * 30 + day));
  const response = await api.get(`/api/booking-slots?admin=true&from=${days[0]}&to=${days.at(-1)}`);
  expect(response.status(), await response.text()).toBe(200);
  const held = new Set(((await response.json()) as AdminSlot[]).map((slot) => slot.date));
  const free = days.filter((date) => !held.has(date));
  expect(free.length, `a day of band ${band} with no slot yet`).toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]!;
}

/**
 * Two consecutive dates of one month inside `band`. The pair steps back a day
 * rather than out of the band when the random day is a month's last, so it
 * never lands on another spec's dates.
 */
export function futureDayPair(band: number): readonly [string, string] {
  const bandStart = addDays(e2eToday(), 30 + band * 30);
  const day = addDays(bandStart, 1 + Math.floor(Math.random() * 28));
  const next = addDays(day, 1);
  return next.slice(0, 7) === day.slice(0, 7) ? [day, next] : [addDays(day, -1), day];
}

export const publicSlots = async (api: APIRequestContext) =>
  (await (await api.get("/api/booking-slots")).json()) as PublicSlot[];

export const adminSlots = async (api: APIRequestContext) =>
  (await (await api.get("/api/booking-slots?admin=true")).json()) as AdminSlot[];

/** Books a slot through the public API, the way the booking page does. */
export async function bookThroughApi(
  api: APIRequestContext,
  slotId: number,
  services: readonly Service[],
  who: Customer = newCustomer(),
) {
  const response = await api.patch(`/api/booking-slots/${slotId}`, {
    data: {
      ...who,
      services: services.map((service) => String(service.id)),
      serviceTitles: services.map((service) => service.title),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as BookingConfirmation;
}

/** The month calendar named `name`, moved forward to the month of `date`, and that day's button. */
export async function calendarDay(page: Page, name: string, date: string): Promise<Locator> {
  const calendar = page.getByRole("group", { name });
  const heading = calendar.getByRole("heading");
  const monthName = formatShopDate(date, "month");
  for (let step = 0; step < 36; step++) {
    const shown = await heading.textContent();
    if (shown === monthName) break;
    await calendar.getByRole("button", { name: "Next month" }).click();
    await expect(heading).not.toHaveText(shown ?? "");
  }
  await expect(calendar.getByRole("grid", { name: monthName })).toBeVisible();
  return calendar.getByRole("button", { name: new RegExp(`^${formatShopDate(date)}`) });
}

/** Ticks services, picks the date and the slot, and fills in the details on /bookings. */
export async function chooseBooking(
  page: Page,
  options: { services: readonly Service[]; date: string; time: string; who?: Customer },
) {
  for (const service of options.services) await page.getByRole("checkbox", { name: service.title }).check();
  await chooseTimeAndDetails(page, options);
}

/** On a phone: one service, on to the barber by the sticky bar's Continue, then a weekday at 10:00 and the details. */
export async function choosePhoneBooking(
  page: Page,
  options: { service: Service; barber: { name: string }; who: Customer },
) {
  await page.getByRole("checkbox", { name: options.service.title }).check();
  await page.getByRole("region", { name: "Your booking so far" }).getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: new RegExp(options.barber.name) }).check();
  await chooseTimeAndDetails(page, { date: nextWeekday(), time: "10:00 – 10:30", who: options.who });
}

async function chooseTimeAndDetails(page: Page, options: { date: string; time: string; who?: Customer }) {
  await (await calendarDay(page, "Choose a date", options.date)).click();
  await page
    .getByRole("group", { name: `Times on ${formatShopDate(options.date)}` })
    .getByRole("button", { name: options.time })
    .click();
  const who = options.who ?? newCustomer();
  await page.getByLabel("Name", { exact: true }).fill(who.customerName);
  await page.getByLabel("Email", { exact: true }).fill(who.customerEmail);
  await page.getByLabel("Phone", { exact: true }).fill(who.customerPhone);
}
