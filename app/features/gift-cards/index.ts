/** What other features may use of the gift-cards feature in the browser and on the server (decision 051). */
export { giftCardSettingsSchema } from "./gift-cards.schema";
