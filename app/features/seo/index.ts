/** What other features may use of the seo feature in the browser and on the server (decision 051). */
export { publicUrlFrom } from "./seo";
