/** What other features may use of the services feature's server code (decision 051). */
export { findServicesByIds, listServices } from "./services.server";
