/** What other features may use of the customer-identity feature's server code (decision 051). */
export { customerFingerprint, fingerprintOfCustomer } from "./customer-fingerprint.server";
export { BATCH_SIZE, CustomerBatch } from "./customer-batch.server";
export { customerIdFor, customerIdOfEmail, customerIdOfKey, lockCustomerOfBooking } from "./customer-rows.server";
