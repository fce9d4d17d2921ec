/** What other features may use of the memberships feature's server code (decision 051). */
export {
  cancelMembership,
  changeCardUrl,
  customerMemberships,
  endMembershipsForErasure,
  membershipFigures,
} from "./membership-accounts.server";
export {
  assertVisitStaysInItsMonth,
  giveBackMemberVisit,
  memberAllowance,
  takeMemberVisit,
} from "./membership-visits.server";
export type { MemberAllowance } from "./membership-visits.server";
