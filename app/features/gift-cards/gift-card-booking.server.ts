import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { paymentToAsk } from "~/features/payments/index.server";
import { HttpError, conflict } from "~/lib/http-error";
import { cardState, findCardByCode, spendFromCard } from "./gift-cards.server";

/*
 * A gift card on a booking (issue 34): what the shop asks online (a deposit or a prepayment) is taken from the
 * card first, and only the rest goes to Checkout; nothing does when the card covers it. The share is worked out
 * before the booking's transaction (the Checkout session is opened before it) and taken inside it by the guarded
 * spend, which refuses (409, the balance said) when the card was spent meanwhile: the booking then rolls back.
 */

export interface GiftCardShare {
  cardId: number;
  /** What the card pays of the booking's online payment. */
  pence: number;
}

export const GIFT_CARD_CODE_UNKNOWN = "We could not find a gift card with this code. Please check it and try again.";

/** The share of the booking's online payment a code's card covers; undefined without a code or when nothing is asked. */
export async function giftCardShare(
  ctx: Pick<RequestContext, "db" | "config" | "settings">,
  code: string | undefined,
  booking: { totalPence: number; customerEmail: string },
  now: Date,
): Promise<GiftCardShare | undefined> {
  if (!code) return undefined;
  const card = await findCardByCode(ctx.db, code);
  if (!card) throw new HttpError(400, GIFT_CARD_CODE_UNKNOWN, {}, "giftCardCode");
  const state = cardState(card, now);
  if (state !== "active") {
    const why = { void: "has been cancelled", expired: "has expired", used: "has nothing left on it" }[state];
    throw conflict(`This gift card ${why}.`, "giftCardCode");
  }
  const asked = await paymentToAsk(ctx, booking, now);
  // Only money asked online is taken here; a card saved for a no-show fee is not a payment.
  if (!asked || asked.kind === "card") return undefined;
  return { cardId: card.id, pence: Math.min(card.balance_pence, asked.amountPence) };
}

/** Takes the share in the booking's transaction (its history and the ledger name the booking). */
export async function spendShareOnBooking(trx: Db, share: GiftCardShare, bookingId: number, now: Date) {
  if (share.pence === 0) return;
  await spendFromCard(
    trx,
    { cardId: share.cardId, amountPence: share.pence, bookingId, key: `gift-card-booking-${bookingId}` },
    now,
  );
}
