import { describe, expect, it } from "vitest";
import { SHOP_ADDRESS_LINE, SHOP_NAME } from "~/lib/shop";
import { bookingIcs, escapeIcsText, foldIcsLine } from "./booking-ics";
import { child, prop, readIcs, resolveInstant, unescapeText } from "./ics-reader.testing";

const booking = {
  reference: "OB-7KQ2M9XA",
  date: "2026-07-15",
  startTime: "10:00",
  endTime: "10:45",
  serviceTitles: ["Skin Fade", "Beard Trim; Hot Towel"],
  manageUrl: "https://example.test/bookings/manage/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
};

const eventOf = (text: string) => {
  const calendar = readIcs(text);
  const [event] = child(calendar, "VEVENT");
  return { calendar, event: event! };
};

const instants = (text: string) => {
  const { calendar, event } = eventOf(text);
  return [prop(event, "DTSTART"), prop(event, "DTEND")].map((property) =>
    resolveInstant(calendar, property).toISOString(),
  );
};

describe("booking .ics", () => {
  it("is a valid calendar with the shop's wall-clock times in Europe/London", () => {
    const text = bookingIcs(booking, new Date("2026-07-01T12:00:00Z"));
    const { calendar, event } = eventOf(text);
    expect(prop(calendar, "VERSION").value).toBe("2.0");
    expect(prop(event, "UID").value).toMatch(/^ob-7kq2m9xa@/);
    expect(prop(event, "DTSTAMP").value).toBe("20260701T120000Z");
    expect(prop(event, "DTSTART")).toEqual({
      name: "DTSTART",
      params: { TZID: "Europe/London" },
      value: "20260715T100000",
    });
    expect(prop(event, "DTEND").value).toBe("20260715T104500");
    expect(unescapeText(prop(event, "LOCATION").value)).toBe(`${SHOP_NAME}, ${SHOP_ADDRESS_LINE}`);
    expect(unescapeText(prop(event, "SUMMARY").value)).toBe(`Appointment at ${SHOP_NAME}`);
    const description = unescapeText(prop(event, "DESCRIPTION").value);
    expect(description).toContain("Services: Skin Fade, Beard Trim; Hot Towel");
    expect(description).toContain(booking.manageUrl);
  });

  it("resolves to 09:00 UTC in summer (BST) and 10:00 UTC in winter (GMT)", () => {
    expect(instants(bookingIcs(booking))).toEqual(["2026-07-15T09:00:00.000Z", "2026-07-15T09:45:00.000Z"]);
    expect(instants(bookingIcs({ ...booking, date: "2027-01-15" }))).toEqual([
      "2027-01-15T10:00:00.000Z",
      "2027-01-15T10:45:00.000Z",
    ]);
  });

  it("is right on both sides of the clock changes", () => {
    expect(instants(bookingIcs({ ...booking, date: "2027-03-27" }))[0]).toBe("2027-03-27T10:00:00.000Z");
    expect(instants(bookingIcs({ ...booking, date: "2027-03-28" }))[0]).toBe("2027-03-28T09:00:00.000Z");
    expect(instants(bookingIcs({ ...booking, date: "2026-10-24" }))[0]).toBe("2026-10-24T09:00:00.000Z");
    expect(instants(bookingIcs({ ...booking, date: "2026-10-25" }))[0]).toBe("2026-10-25T10:00:00.000Z");
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeIcsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldIcsLine(line);
    for (const physical of folded.split("\r\n")) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    const long = bookingIcs({
      ...booking,
      serviceTitles: Array.from({ length: 12 }, (_, i) => `Service number ${i}, deluxe`),
    });
    expect(() => readIcs(long)).not.toThrow();
  });
});
