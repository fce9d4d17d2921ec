import { addressLine, type ShopSettings } from "~/features/settings";
import type { OutgoingMail } from "~/lib/mailer.server";

interface ReviewRequestTo {
  to: string;
  name: string;
  unsubscribeUrl: string;
  /** RFC 8058: the address a mail client posts `List-Unsubscribe=One-Click` to. */
  oneClickUrl: string;
}

/** Asks for a review after a visit, with the shop's review link and a one-click way out. */
export const reviewRequestMail = (shop: ShopSettings, to: ReviewRequestTo): OutgoingMail => ({
  to: to.to,
  subject: `How was your visit to ${shop.shopName}?`,
  text: [
    `Hello ${to.name},`,
    "",
    `Thank you for coming to ${shop.shopName}. If you have a minute, we would be grateful for a review:`,
    shop.reviewUrl,
    "",
    "Every review helps others find a good barber, and tells us what to keep and what to change.",
    "",
    `No more review requests: ${to.unsubscribeUrl}`,
    "",
    shop.shopName,
    addressLine(shop),
    shop.phone,
  ].join("\n"),
  headers: {
    "List-Unsubscribe": `<${to.oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});
