import { describe, expect, it } from "vitest";
import { MAX_ONLINE_MOVES } from "../booking-messages.schema";
import { cancellable, cancellableWith, movable } from "./changes";

// Tuesday 1 December 2026, 08:00 in London; the booking is at 10:00 the next day (26 hours ahead).
const now = new Date("2026-12-01T08:00:00Z");
const booking = { status: "confirmed", date: "2026-12-02", startTime: "10:00", sequence: 0 };

describe("cancellable", () => {
  it("allows a confirmed booking ahead of the notice, not inside it, nor a cancelled one", () => {
    expect(cancellable(booking, 24, now)).toBe(true);
    expect(cancellable(booking, 26, now)).toBe(false);
    expect(cancellable({ ...booking, status: "cancelled" }, 24, now)).toBe(false);
    expect(cancellable({ ...booking, status: "awaiting_payment" }, 24, now)).toBe(false);
  });
});

describe("movable", () => {
  it("is cancellable, and moved fewer times than the online limit", () => {
    expect(movable(booking, 24, now)).toBe(true);
    expect(movable({ ...booking, sequence: MAX_ONLINE_MOVES }, 24, now)).toBe(false);
    expect(movable(booking, 48, now)).toBe(false);
  });
});

describe("cancellableWith", () => {
  it("lets a customer with a payment on file cancel inside the notice until the appointment starts", () => {
    expect(cancellableWith(booking, { onFile: false }, 48, now)).toBe(false);
    expect(cancellableWith(booking, { onFile: true }, 48, now)).toBe(true);
    expect(cancellableWith(booking, { onFile: true }, 48, new Date("2026-12-02T10:00:00Z"))).toBe(false);
  });
});
