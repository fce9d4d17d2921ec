/** What other features may use of the memberships feature in the browser and on the server (decision 051). */
export {
  MEMBERSHIP_STATUS_NAMES,
  adminMembershipSchema,
  joinMembershipSchema,
  membershipTerms,
} from "./memberships.schema";
export type { AdminMembership, MembershipPlan } from "./memberships.schema";
