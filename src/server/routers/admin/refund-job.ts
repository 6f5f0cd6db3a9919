import { refundJob as refund } from '~/server/services/staff/job-actions';
import { supportProcedure } from '~/server/trpc/procedures';
import { refundJobInput, refundJobOutput } from './refund-job.schema';

/** Refunds a finished job's cost to its owner, once per job. */
export const refundJob = supportProcedure
  .input(refundJobInput)
  .output(refundJobOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await refund(ctx.db, ctx.staff.user, input)).repeated }));
