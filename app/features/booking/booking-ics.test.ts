import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { bookingIcs, escapeIcsText, foldIcsLine } from "./booking-ics";
import { readCalendar } from "./ics.testing";

const booking = {
  reference: "OB-7KQ2M9XA",
  date: "2026-07-15",
  startTime: "10:00",
  endTime: "10:45",
  serviceTitles: ["Skin Fade", "Beard Trim; Hot Towel"],
  manageUrl: "https://example.test/bookings/manage/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
};

const shop = {
  ...DEFAULT_SETTINGS,
  shopName: "Chadderton Cuts",
  phone: "0161 000 1234",
  openingHours: [{ day: 6, ranges: [{ start: "08:00", end: "12:00" }] }],
};

const instants = (text: string) => {
  const { event } = readCalendar(text);
  return [event.startDate, event.endDate].map((time) => time.toJSDate().toISOString());
};

describe("booking .ics", () => {
  it("is a valid calendar with the shop's wall-clock times in Europe/London", () => {
    const text = bookingIcs(shop, booking, new Date("2026-07-01T12:00:00Z"));
    const { calendar, vevent, event } = readCalendar(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(vevent.getFirstPropertyValue("dtstamp"))).toBe("2026-07-01T12:00:00Z");
    expect(vevent.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Europe/London");
    expect(event.startDate.toString()).toBe("2026-07-15T10:00:00");
    expect(event.endDate.toString()).toBe("2026-07-15T10:45:00");
    // The shop's facts come from the settings handed in.
    expect(event.location).toBe("Chadderton Cuts, 57 Yorkshire Street, Oldham OL1 1RT");
    expect(event.summary).toBe("Appointment at Chadderton Cuts");
    expect(event.uid).toBe("ob-7kq2m9xa@booking.chadderton-cuts");
    const description = event.description;
    expect(description).toContain("Questions? Call us on 0161 000 1234.");
    expect(description).toContain("Saturday 08:00 – 12:00");
    expect(description).toContain("Monday – Friday Closed");
    expect(description).toContain("Services: Skin Fade, Beard Trim; Hot Towel");
    expect(description).toContain(booking.manageUrl);
  });

  it("resolves to 09:00 UTC in summer (BST) and 10:00 UTC in winter (GMT)", () => {
    expect(instants(bookingIcs(shop, booking))).toEqual(["2026-07-15T09:00:00.000Z", "2026-07-15T09:45:00.000Z"]);
    expect(instants(bookingIcs(shop, { ...booking, date: "2027-01-15" }))).toEqual([
      "2027-01-15T10:00:00.000Z",
      "2027-01-15T10:45:00.000Z",
    ]);
  });

  it("is right on both sides of the clock changes", () => {
    expect(instants(bookingIcs(shop, { ...booking, date: "2027-03-27" }))[0]).toBe("2027-03-27T10:00:00.000Z");
    expect(instants(bookingIcs(shop, { ...booking, date: "2027-03-28" }))[0]).toBe("2027-03-28T09:00:00.000Z");
    expect(instants(bookingIcs(shop, { ...booking, date: "2026-10-24" }))[0]).toBe("2026-10-24T09:00:00.000Z");
    expect(instants(bookingIcs(shop, { ...booking, date: "2026-10-25" }))[0]).toBe("2026-10-25T10:00:00.000Z");
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeIcsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldIcsLine(line);
    for (const physical of folded.split("\r\n")) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    const long = bookingIcs(shop, {
      ...booking,
      serviceTitles: Array.from({ length: 12 }, (_, i) => `Service number ${i}, deluxe`),
    });
    expect(() => readCalendar(long)).not.toThrow();
  });
});

describe("a cancelled booking's .ics", () => {
  it("cancels the event the earlier files added: same UID, CANCEL method, CANCELLED status and its sequence", () => {
    const confirmed = readCalendar(bookingIcs(shop, { ...booking, sequence: 1 }));
    const cancelled = readCalendar(
      bookingIcs(shop, { ...booking, sequence: 2, cancelled: true, manageUrl: undefined }),
    );
    expect(confirmed.calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cancelled.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelled.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled.event.uid).toBe(confirmed.event.uid);
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.event.description).toContain("This appointment has been cancelled.");
  });
});
