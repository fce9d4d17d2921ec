/** What other features may use of the waitlist feature's server code (decision 051). */
export { eraseWaitlistEntries, lapsePastEntries, waitlistEntriesOf } from "./waitlist-rows.server";
