import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamMember } from "~/features/team/team.schema";
import { formatShopDate } from "~/lib/shop-time";
import {
  ALL_DAY_OPENING_HOURS,
  openAllHours,
  startTestApi,
  type TestApi,
  type TestClient,
} from "../../../tests/support/test-app";
import { loadBankHolidays } from "./bank-holidays.server";
import { loadSettings, saveSettings } from "./settings.server";
import { TEST_CUSTOMER } from "../../../tests/support/bookings";

/*
 * The bank holidays offered as closures on /admin/settings, without JavaScript: bookable until the owner
 * decides, closed by "Add as closure" (one or all), left open by "Stay open", and the dashboard asks about the
 * next one nobody has decided.
 */

let api: TestApi;
let admin: TestClient;
let serviceId: string;
let barber: TeamMember;
const html = { accept: "text/html" };

const rendered = (text: string) =>
  text.slice(0, text.indexOf("<script")).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
/** The nudge's words without their markup. */
const nudgeOf = (page: string) =>
  /data-testid="bank-holiday-nudge"[^>]*>(.*?)<\/p>/.exec(page)?.[1]?.replace(/<[^>]+>/g, "") ?? "";

const decide = (fields: [string, string][]) =>
  admin.request("POST", "/admin/settings", {
    body: new URLSearchParams([["intent", "bank-holidays"], ...fields]),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, ...html },
  });

const timesOn = async (date: string) =>
  (
    (await api.anonymous().get(`/api/availability?date=${date}&services=${serviceId}&member=${barber.id}`))
      .body as unknown[]
  ).length;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
  await openAllHours(api.db);
  // Every holiday of the year ahead inside the booking horizon, so each is bookable until decided.
  await saveSettings(api.db, { ...(await loadSettings(api.db)), bookingHorizonWeeks: 60 });
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  const body = {
    name: "Alex",
    bio: "",
    image: null,
    serviceIds: [serviceId],
    weeklyHours: ALL_DAY_OPENING_HOURS,
    timeOff: [],
  };
  barber = (await admin.post("/api/team", body)).body as TeamMember;
}, 120_000);
afterAll(async () => {
  await api.close();
});

describe("bank holidays on /admin/settings", () => {
  it("are bookable until the owner adds one as a closure; the dashboard asks about the next undecided", async () => {
    const [first, second] = await loadBankHolidays(api.db);
    expect(first?.state).toBe("undecided");
    expect(await timesOn(first!.date)).toBeGreaterThan(0);

    const dashboard = rendered((await admin.request("GET", "/admin", { headers: html })).text);
    expect(nudgeOf(dashboard)).toContain(`${first!.name}, ${formatShopDate(first!.date)}: open or closed?`);
    const settingsPage = rendered((await admin.request("GET", "/admin/settings", { headers: html })).text);
    expect(settingsPage).toContain(`data-bank-holiday="${first!.date}"`);
    expect(settingsPage).toContain("Not decided: bookable");
    expect(settingsPage).toMatch(/Add as closure<span class="sr-only">: /);

    const closed = await decide([
      ["dates", first!.date],
      ["choice", "close"],
    ]);
    expect(closed.status).toBe(303);
    expect(closed.headers.get("location")).toBe("/admin/settings?saved#bank-holidays");
    expect(await timesOn(first!.date)).toBe(0);
    expect((await loadSettings(api.db)).closures).toContainEqual({
      from: first!.date,
      to: first!.date,
      note: first!.name,
    });

    // "Stay open": decided, still bookable, and the dashboard moves on to the one after.
    expect(
      (
        await decide([
          ["dates", second!.date],
          ["choice", "open"],
        ])
      ).status,
    ).toBe(303);
    expect(await timesOn(second!.date)).toBeGreaterThan(0);
    const [, third] = (await loadBankHolidays(api.db)).filter((holiday) => holiday.state !== "closed");
    const after = rendered((await admin.request("GET", "/admin", { headers: html })).text);
    expect(nudgeOf(after)).not.toContain(`${second!.name}, ${formatShopDate(second!.date)}: open or closed?`);
    expect(nudgeOf(after)).toContain(`${third!.name}, ${formatShopDate(third!.date)}: open or closed?`);
  }, 120_000);

  it("asks what to do with bookings already on a holiday, beside the list, then closes it as told", async () => {
    const holiday = (await loadBankHolidays(api.db)).find((candidate) => candidate.state === "undecided")!;
    const booked = await api.anonymous().post("/api/bookings", {
      ...TEST_CUSTOMER,
      services: [serviceId],
      date: holiday.date,
      startTime: "10:00",
      memberId: barber.id,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const refused = await decide([
      ["dates", holiday.date],
      ["choice", "close"],
    ]);
    expect(refused.status).toBe(409);
    const page = rendered(refused.text);
    const panel = page.slice(page.indexOf('id="bank-holidays"'));
    expect(panel).toContain("1 confirmed booking falls on the days you are closing");
    expect(panel).toContain(booked.body.reference);
    expect((await loadBankHolidays(api.db)).find((h) => h.date === holiday.date)?.state).toBe("undecided");

    const kept = await decide([
      ["dates", holiday.date],
      ["choice", "close"],
      ["closureBookings", "keep"],
    ]);
    expect(kept.status).toBe(303);
    expect((await loadBankHolidays(api.db)).find((h) => h.date === holiday.date)?.state).toBe("closed");
  });

  it("adds every undecided holiday at once, and refuses a date that is not a bank holiday", async () => {
    const undecided = (await loadBankHolidays(api.db)).filter((h) => h.state === "undecided").map((h) => h.date);
    expect(undecided.length).toBeGreaterThan(1);
    const all = await decide([...undecided.map((date): [string, string] => ["dates", date]), ["choice", "close"]]);
    expect(all.status).toBe(303);
    const states = (await loadBankHolidays(api.db)).map((holiday) => holiday.state);
    expect(states).not.toContain("undecided");
    const dashboard = rendered((await admin.request("GET", "/admin", { headers: html })).text);
    expect(dashboard).not.toContain('data-testid="bank-holiday-nudge"');

    const notAHoliday = await decide([
      ["dates", "2026-12-24"],
      ["choice", "close"],
    ]);
    expect(notAHoliday.status).toBe(400);
    expect(rendered(notAHoliday.text)).toContain("That is not a bank holiday ahead");
  });
});
