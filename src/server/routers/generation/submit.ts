import { submitGeneration } from '~/server/services/generation/submit';
import { publicProcedure } from '~/server/trpc/procedures';
import { idempotencyKeyHeader, submitInput, submitOutput } from './submit.schema';

/**
 * Submit a generation (core-flow §4). Public on purpose: the maintenance check comes before the
 * sign-in check in the spec's order, so the admission checks both itself. A synchronous model is
 * answered with its text; any other is queued. POST /api/unigen runs this procedure too.
 */
export const submit = publicProcedure
  .meta({ scope: 'generate', openapi: { method: 'POST', path: '/generations', tags: ['Generations'], summary: 'Submit a generation', description: 'Charges the model\'s price and queues the job (a synchronous model answers with its text). The body is a generate request: model_id and the model\'s own fields (GET /models lists them). An Idempotency-Key header is the idempotency_key field: a retry with the same key charges once and answers the same generation.', requestHeaders: idempotencyKeyHeader } })
  .input(submitInput)
  .output(submitOutput)
  .mutation(({ ctx, input }) => submitGeneration(ctx.db, ctx.user?.id ?? null, input, 'any', { apiKey: ctx.apiKey ?? null }));
