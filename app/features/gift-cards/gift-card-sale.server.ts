import type { Db } from "~/db/client.server";
import { HttpError } from "~/lib/http-error";
import { GIFT_CARD_CODE_UNKNOWN } from "./gift-card-booking.server";
import { findCardByCode, giveBackToCard, spendFromCard, type Spend } from "./gift-cards.server";

/*
 * A gift card at the till (issues 31 and 34): the sale's payment is spent from the card by the same guarded
 * update as a booking's (409 with the balance left when it does not cover), in the transaction that records the
 * payment, and a refund of that payment goes back to the card. The card's history and the ledger name the sale.
 */

/** The card a code names; 400 when none has it (a spent, void or expired card is refused by the spend). */
export async function giftCardOfCode(db: Db, code: string) {
  const card = await findCardByCode(db, code);
  if (!card) throw new HttpError(400, GIFT_CARD_CODE_UNKNOWN, {}, "code");
  return card.id;
}

export type SaleCardMovement = Omit<Spend, "bookingId">;

export const spendOnSale = (trx: Db, spend: SaleCardMovement, now: Date) => spendFromCard(trx, spend, now);

export const refundToCard = (trx: Db, back: SaleCardMovement, now: Date) => giveBackToCard(trx, back, now);
