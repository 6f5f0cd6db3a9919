/**
 * The providers' one door: the interface, the platforms' traits, the hosted clients built from the
 * environment, and the local engine (which runs what no configured platform does; the registry
 * hands it its database and storage's image reader).
 */
import type { Env } from '~/env';
import { createFalProvider, type FalProvider } from './fal';
import { createReplicateProvider, type ReplicateProvider } from './replicate';

export * from './types';
export { PLATFORMS, PLATFORM_TRAITS, FALLBACK_PLATFORM, type PlatformTraits } from './platforms';
export { createLocalProvider, type LocalJob, type LocalJobs } from './local/provider';
export { normalizeOutput, isOutputUrl } from './output';
export { createReplicateProvider, parseReplicateTarget, predictionToJob, type ReplicateProvider, type ReplicateProviderOptions } from './replicate';
export { createFalProvider, falWebhookToJob, rewriteFalUrl, type FalProvider, type FalProviderOptions } from './fal';
export { verifyReplicateWebhook, signStandardWebhook, type ReplicateWebhookResult } from './replicate-webhook';
export { verifyFalWebhook, clearFalJwksCache, type FalWebhookResult, type FalWebhookBody } from './fal-webhook';
export type { RetryPolicy } from './http';

export const DEFAULT_FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';

export type RemoteProviders = { replicate?: ReplicateProvider; fal?: FalProvider };

/** Replicate when REPLICATE_API_TOKEN is set, fal when FAL_KEY is set (each with its optional base URL). */
export function createRemoteProviders(
  env: Pick<Env, 'REPLICATE_API_TOKEN' | 'REPLICATE_BASE_URL' | 'FAL_KEY' | 'FAL_BASE_URL'>,
): RemoteProviders {
  return {
    replicate: env.REPLICATE_API_TOKEN
      ? createReplicateProvider({ token: env.REPLICATE_API_TOKEN, baseUrl: env.REPLICATE_BASE_URL })
      : undefined,
    fal: env.FAL_KEY ? createFalProvider({ key: env.FAL_KEY, baseUrl: env.FAL_BASE_URL }) : undefined,
  };
}
