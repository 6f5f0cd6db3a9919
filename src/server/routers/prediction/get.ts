import { AppError } from '~/server/errors';
import { toPrediction, type Prediction } from '~/server/services/generation/present';
import { findVisibleGeneration } from '~/server/services/generation/read-cache';
import type { InnerContext } from '~/server/trpc/context';
import { publicProcedure } from '~/server/trpc/procedures';
import { getInput, getOutput, type GetInput } from './get.schema';

/**
 * One creation: the caller's own, or a public one of someone else. Private ones of others do not
 * exist. GET /api/unigen/{id} runs this procedure too.
 */
async function readPrediction(ctx: InnerContext, input: GetInput): Promise<Prediction> {
  const viewer = ctx.user?.id ?? null;
  const row = await findVisibleGeneration(ctx.db, input.id, viewer);
  if (!row) throw new AppError('not_found', 'Generation not found.');
  return toPrediction(row, viewer);
}

export const get = publicProcedure
  .input(getInput)
  .output(getOutput)
  .query(({ ctx, input }) => readPrediction(ctx, input));
