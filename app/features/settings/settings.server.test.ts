import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-app";
import { settingsSchema } from "./settings.schema";
import { DEFAULT_SETTINGS } from "./shop-settings";
import { ensureSettings, loadSettings, saveSettings } from "./settings.server";

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createTestDatabase());
});
afterAll(() => close());

describe("settings storage", () => {
  it("answers today's shop before anything is stored", async () => {
    expect(await loadSettings(db)).toEqual(DEFAULT_SETTINGS);
  });

  it("stores the first settings once, however many instances boot", async () => {
    await ensureSettings(db, { ...DEFAULT_SETTINGS, cancellationNoticeHours: 48 });
    await ensureSettings(db, { ...DEFAULT_SETTINGS, cancellationNoticeHours: 12 });
    expect(await loadSettings(db)).toEqual({ ...DEFAULT_SETTINGS, cancellationNoticeHours: 48 });
  });

  it("round-trips every field and is seen at once by the next load", async () => {
    const changed = settingsSchema.parse({
      ...DEFAULT_SETTINGS,
      shopName: "Chadderton Cuts",
      geo: { latitude: 53.54567, longitude: -2.14321 },
      bookingFee: 0,
      feeIncludedInPrices: true,
      openingHours: [
        {
          day: 2,
          ranges: [
            { start: "13:00", end: "17:00" },
            { start: "09:00", end: "12:00" },
          ],
        },
        { day: 6, ranges: [] },
      ],
      closures: [{ from: "2026-12-24", to: "2026-12-27", note: "Closed for Christmas" }],
    });
    const saved = await saveSettings(db, changed);
    const expected = {
      ...changed,
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        day,
        ranges:
          day === 2
            ? [
                { start: "09:00", end: "12:00" },
                { start: "13:00", end: "17:00" },
              ]
            : [],
      })),
    };
    expect(saved).toEqual(expected);
    expect(await loadSettings(db)).toEqual(expected);
  });
});
