/** What other features may use of the blog feature in the browser and on the server (decision 051). */
export { firstFreeSlug, slugify } from "./blog.schema";
