/** What other features may use of the texts feature's server code (decision 051). */
export { smsProvider } from "./sms-provider.server";
export {
  forgetBookingTexts,
  isOptedOut,
  queueBookingTexts,
  queueCancellationText,
  queueMoveText,
} from "./texts.server";
