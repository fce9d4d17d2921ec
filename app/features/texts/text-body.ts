import { formatShopDate, formatTime } from "~/lib/shop-time";

/* The words of a booking's texts: short enough for two SMS segments, in GSM-7 characters only. */

/** Two GSM-7 segments of 153 characters each (a concatenated text's header takes 7 of 160). */
export const MAX_TEXT_LENGTH = 306;

export interface TextBooking {
  date: string;
  startTime: string;
  memberName: string | null;
  reference: string;
}

/** A UK number as the form keeps it (07…, +44…) in E.164: +447700900123. */
export function toE164(phone: string) {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return digits;
  return digits.startsWith("0") ? `+44${digits.slice(1)}` : `+${digits}`;
}

// Characters outside GSM-7 turn the whole text into UCS-2 (70 a segment): replaced by their plain cousins.
const plain = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/[^\n\r -~£¥èéùìòÇØøÅåÄÖÑÜ§äöñüà]/g, "");

/** What a booking's text tells: each change the customer is mailed about is texted too. */
export type TextKind = "confirmation" | "reminder" | "moved" | "cancelled";

const leads: Record<TextKind, (when: string, barber: string) => string> = {
  confirmation: (when, barber) => `Booked ${when}${barber}.`,
  reminder: (when, barber) => `Reminder ${when}${barber}.`,
  moved: (when, barber) => `Your appointment has moved to ${when}${barber}.`,
  cancelled: (when, barber) => `Your appointment ${when}${barber} is cancelled.`,
};

/** The text; `link` is the manage link (or the customer's page), or for a cancellation the booking page. */
export function bookingText(kind: TextKind, shopName: string, booking: TextBooking, link: string) {
  const when = `${formatShopDate(booking.date, "short")} at ${formatTime(booking.startTime)}`;
  const barber = booking.memberName ? ` with ${booking.memberName}` : "";
  const tail = ` ${kind === "cancelled" ? "Book again" : "Manage"}: ${link} Reply STOP to stop texts.`;
  const head = plain(`${shopName}: ${leads[kind](when, barber)} Ref ${booking.reference}.`);
  return `${head.slice(0, MAX_TEXT_LENGTH - tail.length)}${tail}`;
}

/** What a walk-in queue's text tells (issue 33): nearly up, and called to the chair. */
export type QueueTextKind = "nearly" | "called";

/** A walk-in's text: in the words, nothing in it but the shop's name and the minutes. */
export function queueText(kind: QueueTextKind, shopName: string, minutes: number) {
  if (kind === "called")
    return `It's your turn at ${shopName} — please come in to the chair now. Reply STOP to opt out.`;
  return `You're nearly up at ${shopName} — about ${minutes} ${minutes === 1 ? "minute" : "minutes"}. Reply STOP to opt out.`;
}
