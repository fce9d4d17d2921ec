/** What other features may use of the team feature in the browser and on the server (decision 051). */
export { timeOffBookingsMessage } from "./team.schema";
export type { PublicTeamMember } from "./team.schema";
