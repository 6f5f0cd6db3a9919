/**
 * fal through `@fal-ai/client`'s queue API.
 *
 * submit -> POST https://queue.fal.run/{endpoint}?fal_webhook=...   body = the input itself
 * status -> GET  https://queue.fal.run/{owner}/{alias}/requests/{id}/status   (sub-path dropped)
 * result -> GET  https://queue.fal.run/{owner}/{alias}/requests/{id}
 * cancel -> PUT  https://queue.fal.run/{owner}/{alias}/requests/{id}/cancel
 *
 * IN_QUEUE -> queued, IN_PROGRESS -> processing, COMPLETED -> the result is fetched: succeeded, or
 * failed when the status or the result carries the request's error (client_cancelled -> canceled).
 *
 * `baseUrl` points the SDK elsewhere (a test double, a gateway): the SDK hard-codes
 * https://{queue.,}fal.run and rest.alpha.fal.ai, so our `fetch` rewrites any *.fal.run / *.fal.ai
 * URL onto baseUrl (path and query kept) and passes the original host as `x-fal-target-host`. This is
 * the complete way: `requestMiddleware`/`proxyUrl` do not cover every request (storage uploads).
 */
import { createFalClient, type FalClient } from '@fal-ai/client';
import {
  DEFAULT_TIMEOUT_MS,
  assertSafeJobId,
  createGuardedFetch,
  deadline,
  detailFromBody,
  toProviderError,
  withRetries,
  type FetchLike,
  type RetryPolicy,
} from './http';
import { normalizeOutput } from './output';
import { falStatusProgress } from './progress-logs';
import {
  ProviderError,
  isTerminalProviderStatus,
  type GenerationProvider,
  type ProviderJob,
  type ProviderSubmit,
} from './types';

export type FalProviderOptions = {
  key: string;
  /** Replaces https://queue.fal.run, https://fal.run, https://rest.alpha.fal.ai... (origin, optional path prefix). */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Per-request deadline. Default 30 s. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Poll interval while a submit waits (`waitSeconds`). Default 500 ms. */
  pollIntervalMs?: number;
};

export type FalProvider = GenerationProvider & { readonly platform: 'fal'; readonly client: FalClient };

const FAL_HOST = /(^|\.)fal\.(run|ai)$/i;

/** Maps an SDK URL (https://queue.fal.run/a/b?x) onto baseUrl, or undefined when it is not a fal host. */
export function rewriteFalUrl(url: URL, baseUrl: string): { url: URL; headers: Record<string, string> } | undefined {
  if (!FAL_HOST.test(url.hostname)) return undefined;
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const rewritten = new URL(`${prefix}${url.pathname}${url.search}`, base.origin);
  return { url: rewritten, headers: { 'x-fal-target-host': url.host } };
}

type FalStatusBody = {
  status?: string;
  request_id?: string;
  queue_position?: number;
  logs?: unknown;
  error?: unknown;
  error_type?: unknown;
};

function isCancelType(errorType: unknown, status?: number): boolean {
  return errorType === 'client_cancelled' || status === 499;
}

function failedJob(jobId: string, error: string, canceled: boolean): ProviderJob {
  return { jobId, status: canceled ? 'canceled' : 'failed', error };
}

/** A fal webhook body `{request_id, status:'OK'|'ERROR', payload, error?}` as a ProviderJob. */
export function falWebhookToJob(body: { request_id?: unknown; status?: unknown; payload?: unknown; error?: unknown; payload_error?: unknown }): ProviderJob {
  const jobId = typeof body.request_id === 'string' ? body.request_id : '';
  if (body.status === 'OK') {
    const job: ProviderJob = { jobId, status: 'succeeded' };
    if (body.payload !== null && body.payload !== undefined) {
      job.output = body.payload;
      Object.assign(job, normalizeOutput(body.payload));
    }
    return job;
  }
  const detail = detailFromBody(body.payload);
  const base = typeof body.error === 'string' && body.error ? body.error : 'The request failed.';
  const payloadType =
    body.payload && typeof body.payload === 'object' ? (body.payload as Record<string, unknown>).error_type : undefined;
  return failedJob(jobId, detail && detail !== base ? `${base}: ${detail}` : base, isCancelType(payloadType));
}

/** HTTP statuses of a result fetch that are the request's own outcome (not a transport problem). */
function isOutcomeError(error: ProviderError): boolean {
  if (error.errorType) return true; // fal request error (X-Fal-Error-Type / error_type)
  const status = error.status;
  if (status === undefined) return false;
  if (status === 422 || status === 499) return true;
  // Other 4xx about the request itself; auth/not-found/rate-limit/timeouts are about the call.
  return status >= 400 && status < 500 && ![401, 403, 404, 408, 429].includes(status);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createFalProvider(options: FalProviderOptions): FalProvider {
  if (!options.key) throw new Error('createFalProvider: a key is required.');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl?.trim() || undefined;
  if (baseUrl) new URL(baseUrl); // fail fast on a bad configuration
  const client = createFalClient({
    credentials: options.key,
    suppressLocalCredentialsWarning: true,
    fetch: createGuardedFetch({
      provider: 'fal',
      fetch: options.fetch,
      rewrite: baseUrl ? (url) => rewriteFalUrl(url, baseUrl) : undefined,
    }),
  });

  const call = <T>(operation: 'submit' | 'get' | 'cancel', run: () => Promise<T>) =>
    withRetries('fal', operation, options.retry, async () => {
      try {
        return await run();
      } catch (error) {
        throw toProviderError('fal', error);
      }
    });

  async function get(jobId: string, target: string): Promise<ProviderJob> {
    assertSafeJobId('fal', jobId);
    const status = (await call('get', () =>
      // With logs: what the model prints is how far along it is.
      client.queue.status(target, { requestId: jobId, logs: true, abortSignal: deadline(timeoutMs) }),
    )) as FalStatusBody;
    switch (status?.status) {
      case 'IN_QUEUE':
        return { jobId, status: 'queued', ...falStatusProgress(status) };
      case 'IN_PROGRESS':
        return { jobId, status: 'processing', ...falStatusProgress(status) };
      case 'COMPLETED':
        break;
      default:
        throw new ProviderError('fal sent an unexpected status response.', true, undefined, { kind: 'invalid_response', provider: 'fal' });
    }
    if (status.error !== undefined && status.error !== null && status.error !== '') {
      const text = typeof status.error === 'string' ? status.error : JSON.stringify(status.error);
      return failedJob(jobId, text, isCancelType(status.error_type));
    }
    // The request's own failure comes back as the result's HTTP error: an answer, not something to retry.
    const result = await call('get', async () => {
      try {
        const value = await client.queue.result(target, { requestId: jobId, abortSignal: deadline(timeoutMs) });
        return { ok: true as const, data: (value as { data?: unknown }).data };
      } catch (raw) {
        const error = toProviderError('fal', raw);
        if (isOutcomeError(error)) return { ok: false as const, error };
        throw error;
      }
    });
    if (!result.ok) return failedJob(jobId, result.error.message, isCancelType(result.error.errorType, result.error.status));
    return { jobId, status: 'succeeded', output: result.data, ...normalizeOutput(result.data) };
  }

  return {
    platform: 'fal',
    client,

    async submit(req: ProviderSubmit): Promise<ProviderJob> {
      const queued = await call('submit', () =>
        client.queue.submit(req.target, {
          input: req.input,
          ...(req.webhookUrl ? { webhookUrl: req.webhookUrl } : {}),
          abortSignal: deadline(timeoutMs),
        }),
      );
      const requestId = (queued as { request_id?: unknown })?.request_id;
      if (typeof requestId !== 'string' || !requestId) {
        throw new ProviderError('fal sent an unexpected submit response.', true, undefined, { kind: 'invalid_response', provider: 'fal' });
      }
      let job: ProviderJob = { jobId: requestId, status: 'queued', ...falStatusProgress({ status: 'IN_QUEUE', queue_position: (queued as FalStatusBody).queue_position }) };
      if (req.waitSeconds && req.waitSeconds > 0) {
        const until = Date.now() + req.waitSeconds * 1000;
        const interval = Math.max(10, options.pollIntervalMs ?? 500);
        while (!isTerminalProviderStatus(job.status) && Date.now() + interval <= until) {
          await sleep(interval);
          job = await get(requestId, req.target);
        }
      }
      return job;
    },

    get,

    async cancel(jobId: string, target: string): Promise<void> {
      assertSafeJobId('fal', jobId);
      try {
        await call('cancel', () => client.queue.cancel(target, { requestId: jobId, abortSignal: deadline(timeoutMs) }));
      } catch (raw) {
        const error = toProviderError('fal', raw);
        // 400 {"status":"ALREADY_COMPLETED"}: nothing left to cancel.
        const body = error.body as { status?: unknown } | undefined;
        if (error.status === 400 && body?.status === 'ALREADY_COMPLETED') return;
        throw error;
      }
    },
  };
}
