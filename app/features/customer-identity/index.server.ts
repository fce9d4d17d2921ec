/** What other features may use of the customer-identity feature's server code (decision 051). */
export { customerFingerprint, fingerprintOfCustomer } from "./customer-fingerprint.server";
export {
  addImportedDetails,
  customerIdFor,
  customerIdOfEmail,
  customerIdOfKey,
  customerMatchKeys,
} from "./customer-rows.server";
