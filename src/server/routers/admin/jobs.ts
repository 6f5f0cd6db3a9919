import { listJobs } from '~/server/services/staff/jobs';
import { supportProcedure } from '~/server/trpc/procedures';
import { jobsInput, jobsOutput } from './jobs.schema';

/** Every generation, newest first, filtered (the jobs page, and a user's generations on their page). */
export const jobs = supportProcedure
  .input(jobsInput)
  .output(jobsOutput)
  .query(({ ctx, input: { limit, cursor, ...filter } }) => listJobs(ctx.db, filter, { limit, cursor }));
