import { describe, expect, it } from "vitest";
import { bookingTotals } from "./totals";

describe("bookingTotals", () => {
  it("adds prices in whole pence plus the £8 fee, and sums durations", () => {
    expect(
      bookingTotals(
        [
          { price: 0.1, duration: 10 },
          { price: 0.2, duration: 20 },
        ],
        800,
      ),
    ).toEqual({
      subtotalPence: 30,
      feePence: 800,
      totalPence: 830,
      durationMinutes: 30,
    });
    expect(
      bookingTotals(
        [
          { price: 18.5, duration: 40 },
          { price: 12.99, duration: 15 },
        ],
        800,
      ).totalPence,
    ).toBe(3949);
    expect(bookingTotals([], 800)).toEqual({ subtotalPence: 0, feePence: 800, totalPence: 800, durationMinutes: 0 });
    // Fee included in the prices: the total is the services alone.
    expect(bookingTotals([{ price: 18, duration: 30 }], 0)).toEqual({
      subtotalPence: 1800,
      feePence: 0,
      totalPence: 1800,
      durationMinutes: 30,
    });
  });
});
