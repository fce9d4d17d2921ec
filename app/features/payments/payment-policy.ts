import { formatPounds } from "~/lib/money";
import type { PublicPaymentSettings } from "./payments.schema";

/* The policy in words, free of zod so that any page may say it. */

/** What the booking pages say up front, before any details are typed. */
export function policySentence(settings: PublicPaymentSettings, noticeHours: number) {
  switch (settings.policy) {
    case "deposit":
      return `${formatPounds(settings.deposit)} deposit to book, refunded if you cancel ${noticeHours} hours ahead`;
    case "prepayment":
      return `Pay online when you book, refunded in full if you cancel ${noticeHours} hours ahead`;
    case "card":
      return `We keep a card on file; a no-show or a cancellation inside ${noticeHours} hours costs ${formatPounds(settings.noShowFee)}`;
    case "none":
      return null;
  }
}
