/** What other features may use of the texts feature in the browser and on the server (decision 051). */
export { toE164 } from "./text-body";
