import type { Config } from "~/config.server";
import { addressLine, type ShopSettings } from "~/features/settings";
import type { OutgoingMail } from "~/lib/mailer.server";
import { formatPence } from "~/lib/money";

/* The member's mail when a renewal fails: bookings are priced normally until the card is put right. */

export const MEMBERSHIP_MAIL_JOB = "membership-mail";

/** A mail's job names the membership only: the name and address are read when it runs. */
export interface MembershipMailJob {
  kind: "payment_failed";
  membershipId: number;
}

export interface MembershipMailFacts {
  to: string;
  name: string;
  planName: string;
  monthlyPricePence: number;
}

export function membershipPaymentFailedMail(
  config: Config,
  shop: ShopSettings,
  facts: MembershipMailFacts,
): OutgoingMail {
  return {
    to: facts.to,
    subject: `Your ${shop.shopName} membership payment did not go through`,
    text: [
      `Hello ${facts.name},`,
      "",
      `We could not take this month's ${formatPence(facts.monthlyPricePence)} for your ${facts.planName} membership: your bank declined the card.`,
      "Until it is paid, bookings are priced as usual rather than included in your membership. Stripe will try the card again over the next few days.",
      `To use another card, open your page at ${config.publicUrl}/account and choose "Change card".`,
      "",
      shop.shopName,
      addressLine(shop),
      shop.phone,
    ].join("\n"),
  };
}
