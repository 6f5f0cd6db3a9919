/**
 * Replicate through the official `replicate` SDK.
 *
 * target 'owner/name'          -> POST {base}/models/{owner}/{name}/predictions  (model route)
 * target 'owner/name:version'  -> POST {base}/predictions {version}               (version route)
 * get -> GET {base}/predictions/{id}; cancel -> POST {base}/predictions/{id}/cancel.
 *
 * Every HTTP/network failure becomes a ProviderError (see ./http): 429/5xx/network/timeout are
 * retryable, other 4xx are not and carry Replicate's `detail` text as the message.
 */
import Replicate, { type Prediction } from 'replicate';
import {
  DEFAULT_TIMEOUT_MS,
  assertSafeJobId,
  createGuardedFetch,
  deadline,
  toProviderError,
  withRetries,
  type FetchLike,
  type RetryPolicy,
} from './http';
import { normalizeOutput } from './output';
import { replicateLogProgress } from './progress-logs';
import { ProviderError, type GenerationProvider, type ProviderJob, type ProviderStatus, type ProviderSubmit } from './types';

export type ReplicateProviderOptions = {
  token: string;
  /** Default https://api.replicate.com/v1 (include the /v1). */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Per-request deadline. Default 30 s (extended by `waitSeconds` on a blocking create). */
  timeoutMs?: number;
  retry?: RetryPolicy;
  userAgent?: string;
};

export type ReplicateProvider = GenerationProvider & { readonly platform: 'replicate'; readonly client: Replicate };

export type ReplicateTarget = { owner: string; name: string; model: string; version?: string };

/** Same grammar as the SDK's ModelVersionIdentifier ('owner/name' or 'owner/name:version'). */
export function parseReplicateTarget(target: string): ReplicateTarget {
  const match = /^([^/\s:]+)\/([^/\s:]+)(?::([A-Za-z0-9._-]+))?$/.exec(target.trim());
  if (!match) {
    throw new ProviderError(
      `Invalid Replicate model: ${target}. Expected owner/name or owner/name:version.`,
      false,
      undefined,
      { kind: 'client', provider: 'replicate' },
    );
  }
  const [, owner = '', name = '', version] = match;
  return { owner, name, model: `${owner}/${name}`, version: version || undefined };
}

function errorText(error: unknown): string | undefined {
  if (error === null || error === undefined || error === '') return undefined;
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** A Replicate prediction (API answer or webhook body) as a ProviderJob. */
export function predictionToJob(prediction: Pick<Prediction, 'id' | 'status' | 'output' | 'error'> & { logs?: unknown }): ProviderJob {
  const raw = prediction.status as string;
  let status: ProviderStatus;
  switch (raw) {
    case 'starting':
    case 'processing':
    case 'succeeded':
    case 'failed':
    case 'canceled':
      status = raw;
      break;
    case 'aborted': // terminated before it started (e.g. its deadline passed)
      status = 'failed';
      break;
    default:
      // Unknown future states: still running as far as we can tell.
      status = 'processing';
  }
  const job: ProviderJob = { jobId: prediction.id, status };
  if (status === 'processing') Object.assign(job, replicateLogProgress(prediction.logs));
  if (status === 'succeeded') {
    job.output = prediction.output;
    Object.assign(job, normalizeOutput(prediction.output));
  }
  if (status === 'failed' || status === 'canceled') {
    job.error =
      errorText(prediction.error) ??
      (raw === 'aborted' ? 'The prediction was aborted before it started.' : status === 'canceled' ? 'Canceled.' : 'The prediction failed.');
  }
  return job;
}

function assertPrediction(value: unknown): Prediction {
  if (!value || typeof value !== 'object' || typeof (value as Prediction).id !== 'string' || typeof (value as Prediction).status !== 'string') {
    throw new ProviderError('Replicate sent an unexpected response.', true, undefined, { kind: 'invalid_response', provider: 'replicate' });
  }
  return value as Prediction;
}

/**
 * The SDK wants the API root including its version (`https://api.replicate.com/v1`); people write
 * the origin with or without `/v1` and with or without a trailing slash: all mean the same root.
 */
export function replicateApiBase(baseUrl: string | undefined): string | undefined {
  const trimmed = baseUrl?.trim().replace(/\/+$/, '');
  if (!trimmed) return undefined;
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

export function createReplicateProvider(options: ReplicateProviderOptions): ReplicateProvider {
  if (!options.token) throw new Error('createReplicateProvider: a token is required.');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new Replicate({
    auth: options.token,
    baseUrl: replicateApiBase(options.baseUrl),
    userAgent: options.userAgent,
    fetch: createGuardedFetch({ provider: 'replicate', fetch: options.fetch, dedupeRetries: true }),
    useFileOutput: false,
  });

  const call = <T>(operation: 'submit' | 'get' | 'cancel', run: () => Promise<T>) =>
    withRetries('replicate', operation, options.retry, async () => {
      try {
        return await run();
      } catch (error) {
        throw toProviderError('replicate', error);
      }
    });

  return {
    platform: 'replicate',
    client,

    async submit(req: ProviderSubmit): Promise<ProviderJob> {
      const target = parseReplicateTarget(req.target);
      const wait = req.waitSeconds && req.waitSeconds > 0 ? Math.min(60, Math.ceil(req.waitSeconds)) : undefined;
      const prediction = await call('submit', () =>
        client.predictions.create({
          ...(target.version ? { version: target.version } : { model: target.model }),
          input: req.input,
          ...(req.webhookUrl ? { webhook: req.webhookUrl, webhook_events_filter: ['completed' as const] } : {}),
          ...(wait ? { wait } : {}),
          signal: deadline(wait ? Math.max(timeoutMs, wait * 1000 + 10_000) : timeoutMs),
        }),
      );
      return predictionToJob(assertPrediction(prediction));
    },

    async get(jobId: string, _target: string): Promise<ProviderJob> {
      assertSafeJobId('replicate', jobId);
      const prediction = await call('get', () => client.predictions.get(jobId, { signal: deadline(timeoutMs) }));
      return predictionToJob(assertPrediction(prediction));
    },

    async cancel(jobId: string, _target: string): Promise<void> {
      assertSafeJobId('replicate', jobId);
      await call('cancel', () => client.predictions.cancel(jobId, { signal: deadline(timeoutMs) }));
    },
  };
}
