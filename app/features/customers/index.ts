/** What other features may use of the customers feature in the browser and on the server (decision 051). */
export { customerNameField, optionalCustomerNameField } from "./customer-name.schema";
export {
  CUSTOMER_ID_PATTERN,
  NOTES_MAX,
  NO_SHOW_FLAG,
  WALK_IN_NAME,
  customerKey,
  customerKeySchema,
  customerPath,
  erasureResultSchema,
} from "./customers.schema";
export type { Attendance } from "./customers.schema";
