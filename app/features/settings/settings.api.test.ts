import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nonAdminCallers, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { FEE_INCLUDED_MESSAGE } from "./settings.schema";
import { DEFAULT_SETTINGS, PRIVATE_SETTINGS } from "./shop-settings";

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ cache: true });
  admin = await api.admin();
});
afterAll(() => api.close());

const withoutPrivate = (settings: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(settings).filter(([key]) => !(PRIVATE_SETTINGS as readonly string[]).includes(key)),
  );

/** The settings without their `payments` and `giftCards` objects (their own tests are in their features). */
const settingsOf = (body: Record<string, unknown>) => {
  const { payments: _payments, giftCards: _giftCards, ...settings } = body;
  return settings;
};

describe("settings API", () => {
  it("answers the public facts to everyone and the private rules only to admins", async () => {
    const visitor = await api.visitor();
    for (const client of [api.anonymous(), visitor]) {
      const answer = await client.get("/api/settings");
      expect(answer.status).toBe(200);
      expect(settingsOf(answer.body)).toEqual(withoutPrivate(DEFAULT_SETTINGS));
      expect(answer.body.payments).toEqual({ policy: "none", deposit: 0, noShowFee: 0 });
      for (const key of PRIVATE_SETTINGS) expect(answer.body).not.toHaveProperty(key);
    }
    expect(settingsOf((await admin.get("/api/settings")).body)).toEqual(DEFAULT_SETTINGS);
  });

  it("round-trips GET, edit, PUT and shows the change to the next anonymous GET at once", async () => {
    const before = (await admin.get("/api/settings")).body;
    // Warm the response cache with the old facts.
    expect((await api.anonymous().get("/api/settings")).body.phone).toBe(DEFAULT_SETTINGS.phone);
    const edited = {
      ...before,
      phone: "0161 000 1234",
      reminderLeadHours: 6,
      openingHours: before.openingHours.map((entry: { day: number }) =>
        entry.day === 6
          ? {
              day: 6,
              ranges: [
                { start: "13:00", end: "16:00" },
                { start: "08:00", end: "12:00" },
              ],
            }
          : entry,
      ),
      closures: [{ from: "2026-12-25", to: "2026-12-26", note: "Closed for Christmas" }],
    };
    const saved = await admin.put("/api/settings", edited);
    expect(saved.status).toBe(200);
    const saturday = saved.body.openingHours.find((entry: { day: number }) => entry.day === 6);
    expect(saturday.ranges).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "13:00", end: "16:00" },
    ]);
    expect(settingsOf(saved.body)).toEqual(settingsOf({ ...edited, openingHours: saved.body.openingHours }));
    expect((await admin.get("/api/settings")).body).toEqual(saved.body);
    const publicAnswer = await api.anonymous().get("/api/settings");
    expect(settingsOf(publicAnswer.body)).toEqual(withoutPrivate(settingsOf(saved.body)));

    expect(settingsOf((await admin.put("/api/settings", DEFAULT_SETTINGS)).body)).toEqual(DEFAULT_SETTINGS);
  });

  it("refuses anyone but an admin", async () => {
    for (const [client, status] of await nonAdminCallers(api)) {
      expect((await client.put("/api/settings", DEFAULT_SETTINGS)).status).toBe(status);
    }
    expect(settingsOf((await admin.get("/api/settings")).body)).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    ["shopName", { shopName: " " }, "Shop name is required"],
    ["address.street", { address: { ...DEFAULT_SETTINGS.address, street: "" } }, "Street is required"],
    ["geo.latitude", { geo: { latitude: 91, longitude: 0 } }, "Latitude must be between -90 and 90"],
    ["phone", { phone: "call us" }, "Phone must be a phone number, e.g. 0161 624 9876"],
    ["email", { email: "shop@" }, "Email must be a valid email address"],
    [
      "social.instagram",
      { social: { instagram: "javascript:alert(1)", facebook: "" } },
      "Instagram must be a web address starting with https://",
    ],
    ["bookingFee", { bookingFee: -1 }, "Booking fee must be positive"],
    ["bookingFee", { feeIncludedInPrices: true }, FEE_INCLUDED_MESSAGE],
    ["cancellationNoticeHours", { cancellationNoticeHours: 1.5 }, "Cancellation notice must be whole hours"],
    ["bookingHorizonWeeks", { bookingHorizonWeeks: 0 }, "Booking horizon must be at least 1 week"],
    [
      "openingHours.0.day",
      { openingHours: [{ day: 7, ranges: [] }] },
      "Day must be a number from 0 (Sunday) to 6 (Saturday)",
    ],
    [
      "openingHours",
      {
        openingHours: [
          { day: 1, ranges: [] },
          { day: 1, ranges: [] },
        ],
      },
      "Each day can appear only once",
    ],
    [
      "openingHours.0.ranges.0.end",
      { openingHours: [{ day: 1, ranges: [{ start: "12:00", end: "09:00" }] }] },
      "Closing time must be after opening time",
    ],
    [
      "openingHours.0.ranges.0.start",
      { openingHours: [{ day: 1, ranges: [{ start: "9am", end: "17:00" }] }] },
      "Opening time must be a time written as HH:mm",
    ],
    [
      "openingHours.0.ranges",
      {
        openingHours: [
          {
            day: 1,
            ranges: [
              { start: "09:00", end: "13:00" },
              { start: "12:00", end: "17:00" },
            ],
          },
        ],
      },
      "Times on the same day must not overlap",
    ],
    [
      "closures.0.to",
      { closures: [{ from: "2026-12-26", to: "2026-12-25", note: "" }] },
      "Last day must not be before the first day",
    ],
    [
      "closures.0.from",
      { closures: [{ from: "2026-02-30", to: "2026-03-01", note: "" }] },
      "First day must be a date written as yyyy-MM-dd",
    ],
  ])("refuses a bad %s with its message and changes nothing", async (path, change, message) => {
    const answer = await admin.put("/api/settings", { ...DEFAULT_SETTINGS, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({ path, message });
    expect(answer.body.message).toBe(answer.body.issues[0].message);
    expect(settingsOf((await admin.get("/api/settings")).body)).toEqual(DEFAULT_SETTINGS);
  });

  it("refuses a partial object", async () => {
    const { phone: _phone, ...withoutPhone } = DEFAULT_SETTINGS;
    const answer = await admin.put("/api/settings", withoutPhone);
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({ path: "phone", message: "Phone is required" });
  });
});
