/** What other features may use of the waitlist feature in the browser and on the server (decision 051). */
export {
  OFFER_CLAIMED_MESSAGE,
  OFFER_DECLINED_MESSAGE,
  OFFER_EXPIRED_MESSAGE,
  OFFER_WITHDRAWN_MESSAGE,
} from "./waitlist.schema";
export { waitlistJoinPath } from "./waitlist.schema";
