import { rerunJob as rerun } from '~/server/services/staff/job-actions';
import { adminProcedure } from '~/server/trpc/procedures';
import { rerunJobInput, rerunJobOutput } from './rerun-job.schema';

/** Runs a failed job again for its owner at no charge: a new generation linked to the old one. */
export const rerunJob = adminProcedure
  .input(rerunJobInput)
  .output(rerunJobOutput)
  .mutation(async ({ ctx, input }) => {
    const outcome = await rerun(ctx.db, ctx.staff.user, input);
    return outcome.repeated ? { repeated: true, generationId: null } : { repeated: false, generationId: outcome.result.generationId };
  });
