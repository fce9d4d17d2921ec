import type { ShopSettings } from "~/features/settings/settings.schema";
import { addressLine } from "~/features/settings/shop-facts";
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
