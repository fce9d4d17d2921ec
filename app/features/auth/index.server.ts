/** What other features may use of the auth feature's server code (decision 051). */
export { endOtherSessions, hashPassword, hashToken } from "./auth.server";
export {
  confirmIdentity,
  confirmTwoFactorSetup,
  disableTwoFactor,
  reauthenticationLimits,
  startTwoFactorSetup,
  twoFactorStatus,
} from "./two-factor.server";
export type { ConfirmedIdentity } from "./two-factor.server";
