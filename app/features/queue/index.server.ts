/** What other features may use of the walk-in queue's server code (decision 051). */
export { eraseCustomerQueueEntries, eraseOldQueueEntries, QUEUE_KEEP_DAYS } from "./queue-erasure.server";
