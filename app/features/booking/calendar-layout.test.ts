import { describe, expect, it } from "vitest";
import { BASE_PX_PER_MINUTE, COMPACT_CARD_PX, cardBox, dayScale, fitsFullCard, freeStretches } from "./calendar-layout";

/* The owner's day view (issue 30): short appointments never cover the next card, and stay usable. */

const first = 9 * 60;

describe("the day view's cards", () => {
  it("puts a 20-minute card and the card after it one above the other, the short one tall enough to use", () => {
    const short = { startTime: "10:00", endTime: "10:20" };
    const next = { startTime: "10:20", endTime: "10:50" };
    const scale = dayScale([short, next]);
    const a = cardBox(short, first, scale);
    const b = cardBox(next, first, scale);
    expect(a.top + a.height).toBeLessThanOrEqual(b.top);
    expect(a.height + 1).toBeGreaterThanOrEqual(COMPACT_CARD_PX);
    // Its lines (time and name, status and services, payment) and actions do not fit: it is compact, with a menu.
    expect(fitsFullCard(a.height, 3, true)).toBe(false);
    // A half-hour booking with a payment shows everything at the ordinary scale.
    expect(fitsFullCard(b.height, 3, true)).toBe(true);
  });

  it("stretches the grid for very short entries, so a compact card always fits, and not for ordinary days", () => {
    expect(dayScale([{ startTime: "10:00", endTime: "11:00" }])).toBe(BASE_PX_PER_MINUTE);
    const five = { startTime: "12:00", endTime: "12:05" };
    const after = { startTime: "12:05", endTime: "12:35" };
    const scale = dayScale([five, after]);
    expect(scale).toBeGreaterThan(BASE_PX_PER_MINUTE);
    const a = cardBox(five, first, scale);
    expect(a.height + 1).toBeGreaterThanOrEqual(COMPACT_CARD_PX);
    expect(a.top + a.height).toBeLessThanOrEqual(cardBox(after, first, scale).top);
  });
});

describe("the free time offered for a new appointment", () => {
  it("is the working time less bookings and blocks, leaving out gaps too short to book", () => {
    const working = [
      { start: "10:00", end: "13:00" },
      { start: "14:00", end: "16:00" },
    ];
    const taken = [
      { startTime: "11:00", endTime: "11:30" },
      { startTime: "11:35", endTime: "12:00" },
      { startTime: "14:00", endTime: "14:30" },
    ];
    expect(freeStretches(working, taken)).toEqual([
      { start: 600, end: 660 },
      { start: 720, end: 780 },
      { start: 870, end: 960 },
    ]);
  });
});
