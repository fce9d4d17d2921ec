/** What other features may use of the audit feature's server code (decision 051). */
export { recordAudit } from "./audit.server";
