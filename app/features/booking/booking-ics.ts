import { addressLine, formatRanges, type PublicSettings, weekLines } from "~/features/settings";
import { SHOP_TIME_ZONE } from "~/lib/shop";
import { addDays } from "~/lib/shop-time";

/** What a calendar entry says about the shop: the settings of the moment it is made. */
export type IcsShop = Pick<PublicSettings, "shopName" | "address" | "phone" | "openingHours">;

const slugOf = (shopName: string) =>
  shopName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "shop";

/*
 * An RFC 5545 calendar entry for one booking. Browser-safe on purpose: the mail
 * attachment, the manage page's download and the confirmation screen's
 * "Add to calendar" all come from this one function.
 *
 * Times are written as the shop's wall-clock times with TZID=Europe/London and
 * a VTIMEZONE describing British summer time, so a calendar in any zone shows
 * the right moment, also for a date on the other side of a clock change.
 */

export interface IcsBooking {
  reference: string;
  /** `yyyy-MM-dd` in Europe/London. */
  date: string;
  /** `HH:mm` in Europe/London. */
  startTime: string;
  endTime: string;
  serviceTitles: readonly string[];
  /** The barber, when the booking holds one. */
  memberName?: string | null;
  /** The private manage link, when known. */
  manageUrl?: string;
  /** The booking's revision: a moved booking's file replaces the event a calendar already holds. */
  sequence?: number;
  /** A cancelled booking: the file removes the event (METHOD:CANCEL, STATUS:CANCELLED) instead of adding it. */
  cancelled?: boolean;
}

const CRLF = "\r\n";

/** The event's UID: made from the reference, so the customer's file and the barbers' feeds name the same event. */
export const bookingUid = (shopName: string, reference: string) =>
  `${reference.toLowerCase()}@booking.${slugOf(shopName)}`;
const MAX_LINE_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export const escapeIcsText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldIcsLine(line: string) {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A date and wall-clock time as iCalendar writes them; an appointment that ends at midnight ends at 00:00 the next day. */
export function localDateTime(date: string, time: string) {
  const [day, clock] = time === "24:00" ? [addDays(date, 1), "00:00"] : [date, time];
  return `${day.replace(/-/g, "")}T${clock.replace(":", "")}00`;
}

export const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/* Europe/London since 1996: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
export const LONDON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${SHOP_TIME_ZONE}`,
  `X-LIC-LOCATION:${SHOP_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** The VEVENT of one booking: the same UID whether it comes alone or with the other dates of its series. */
function bookingEvent(shop: IcsShop, booking: IcsBooking, stamp: Date) {
  const description = [
    `Services: ${booking.serviceTitles.join(", ")}`,
    ...(booking.memberName ? [`Barber: ${booking.memberName}`] : []),
    `Reference: ${booking.reference}`,
    booking.cancelled ? "This appointment has been cancelled." : undefined,
    booking.manageUrl && !booking.cancelled ? `View or cancel your booking: ${booking.manageUrl}` : undefined,
    `Questions? Call us on ${shop.phone}.`,
    `Opening hours: ${weekLines(shop.openingHours)
      .map((line) => `${line.label} ${formatRanges(line.ranges)}`)
      .join("; ")}`,
  ]
    .filter(Boolean)
    .join("\n");
  return [
    "BEGIN:VEVENT",
    `UID:${bookingUid(shop.shopName, booking.reference)}`,
    `SEQUENCE:${booking.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `DTSTART;TZID=${SHOP_TIME_ZONE}:${localDateTime(booking.date, booking.startTime)}`,
    `DTEND;TZID=${SHOP_TIME_ZONE}:${localDateTime(booking.date, booking.endTime)}`,
    `SUMMARY:${escapeIcsText(`${booking.cancelled ? "Cancelled: " : ""}Appointment at ${shop.shopName}`)}`,
    `LOCATION:${escapeIcsText(`${shop.shopName}, ${addressLine(shop)}`)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    ...(booking.manageUrl ? [`URL:${booking.manageUrl}`] : []),
    `STATUS:${booking.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

function calendarOf(shop: IcsShop, method: "CANCEL" | "PUBLISH", events: string[]) {
  return icsText([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${shop.shopName}//Online booking//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...LONDON_VTIMEZONE,
    ...events,
    "END:VCALENDAR",
  ]);
}

export const bookingIcs = (shop: IcsShop, booking: IcsBooking, stamp: Date = new Date()) =>
  calendarOf(shop, booking.cancelled ? "CANCEL" : "PUBLISH", bookingEvent(shop, booking, stamp));

/** One file with every booked date of repeat appointments, each its booking's own event (decision 032). */
export const seriesIcs = (shop: IcsShop, bookings: readonly IcsBooking[], stamp: Date = new Date()) =>
  calendarOf(
    shop,
    "PUBLISH",
    bookings.flatMap((booking) => bookingEvent(shop, booking, stamp)),
  );

/** Content lines folded and joined as RFC 5545 wants them. */
export const icsText = (lines: readonly string[]) => lines.map(foldIcsLine).join(CRLF) + CRLF;

export const bookingIcsFilename = (shopName: string, reference: string) => `${slugOf(shopName)}-${reference}.ics`;

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** A mail's calendar part names its method, as iTIP asks (RFC 6047), so mail clients offer to apply it. */
export const icsMailContentType = (cancelled: boolean | undefined) =>
  `${ICS_CONTENT_TYPE}; method=${cancelled ? "CANCEL" : "PUBLISH"}`;
