import { describe, expect, it } from "vitest";
import { pricedForMember } from "./membership";

const cut = { id: 1, title: "Cut", price: 20, duration: 30 };
const beard = { id: 2, title: "Beard", price: 10, duration: 15 };
const fade = { id: 3, title: "Skin Fade", price: 25, duration: 45 };
const allowance = { serviceIds: [1, 3], visitsLeft: 2, visitsPerMonth: 2 };

describe("a member's booking", () => {
  it("prices one covered service at £0 and asks no fee when nothing is left to pay", () => {
    const priced = pricedForMember([cut], allowance, 150);
    expect(priced.covered).toBe(cut);
    expect(priced.services[0]!.price).toBe(0);
    expect(priced.totals).toEqual({ subtotalPence: 0, feePence: 0, totalPence: 0, durationMinutes: 30 });
    expect(priced.message).toBe("Included in your membership — 1 of 2 visits left this month");
  });

  it("covers the dearest covered service only; the others are priced as usual, with the fee", () => {
    const priced = pricedForMember([cut, beard, fade], allowance, 150);
    expect(priced.covered).toBe(fade);
    expect(priced.services.map((service) => service.price)).toEqual([20, 10, 0]);
    expect(priced.totals.totalPence).toBe(3000 + 150);
  });

  it("prices normally without a visit left, without a covered service, or for a stranger", () => {
    expect(pricedForMember([cut], { ...allowance, visitsLeft: 0 }, 0).totals.totalPence).toBe(2000);
    expect(pricedForMember([beard], allowance, 0).covered).toBeNull();
    expect(pricedForMember([cut], undefined, 0).message).toBeNull();
  });
});
