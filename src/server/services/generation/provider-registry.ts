/**
 * Which backend runs a model: its catalogue platform when that provider is configured
 * (REPLICATE_API_TOKEN / FAL_KEY), otherwise the local engine when it is on (LOCAL_ENGINE; off in
 * production by default), otherwise nobody: the model is unavailable and is refused before any
 * debit. Tests swap in their own providers.
 */
import { models } from '~/catalogue';
import { envFingerprint, getEnv, type Env } from '~/env';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import {
  createLocalProvider,
  createRemoteProviders,
  FALLBACK_PLATFORM,
  PLATFORM_TRAITS,
  type GenerationProvider,
  type Platform,
  type RemoteProviders,
} from '~/server/providers';
import { localJobsIn } from './local-jobs';

export type { Platform } from '~/server/providers';

/** Built once per settings: `settings` is their fingerprint, the same in every bundle of the build. */
type Registry = { settings: string; env: Env; remote: RemoteProviders; local: WeakMap<Db, GenerationProvider> };
const holder = globalThis as unknown as { studioProviders?: Registry; studioProviderOverride?: Partial<Record<Platform, GenerationProvider>> };

function registry(): Registry {
  const env = getEnv();
  const settings = envFingerprint(env);
  if (holder.studioProviders?.settings !== settings) {
    holder.studioProviders = { settings, env, remote: createRemoteProviders(env), local: new WeakMap() };
    announceProviders(holder.studioProviders);
  }
  return holder.studioProviders;
}

/**
 * One line when the providers are (re)built, so an operator sees at start which backends serve (and
 * a rebuild, which only a change of settings should cause, shows in the log). Not under tests,
 * which change settings between cases.
 */
function announceProviders({ env, remote }: Registry): void {
  if (env.NODE_ENV === 'test') return;
  const state = (on: unknown) => (on ? 'configured' : 'not configured');
  console.log(`[providers] replicate: ${state(remote.replicate)}; fal: ${state(remote.fal)}; local engine: ${env.localEngine ? 'on' : 'off'}`);
}

/** A line for each local run outside tests: where a job's work began, and that it began once. */
function runLogFor(env: Env): ((jobId: string, modelId: string) => void) | undefined {
  if (env.NODE_ENV === 'test') return undefined;
  return (jobId, modelId) => console.log(`[local engine] ${jobId}: ${modelId} started`);
}

/** The backend that runs a model of this catalogue platform, or null when none can. */
function runnerFor(modelPlatform: string): Platform | null {
  const { env, remote } = registry();
  const override = holder.studioProviderOverride;
  if (modelPlatform === 'replicate' && (remote.replicate || override?.replicate)) return 'replicate';
  if (modelPlatform === 'fal' && (remote.fal || override?.fal)) return 'fal';
  return env.localEngine || override?.[FALLBACK_PLATFORM] ? FALLBACK_PLATFORM : null;
}

/** The backend for a model's catalogue platform; refuses (503 model_unavailable) when none is configured. */
export function platformFor(modelPlatform: string): Platform {
  const platform = runnerFor(modelPlatform);
  if (!platform) throw new AppError('model_unavailable');
  return platform;
}

/** What the UI shows: the models nobody can run here, and whether the local engine serves any. */
export function availability(): { unavailableModels: string[]; localEngineServes: boolean } {
  const runners = new Map(models.map((model) => [model.id, runnerFor(model.api.platform)]));
  return {
    unavailableModels: [...runners].filter(([, runner]) => runner === null).map(([id]) => id),
    localEngineServes: [...runners.values()].includes(FALLBACK_PLATFORM),
  };
}

/**
 * The provider for a platform. The local engine's jobs (and their input images) are read from the
 * given database by local-jobs.ts, handed over here.
 */
export function providerFor(platform: string, db: Db): GenerationProvider {
  const override = holder.studioProviderOverride?.[platform as Platform];
  if (override) return override;
  const { env, remote, local } = registry();
  if (platform === 'replicate' && remote.replicate) return remote.replicate;
  if (platform === 'fal' && remote.fal) return remote.fal;
  let engine = local.get(db);
  if (!engine) {
    engine = createLocalProvider(localJobsIn(db), { onRunStart: runLogFor(env) });
    local.set(db, engine);
  }
  return engine;
}

/** Tests only: force a provider for a platform (null clears). */
export function setProviderOverrideForTests(overrides: Partial<Record<Platform, GenerationProvider>> | null): void {
  holder.studioProviderOverride = overrides ?? undefined;
}

/** Where a provider should call back; only when we can verify what it sends. */
export function webhookUrlFor(platform: Platform): string | undefined {
  const env = getEnv();
  const base = env.PUBLIC_BASE_URL;
  if (!base || !PLATFORM_TRAITS[platform].sendsWebhooks) return undefined;
  if (platform === 'replicate' && !env.REPLICATE_WEBHOOK_SECRET) return undefined;
  return `${base.replace(/\/+$/, '')}/api/webhooks/${platform}`;
}
