/**
 * The next steps a result offers, as the server derived them from the catalogue (generation.
 * nextSteps: targets with their prices), and the links that hand a result over to them.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '~/server/trpc/root';
import { handOverHref } from '~/utils/hand-over-query';
import { trpc } from '~/utils/trpc';

export type NextSteps = inferRouterOutputs<AppRouter>['generation']['nextSteps'];
export type NextStepTarget = NextSteps['imageTools'][number];

/** Fetched when a result first needs it, then kept: the catalogue does not change while the studio runs. */
export function useNextSteps(enabled = true): NextSteps | undefined {
  return trpc.generation.nextSteps.useQuery(undefined, { enabled, staleTime: Infinity, gcTime: Infinity }).data;
}

/** Opens a target with one of our stored images (by its object key) in its image field. */
export function imageHandOverHref(target: NextStepTarget, objectKey: string): string {
  return handOverHref({ appId: target.appId, modelId: target.modelId, input: objectKey });
}

/** Opens FLUX with a text in its prompt. */
export function promptHandOverHref(target: NextStepTarget, text: string): string {
  return handOverHref({ appId: target.appId, prompt: text });
}

/**
 * Remix: the creation's own app (the page moves it to the model's app if that no longer offers the
 * model), else the model's app; null for a model no app offers.
 */
export function remixHref(creation: { id: string; modelId: string; appId: string | null }, homeApps: NextSteps['homeApps']): string | null {
  const appId = creation.appId ?? homeApps[creation.modelId];
  return appId ? handOverHref({ appId, modelId: creation.modelId, remix: creation.id }) : null;
}
