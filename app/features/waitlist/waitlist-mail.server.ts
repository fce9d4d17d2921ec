import { addressLine, type ShopSettings } from "~/features/settings";
import type { OutgoingMail } from "~/lib/mailer.server";
import { formatShopDate, formatTime } from "~/lib/shop-time";

export interface OfferedTime {
  customerName: string;
  customerEmail: string;
  date: string;
  startTime: string;
  memberName: string | null;
  services: string[];
  holdMinutes: number;
}

const when = (offer: OfferedTime) =>
  `${formatShopDate(offer.date, "weekdayDate")} at ${formatTime(offer.startTime)}${offer.memberName ? ` with ${offer.memberName}` : ""}`;

/** The offer of a freed time to the customer first in line for it. */
export const offerMail = (shop: ShopSettings, offer: OfferedTime, link: string): OutgoingMail => ({
  to: offer.customerEmail,
  subject: `A time has freed up at ${shop.shopName}`,
  text: [
    `Hello ${offer.customerName},`,
    "",
    `Good news: a time you were waiting for has freed up: ${when(offer)} (${offer.services.join(", ")}).`,
    `We are holding it for you for ${offer.holdMinutes} minutes. To book it, open this link and press "Claim this time":`,
    link,
    "",
    "If it no longer suits you, do nothing: the time then goes to the next person waiting.",
    "",
    shop.shopName,
    addressLine(shop),
    shop.phone,
  ].join("\n"),
});

/** The same offer as a text (one or two segments), for a customer who agreed to texts. */
export const offerText = (shop: ShopSettings, offer: OfferedTime, link: string) =>
  `${shop.shopName}: a time freed up, ${when(offer)}. Held for you for ${offer.holdMinutes} min: ${link}`;

/** What a customer joined the waitlist for, as the mail that confirms it tells it. */
export interface JoinedWaitlist {
  customerName: string;
  customerEmail: string;
  date: string;
  earliest: string | null;
  latest: string | null;
  memberName: string | null;
  services: string[];
  /** Whether an offer is texted too (they agreed to texts, and the shop sends them). */
  texted: boolean;
  holdMinutes: number;
}

function window(entry: JoinedWaitlist) {
  if (entry.earliest && entry.latest) return `between ${formatTime(entry.earliest)} and ${formatTime(entry.latest)}`;
  if (entry.earliest) return `from ${formatTime(entry.earliest)}`;
  if (entry.latest) return `until ${formatTime(entry.latest)}`;
  return "at any time of the day";
}

/** Confirms a place on the waitlist: what for, how an offer will come, and how to leave it. */
export const joinedMail = (shop: ShopSettings, entry: JoinedWaitlist, replyTo: string | undefined): OutgoingMail => ({
  to: entry.customerEmail,
  ...(replyTo ? { replyTo } : {}),
  subject: `You are on the waitlist at ${shop.shopName} for ${formatShopDate(entry.date, "weekdayDate")}`,
  text: [
    `Hello ${entry.customerName},`,
    "",
    `You are on our waitlist for ${formatShopDate(entry.date, "weekdayDate")}, ${window(entry)}${entry.memberName ? ` with ${entry.memberName}` : ""} (${entry.services.join(", ")}).`,
    "",
    `If a time that fits frees up, we offer it to whoever joined first: you will get ${entry.texted ? "a mail and a text" : "a mail"} with a link, and we hold the time for you for ${entry.holdMinutes} minutes. Nothing is booked until you claim it.`,
    "",
    replyTo
      ? `To leave the waitlist, reply to this mail or call us on ${shop.phone}.`
      : `To leave the waitlist, call us on ${shop.phone}.`,
    "",
    shop.shopName,
    addressLine(shop),
    shop.phone,
  ].join("\n"),
});
