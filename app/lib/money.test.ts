import { describe, expect, it } from "vitest";
import { formatPence, formatPounds, toPence } from "./money";

const intlPounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

describe("formatPounds", () => {
  it("writes pounds exactly as en-GB's currency format does", () => {
    const amounts = [
      0, 0.01, 0.1, 1, 5, 9.99, 18.5, 25, 99.995, 100, 999.99, 1000, 1234.5, 12345.67, 1000000, -5, -18.5, -1234.5,
    ];
    for (const amount of amounts) expect(formatPounds(amount), String(amount)).toBe(intlPounds.format(amount));
  });

  it("agrees with en-GB on every whole-pence price up to £2,000", () => {
    for (let pence = 0; pence <= 200_000; pence += 7) expect(formatPence(pence)).toBe(intlPounds.format(pence / 100));
  });

  it("never shows a minus on nothing", () => {
    expect(formatPounds(-0)).toBe("£0.00");
    expect(formatPounds(-0.001)).toBe("£0.00");
  });

  it("rounds to the nearest penny the way prices are stored", () => {
    expect(formatPounds(18.499)).toBe("£18.50");
    expect(toPence(18.499)).toBe(1850);
  });
});
