import type { Config } from "~/config.server";
import type { Row } from "~/db/database";
import { addressLine, type ShopSettings } from "~/features/settings";
import { quoteLines, type OutgoingMail } from "~/lib/mailer.server";
import { formatPence } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";

/* The mails of a gift card: the buyer's receipt, and the gift itself with its code. */

export type GiftCardMailKind = "receipt" | "gift";

export const GIFT_CARD_MAIL_JOB = "gift-card-mail";
/** A mail's job names the card only: the code and the addresses are read when it runs. */
export interface GiftCardMailJob {
  kind: GiftCardMailKind;
  cardId: number;
}

export interface GiftCardMailFacts {
  kind: GiftCardMailKind;
  card: Row<"gift_cards">;
  code: string;
  /** The online purchase, when there was one: the buyer, the message and the day the gift goes. */
  purchase?: Row<"gift_card_purchases">;
}

const signature = (shop: ShopSettings) => ["", shop.shopName, addressLine(shop), shop.phone];

/** Who a mail goes to: the receipt to the buyer; the gift to the recipient, or to the buyer when no address. */
export function giftCardMailTo(facts: Omit<GiftCardMailFacts, "code">) {
  if (facts.kind === "receipt") return facts.purchase?.buyer_email ?? null;
  return facts.card.recipient_email ?? facts.purchase?.buyer_email ?? null;
}

export function giftCardMail(config: Config, shop: ShopSettings, facts: GiftCardMailFacts): OutgoingMail | null {
  const to = giftCardMailTo(facts);
  if (!to) return null;
  const { card, purchase } = facts;
  const amount = formatPence(card.initial_pence);
  const expiry = formatShopDate(card.expires_on, "medium");
  if (facts.kind === "receipt") {
    const delivery = card.recipient_email
      ? `We will send it to ${card.recipient_name} at ${card.recipient_email}${purchase?.send_on ? ` on ${formatShopDate(purchase.send_on, "medium")}` : ""}.`
      : `It comes to you in a separate e-mail${purchase?.send_on ? ` on ${formatShopDate(purchase.send_on, "medium")}` : ""}, to pass on to ${card.recipient_name}.`;
    return {
      to,
      subject: `Your ${amount} gift card receipt from ${shop.shopName}`,
      text: [
        `Hello ${purchase?.buyer_name ?? card.recipient_name},`,
        "",
        `Thank you: you bought a ${amount} ${shop.shopName} gift card for ${card.recipient_name}, paid by card.`,
        delivery,
        `It can be spent until ${expiry}, online when booking or in the shop.`,
        ...signature(shop),
      ].join("\n"),
    };
  }
  const from = purchase ? `${purchase.buyer_name} has sent you` : `${shop.shopName} has given you`;
  const message = purchase?.message ? ["", `${purchase.buyer_name} wrote:`, quoteLines(purchase.message)] : [];
  return {
    to,
    subject: `A ${amount} gift card for ${shop.shopName}`,
    text: [
      `Hello ${card.recipient_name},`,
      "",
      `${from} a ${amount} gift card for ${shop.shopName}.`,
      ...message,
      "",
      `Your code: ${facts.code}`,
      `Value: ${amount}`,
      `Valid until: ${expiry}`,
      "",
      `Spend it online when you book at ${config.publicUrl}/bookings (type the code in the gift card box), or show it in the shop.`,
      `Check the balance at any time at ${config.publicUrl}/gift-cards.`,
      ...signature(shop),
    ].join("\n"),
  };
}
