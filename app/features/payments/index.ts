/** What other features may use of the payments feature in the browser and on the server (decision 051). */
export { AdminPaymentActions } from "./components/admin-payment-actions";
export { PaymentNote, paymentWords } from "./components/payment-note";
export {
  bookingPaymentSchema,
  paymentSettingsSchema,
  paymentSettingsViewSchema,
  publicPaymentSettingsSchema,
} from "./payments.schema";
export type { BookingPayment, PaymentPolicy } from "./payments.schema";
export { policySentence } from "./payment-policy";
