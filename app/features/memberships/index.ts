/** What other features may use of the memberships feature in the browser and on the server (decision 051). */
export { adminMembershipSchema, joinMembershipSchema, membershipTerms } from "./memberships.schema";
export type { AdminMembership, MembershipPlan } from "./memberships.schema";
