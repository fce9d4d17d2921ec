/** What other features may use of the team feature in the browser and on the server (decision 051). */
export { PAY_KIND_LABELS } from "./pay.schema";
export type { Pay } from "./pay.schema";
export { timeOffBookingsMessage } from "./team.schema";
export type { PublicTeamMember, TeamMember } from "./team.schema";
