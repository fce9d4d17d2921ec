/** What other features may use of the gift-cards feature's server code (decision 051). */
export { giftCardShare, spendShareOnBooking } from "./gift-card-booking.server";
export type { GiftCardShare } from "./gift-card-booking.server";
export { loadGiftCardSettings, saveGiftCardSettings } from "./gift-card-settings.server";
export { GIFT_CODE_PURPOSE, giveBackBookingSpend } from "./gift-cards.server";
export { giftCardOfCode, refundToCard, spendOnSale } from "./gift-card-sale.server";
export type { SaleCardMovement } from "./gift-card-sale.server";
export { eraseGiftCardPeople, giftCardsOfEmail } from "./gift-card-people.server";
