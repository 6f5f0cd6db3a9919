import { readPrediction } from '~/server/services/generation/read-prediction';
import { publicProcedure } from '~/server/trpc/procedures';
import { getInput, getOutput } from './get.schema';

/**
 * One creation: the caller's own, or a public one of someone else. Private ones of others do not
 * exist. GET /api/unigen/{id} runs this procedure too; /api/trpc/prediction.get answers a
 * successful poll with the same service function and schemas (src/server/http/prediction-poll-route.ts).
 */
export const get = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/generations/{id}', tags: ['Generations'], summary: 'Read a generation', description: 'Its status, progress and, once succeeded, its outputs. Your own, or a public one of someone else.', protect: false } })
  .input(getInput)
  .output(getOutput)
  .query(({ ctx, input }) => readPrediction(ctx.db, ctx.user?.id ?? null, input.id));
