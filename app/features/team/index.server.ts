/** What other features may use of the team feature's server code (decision 051). */
export { getTeamMember, listTeam } from "./team.server";
export { listPublicTeam } from "./team.server";
