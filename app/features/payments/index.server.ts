/** What other features may use of the payments feature's server code (decision 051). */
export { recordMovement } from "./money-ledger.server";
export { abandonCheckout, askForPayment, paymentToAsk, paymentUnavailableMessage } from "./payment-checkout.server";
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
  stripeKeys,
} from "./payment-settings.server";
export { awaitingPayment } from "./payment-view.server";
export {
  TERMINAL_EVENT_JOB,
  closeCheckoutSession,
  endPaymentHold,
  expirePayment,
  recordCheckoutPayment,
  refundLatePayment,
} from "./payments.server";
export type { PaymentEventJob } from "./payments.server";
export {
  ChargeRefusedError,
  RefundRefusedError,
  StripeUnavailableError,
  callStripe,
  isInvalidStripeRequest,
  chargeOffSession,
  refundPayment,
  retrieveCheckoutSession,
  stripeClient,
} from "./stripe.server";
