/** What other features may use of the reviews feature's server code (decision 051). */
export { scheduleReviewRequest } from "./review-requests.server";
