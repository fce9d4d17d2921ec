import { addressLine, type ShopSettings } from "~/features/settings";
import type { OutgoingMail } from "~/lib/mailer.server";
import { SIGN_IN_LINK_MINUTES } from "./account.schema";

/** The one-time link to the customer's own page. */
export const signInLinkMail = (shop: ShopSettings, email: string, link: string): OutgoingMail => ({
  to: email,
  subject: `Your sign-in link for ${shop.shopName}`,
  text: [
    "Hello,",
    "",
    `Here is your link to see your bookings at ${shop.shopName}, book again, or change an appointment:`,
    link,
    "",
    `It works once and for ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this mail: nobody can sign in without it.`,
    "",
    shop.shopName,
    addressLine(shop),
    shop.phone,
  ].join("\n"),
});
