/** What other features may use of the services feature in the browser and on the server (decision 051). */
export { ServiceChecklist } from "./components/service-checklist";
export { useServicePriceLine } from "./components/service-price";
export { SERVICE_CATEGORIES, SERVICE_CATEGORY_HEADINGS } from "./services.schema";
export type { Service } from "./services.schema";
