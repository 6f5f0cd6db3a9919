/**
 * Shapes the generation flow works with. Server shapes are inferred from the router so the client
 * never drifts from what the API answers. (A prediction's own shapes, shown by the creations and
 * the outputs too, live in features/predictions.)
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '~/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>;

export type SubmitAnswer = Outputs['generation']['submit'];
export type CheckAnswer = Outputs['generation']['check'];
