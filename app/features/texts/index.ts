/** What other features may use of the texts feature in the browser and on the server (decision 051). */
export { queueText, toE164 } from "./text-body";
export type { QueueTextKind } from "./text-body";
