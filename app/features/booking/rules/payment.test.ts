import { describe, expect, it } from "vitest";
import { lateCancellationWarning, paymentAsked } from "./payment";

const policy = { depositPence: 1000, noShowFeePence: 1500 };

describe("paymentAsked", () => {
  it("asks the shop's deposit (never above the total), the whole price, a card, or nothing", () => {
    expect(paymentAsked({ ...policy, policy: "none" }, 2500)).toBeNull();
    expect(paymentAsked({ ...policy, policy: "deposit" }, 2500)).toEqual({ kind: "deposit", amountPence: 1000 });
    expect(paymentAsked({ ...policy, policy: "deposit" }, 800)).toEqual({ kind: "deposit", amountPence: 800 });
    expect(paymentAsked({ ...policy, policy: "deposit", depositPence: 0 }, 800)).toBeNull();
    expect(paymentAsked({ ...policy, policy: "prepayment" }, 2500)).toEqual({ kind: "prepayment", amountPence: 2500 });
    expect(paymentAsked({ ...policy, policy: "prepayment" }, 0)).toBeNull();
    expect(paymentAsked({ ...policy, policy: "card" }, 2500)).toEqual({ kind: "card", amountPence: 1500 });
  });
});

describe("lateCancellationWarning", () => {
  const now = new Date("2026-12-01T08:00:00Z");
  const soon = { date: "2026-12-01", startTime: "12:00" };
  const paid = { status: "paid", kind: "deposit", paid_pence: 1000, amount_pence: 1000 };

  it("warns inside the notice that a paid deposit is kept, or that a card may be charged the fee", () => {
    expect(lateCancellationWarning(paid, soon, 24, now)).toBe(
      "You are inside the 24-hour cancellation notice: if you cancel now, your £10.00 deposit is kept.",
    );
    expect(lateCancellationWarning({ ...paid, kind: "prepayment" }, soon, 24, now)).toContain("£10.00 payment is kept");
    expect(lateCancellationWarning({ ...paid, status: "card_saved", amount_pence: 1500 }, soon, 24, now)).toBe(
      "You are inside the 24-hour cancellation notice: if you cancel now, a fee of £15.00 may be charged to your card.",
    );
  });

  it("says nothing ahead of the notice, without a payment, or for one not taken", () => {
    expect(lateCancellationWarning(paid, soon, 2, now)).toBeNull();
    expect(lateCancellationWarning(undefined, soon, 24, now)).toBeNull();
    expect(lateCancellationWarning({ ...paid, status: "awaiting" }, soon, 24, now)).toBeNull();
  });
});
