/** What other features may use of the customers feature's server code (decision 051). */
export { customerOfKey, exportCustomer } from "./customers.server";
export { eraseCustomer } from "./erasure.server";
