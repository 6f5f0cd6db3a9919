import { cancelJob as cancel } from '~/server/services/staff/job-actions';
import { supportProcedure } from '~/server/trpc/procedures';
import { cancelJobInput, cancelJobOutput } from './cancel-job.schema';

/** Cancels a running job for its owner: the provider is told and the credits come back, once. */
export const cancelJob = supportProcedure
  .input(cancelJobInput)
  .output(cancelJobOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await cancel(ctx.db, ctx.staff.user, input)).repeated }));
