/** What other features may use of the accounts feature in the browser and on the server (decision 051). */
export { CURRENT_PASSWORD_MESSAGE, reauthenticationSchema, twoFactorCodeField } from "./accounts.schema";
export type { TwoFactorSetup, TwoFactorStatus } from "./accounts.schema";
