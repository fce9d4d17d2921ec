/** What other features may use of the settings feature's server code (decision 051). */
export type { ScheduleChange, ScheduleFollowUp } from "./settings.server";
export { closureAnnouncements } from "./settings.server";
