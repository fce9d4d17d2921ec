import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { PublicSlot } from "./booking-answers.schema";

/* Slot creation obeys the shop's opening hours and closures from the settings. */

let api: TestApi;
let admin: TestClient;

/** The first date from `days` ahead that falls on the weekday (0 = Sunday). */
function nextWeekday(weekday: number, days = 20) {
  let date = addDays(shopToday(), days);
  while (dayOfWeek(date) !== weekday) date = addDays(date, 1);
  return date;
}

const monday = nextWeekday(1);
const tuesday = addDays(monday, 1);
const christmas = { from: addDays(monday, 7), to: addDays(monday, 9), note: "Closed for Christmas" };

const slotCount = async () => ((await admin.get("/api/booking-slots?admin=true")).body as unknown[]).length;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
  const settings = {
    ...DEFAULT_SETTINGS,
    // Tuesday has a lunch break.
    openingHours: DEFAULT_SETTINGS.openingHours.map((entry) =>
      entry.day === 2
        ? {
            day: 2,
            ranges: [
              { start: "09:00", end: "12:00" },
              { start: "13:00", end: "18:00" },
            ],
          }
        : entry,
    ),
    closures: [christmas],
  };
  expect((await admin.put("/api/settings", settings)).status).toBe(200);
});
afterAll(() => api.close());

describe("slot creation and the shop's hours", () => {
  it("creates slots inside the opening hours", async () => {
    const created = await admin.post("/api/booking-slots", { date: monday, startTime: "09:00", endTime: "18:00" });
    expect(created.status).toBe(201);
    const lunch = await admin.post("/api/booking-slots", {
      dates: [tuesday],
      startTime: "13:00",
      endTime: "14:00",
      repeatEveryMinutes: 30,
    });
    expect(lunch.status).toBe(201);
    expect((lunch.body as PublicSlot[]).map((slot) => slot.startTime)).toEqual(["13:00", "13:30"]);
  });

  it("refuses a slot inside a closure, naming it, and creates none of the request", async () => {
    const before = await slotCount();
    const refused = await admin.post("/api/booking-slots", {
      dates: [addDays(monday, 14), christmas.to],
      startTime: "10:00",
      endTime: "10:30",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `10:00 – 10:30 on ${formatShopDate(christmas.to)} falls in a closure (Closed for Christmas) from ${formatShopDate(christmas.from)} to ${formatShopDate(christmas.to)}. Slots cannot be created while the shop is closed.`,
    );
    expect(await slotCount()).toBe(before);
  });

  it("refuses a slot outside the opening hours, naming the day's hours", async () => {
    const before = await slotCount();
    const early = await admin.post("/api/booking-slots", {
      date: addDays(monday, 14),
      startTime: "07:00",
      endTime: "07:30",
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      `07:00 – 07:30 on ${formatShopDate(addDays(monday, 14))} is outside the opening hours (Monday: 09:00 – 18:00). Slots must lie within the opening hours.`,
    );
    const overLunch = await admin.post("/api/booking-slots", {
      date: addDays(tuesday, 14),
      startTime: "11:30",
      endTime: "12:30",
    });
    expect(overLunch.status).toBe(400);
    expect(overLunch.body.message).toContain("(Tuesday: 09:00 – 12:00, 13:00 – 18:00)");
    expect(await slotCount()).toBe(before);
  });

  it("keeps slots made before a closure was added, and still lets them be booked", async () => {
    const slot = (
      await admin.post("/api/booking-slots", { date: addDays(monday, 21), startTime: "10:00", endTime: "10:30" })
    ).body as PublicSlot;
    const settings = (await admin.get("/api/settings")).body;
    const refit = { from: slot.date, to: slot.date, note: "Refit" };
    expect((await admin.put("/api/settings", { ...settings, closures: [...settings.closures, refit] })).status).toBe(
      200,
    );
    const listed = (await admin.get("/api/booking-slots?admin=true")).body as PublicSlot[];
    expect(listed.map((entry) => entry.id)).toContain(slot.id);
    const another = await admin.post("/api/booking-slots", { date: slot.date, startTime: "11:00", endTime: "11:30" });
    expect(another.status).toBe(400);
    expect(another.body.message).toContain("falls in a closure (Refit)");
  });
});
