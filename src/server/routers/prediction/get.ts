import { AppError } from '~/server/errors';
import { toPrediction } from '~/server/services/generation/present';
import { findVisibleGeneration } from '~/server/services/generation/read-cache';
import { publicProcedure } from '~/server/trpc/procedures';
import { getInput, getOutput } from './get.schema';

/** One creation: the caller's own, or a public one of someone else. Private ones of others do not exist. */
export const get = publicProcedure
  .input(getInput)
  .output(getOutput)
  .query(async ({ ctx, input }) => {
    const viewer = ctx.user?.id ?? null;
    const row = await findVisibleGeneration(ctx.db, input.id, viewer);
    if (!row) throw new AppError('not_found', 'Generation not found.');
    return toPrediction(row, viewer);
  });
