/** What other features may use of the payments feature's server code (decision 051). */
export { abandonCheckout, askForPayment, paymentToAsk } from "./payment-checkout.server";
export { MANAGE_TOKEN_PURPOSE, holdForPayment } from "./payment-hold.server";
export type { PaymentHold } from "./payment-hold.server";
export {
  PAYMENT_MAIL_JOB,
  loadPaymentView,
  paymentFacts,
  paymentsOf,
  settlePaymentOnCancel,
} from "./payment-records.server";
export {
  activePaymentRules,
  loadPaymentRules,
  paymentSettingsView,
  publicPaymentSettings,
  requireStripeKeys,
  savePaymentSettings,
} from "./payment-settings.server";
export { awaitingPayment } from "./payment-view.server";
export {
  closeCheckoutSession,
  endPaymentHold,
  expirePayment,
  recordCheckoutPayment,
  refundLatePayment,
} from "./payments.server";
export type { PaymentEventJob } from "./payments.server";
export { StripeUnavailableError, retrieveCheckoutSession, stripeClient } from "./stripe.server";
