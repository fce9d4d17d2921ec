/** What other features may use of the jobs feature's server code (decision 051). */
export {
  cancelJobs,
  clearJobErrorsMentioning,
  enqueueJob,
  enqueueJobs,
  ensureJob,
  findJob,
  jobMessageId,
  nudgeJobWorkers,
  pruneFinishedJobs,
} from "./jobs.server";
export type { Job, JobHandler, JobHandlers, NewJob } from "./jobs.server";
