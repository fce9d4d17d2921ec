import type { Config } from "~/config.server";
import { addressLine, type ShopSettings } from "~/features/settings";
import type { OutgoingMail } from "~/lib/mailer.server";
import { formatPence } from "~/lib/money";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";

/* The mails about money: an unpaid booking that expired, a refund made, a fee charged, a link to pay a fee. */

export interface PaymentMail {
  kind: "expired" | "refund" | "late-refund" | "payment-link" | "fee-charged";
  to: string;
  customerName: string;
  reference: string;
  date: string;
  startTime: string;
  endTime: string;
  amountPence: number;
  /** A Checkout link, for "payment-link". */
  link?: string;
  /** Why a fee was charged, for "fee-charged". */
  reason?: "no-show" | "late-cancellation";
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function paymentMail(config: Config, shop: ShopSettings, mail: PaymentMail): OutgoingMail {
  const when = `${formatShopDate(mail.date)}, ${formatTimeRange(mail.startTime, mail.endTime)}`;
  const amount = formatPence(mail.amountPence);
  const lines: Record<PaymentMail["kind"], [string, string[]]> = {
    expired: [
      `Your booking at ${shop.shopName} was not completed (${mail.reference})`,
      [
        `The payment for your appointment on ${when} did not arrive in time, so the time has been released and nothing was charged.`,
        `You are welcome to book again at ${config.publicUrl}/bookings or call us on ${shop.phone}.`,
      ],
    ],
    refund: [
      `Refund of ${amount} for your booking at ${shop.shopName} (${mail.reference})`,
      [
        `We have refunded ${amount} to your card for your appointment on ${when}.`,
        "It usually shows on your statement within 5–10 working days.",
      ],
    ],
    "late-refund": [
      `Your payment arrived too late: ${amount} refunded (${mail.reference})`,
      [
        `Your payment for ${when} arrived after the time had been given to someone else, so we have refunded ${amount} in full.`,
        `Please choose another time at ${config.publicUrl}/bookings or call us on ${shop.phone}.`,
      ],
    ],
    "fee-charged": [
      `A fee of ${amount} was charged for your appointment at ${shop.shopName} (${mail.reference})`,
      [
        mail.reason === "late-cancellation"
          ? `Your appointment on ${when} was cancelled inside our cancellation notice, so we have charged the ${amount} late-cancellation fee to the card you saved when booking.`
          : `We missed you at your appointment on ${when}, so we have charged the ${amount} no-show fee to the card you saved when booking.`,
        `If you think this is a mistake, please call us on ${shop.phone}.`,
      ],
    ],
    "payment-link": [
      `A fee of ${amount} for your appointment at ${shop.shopName} (${mail.reference})`,
      [
        `Your bank asked for your confirmation before we could take the ${amount} fee for your appointment on ${when}.`,
        `Please pay it here: ${mail.link ?? ""}`,
      ],
    ],
  };
  const [subject, body] = lines[mail.kind];
  return {
    to: mail.to,
    subject: oneLine(subject),
    text: [`Hello ${mail.customerName},`, "", ...body, "", shop.shopName, addressLine(shop), shop.phone].join("\n"),
  };
}
