/**
 * The real `@fal-ai/client` (through our provider, hosts rewritten by its fetch) against the
 * loopback fal double.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFal, type FakeFal } from '@test/helpers/fake-fal';
import { startWebhookReceiver, type WebhookReceiver } from '@test/helpers/webhook-delivery';
import { createFalProvider, rewriteFalUrl, type FalProvider } from '~/server/providers/fal';
import { clearFalJwksCache, verifyFalWebhook } from '~/server/providers/fal-webhook';
import { ProviderError } from '~/server/providers/types';

let fake: FakeFal;
let provider: FalProvider;
let receiver: WebhookReceiver;

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

beforeAll(async () => {
  fake = await startFakeFal();
  receiver = await startWebhookReceiver('/api/webhooks/fal');
  provider = createFalProvider({ key: fake.key, baseUrl: fake.baseUrl, retry: { baseDelayMs: 5, maxDelayMs: 20 }, pollIntervalMs: 10 });
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

beforeEach(() => {
  fake.reset();
  receiver.requests.length = 0;
  clearFalJwksCache();
});

describe('pointing the SDK at a base URL', () => {
  it('rewrites every fal host, keeps path and query, and leaves other hosts alone', () => {
    const base = 'http://127.0.0.1:9999/prefix/';
    for (const host of ['queue.fal.run', 'fal.run', 'rest.alpha.fal.ai', 'rest.fal.ai', 'v3.fal.media.fal.ai']) {
      const out = rewriteFalUrl(new URL(`https://${host}/fal-ai/flux/dev?fal_webhook=x`), base);
      expect(out?.url.href).toBe('http://127.0.0.1:9999/prefix/fal-ai/flux/dev?fal_webhook=x');
      expect(out?.headers['x-fal-target-host']).toBe(host);
    }
    expect(rewriteFalUrl(new URL('https://example.com/a'), base)).toBeUndefined();
    expect(rewriteFalUrl(new URL('https://notfal.run.evil.com/a'), base)).toBeUndefined();
  });
});

describe('submit', () => {
  it('queues with the input as the body and the webhook as fal_webhook', async () => {
    const input = { prompt: 'a red fox', image_size: 'square_hd', num_images: 2, num_inference_steps: 28, enable_safety_checker: true };
    const job = await provider.submit({ target: 'fal-ai/flux/dev', input, webhookUrl: receiver.url });

    // queue_position 0 (next in line) is place 1.
    expect(job).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued', queuePosition: 1 });
    const [submit] = fake.submitRequests();
    expect(submit?.path).toBe('/fal-ai/flux/dev');
    expect(submit?.query).toEqual({ fal_webhook: receiver.url });
    expect(submit?.body).toEqual(input);
    expect(submit?.headers.authorization).toBe(`Key ${fake.key}`);
    expect(submit?.headers['x-fal-queue-priority']).toBe('normal');
    expect(submit?.headers['x-fal-target-host']).toBe('queue.fal.run');
    expect(submit?.headers['user-agent']).toMatch(/^@fal-ai\/client\//);
  });

  it('without a webhook there is no query string', async () => {
    await provider.submit({ target: 'fal-ai/flux/schnell', input: { prompt: 'x' } });
    expect(fake.submitRequests()[0]?.query).toEqual({});
  });

  it('waitSeconds polls the queue until the result is in (synchronous models)', async () => {
    fake.script('fal-ai/florence-2-large/more-detailed-caption', { output: { results: 'A cat on a sofa.' } });
    const job = await provider.submit({
      target: 'fal-ai/florence-2-large/more-detailed-caption',
      input: { image_url: 'https://example.com/c.png' },
      waitSeconds: 5,
    });
    expect(job).toMatchObject({ status: 'succeeded', outputText: 'A cat on a sofa.' });
  });
});

describe('status, result, cancel', () => {
  it('IN_QUEUE -> queued, IN_PROGRESS -> processing, COMPLETED -> result fetched -> succeeded', async () => {
    fake.script('fal-ai/flux/dev', { queuePolls: 1 });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: { prompt: 'fox', num_images: 2 } });

    expect(await provider.get(jobId, 'fal-ai/flux/dev')).toEqual({ jobId, status: 'queued', queuePosition: 1 });
    expect(await provider.get(jobId, 'fal-ai/flux/dev')).toEqual({ jobId, status: 'processing' });
    const done = await provider.get(jobId, 'fal-ai/flux/dev');
    expect(done.status).toBe('succeeded');
    expect(done.outputUrls).toEqual([fake.fileUrl(jobId, 'out-0.png'), fake.fileUrl(jobId, 'out-1.png')]);
    expect((done.output as { seed: number }).seed).toBe(42);

    // Status and result live under owner/alias: the SDK drops the /dev sub-path.
    const paths = fake.requests.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(paths).toEqual([
      `/fal-ai/flux/requests/${jobId}/status`,
      `/fal-ai/flux/requests/${jobId}/status`,
      `/fal-ai/flux/requests/${jobId}/status`,
      `/fal-ai/flux/requests/${jobId}`,
    ]);
    const png = Buffer.from(await (await fetch(done.outputUrls![0]!)).arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('video output -> the MP4 URL', async () => {
    fake.script('fal-ai/kling-video/v2.1/standard/image-to-video', { kind: 'video', afterPolls: 1 });
    const target = 'fal-ai/kling-video/v2.1/standard/image-to-video';
    const { jobId } = await provider.submit({ target, input: { prompt: 'waves', image_url: 'https://example.com/a.png', duration: '5' } });
    const job = await provider.get(jobId, target);
    expect(job.outputUrls).toEqual([fake.fileUrl(jobId, 'video.mp4')]);
    const mp4 = await fetch(job.outputUrls![0]!);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
  });

  it('a model error on the result -> failed with the detail text', async () => {
    fake.script('fal-ai/flux-pro/kontext', { error: 'Image could not be processed', afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux-pro/kontext', input: { prompt: 'x' } });
    expect(await provider.get(jobId, 'fal-ai/flux-pro/kontext')).toEqual({ jobId, status: 'failed', error: 'Image could not be processed' });
  });

  it('a request error (504 request_timeout) on the result -> failed, not a retry loop', async () => {
    fake.script('fal-ai/slow', {
      afterPolls: 1,
      error: { status: 504, body: { detail: 'Request timed out', error_type: 'request_timeout' }, errorType: 'request_timeout' },
    });
    const { jobId } = await provider.submit({ target: 'fal-ai/slow', input: {} });
    expect(await provider.get(jobId, 'fal-ai/slow')).toEqual({ jobId, status: 'failed', error: 'Request timed out' });
    expect(fake.requests.filter((r) => r.path === `/fal-ai/slow/requests/${jobId}`)).toHaveLength(1);
  });

  it('an error carried by the COMPLETED status -> failed without fetching the result', async () => {
    fake.script('fal-ai/x', { afterPolls: 1, errorInStatus: true, error: { status: 500, body: { detail: 'Runner crashed', error_type: 'runner_server_error' }, errorType: 'runner_server_error' } });
    const { jobId } = await provider.submit({ target: 'fal-ai/x', input: {} });
    expect(await provider.get(jobId, 'fal-ai/x')).toEqual({ jobId, status: 'failed', error: 'Runner crashed' });
    expect(fake.requests.some((r) => r.path === `/fal-ai/x/requests/${jobId}`)).toBe(false);
  });

  it('cancel -> PUT .../cancel, then canceled; cancelling a finished request is a no-op', async () => {
    fake.script('fal-ai/flux/dev', { never: true });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: { prompt: 'x' } });
    await provider.cancel(jobId, 'fal-ai/flux/dev');
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/fal-ai/flux/requests/${jobId}/cancel`);
    expect((await provider.get(jobId, 'fal-ai/flux/dev')).status).toBe('canceled');
    await expect(provider.cancel(jobId, 'fal-ai/flux/dev')).resolves.toBeUndefined();
  });

  it('an unknown request id -> not_found, not retryable', async () => {
    const error = await caught(provider.get('4b0f8d4e-0000-4000-8000-000000000000', 'fal-ai/flux/dev'));
    expect(error).toMatchObject({ retryable: false, status: 404, kind: 'not_found' });
  });
});

describe('errors', () => {
  it('500 on submit -> retryable, sent once (the SDK retry loop is cut short)', async () => {
    fake.fault('submit', { status: 500 });
    const error = await caught(provider.submit({ target: 'fal-ai/flux/dev', input: { prompt: 'x' } }));
    expect(error).toMatchObject({ retryable: true, status: 500, kind: 'server', provider: 'fal' });
    expect(fake.submitRequests()).toHaveLength(1);
  });

  it('429 on submit is retried and recovers; persistent 429 -> retryable after 3 attempts', async () => {
    fake.fault('submit', { status: 429, times: 1 });
    expect((await provider.submit({ target: 'fal-ai/flux/dev', input: {} })).status).toBe('queued');
    expect(fake.submitRequests()).toHaveLength(2);

    fake.reset();
    fake.fault('submit', { status: 429 });
    const started = Date.now();
    const error = await caught(provider.submit({ target: 'fal-ai/flux/dev', input: {} }));
    expect(error).toMatchObject({ retryable: true, status: 429, kind: 'rate_limited' });
    expect(fake.submitRequests()).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_000); // not the SDK's 1 s / 2 s / 4 s backoff
  });

  it('500 on status is retried and recovers', async () => {
    fake.script('fal-ai/flux/dev', { afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: {} });
    fake.fault('status', { status: 500, times: 2 });
    expect((await provider.get(jobId, 'fal-ai/flux/dev')).status).toBe('succeeded');
  });

  it('422 on submit -> not retryable, message from the detail list', async () => {
    fake.fault('submit', {
      status: 422,
      body: { detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }] },
    });
    const error = await caught(provider.submit({ target: 'fal-ai/flux/dev', input: {} }));
    expect(error).toMatchObject({ retryable: false, status: 422, kind: 'client', message: 'prompt: field required' });
    expect(fake.submitRequests()).toHaveLength(1);
  });

  it('a wrong key -> 401 auth, not retryable', async () => {
    const wrong = createFalProvider({ key: 'nope:nope', baseUrl: fake.baseUrl });
    const error = await caught(wrong.submit({ target: 'fal-ai/flux/dev', input: {} }));
    expect(error).toMatchObject({ retryable: false, status: 401, kind: 'auth' });
  });

  it('a hanging queue -> retryable timeout', async () => {
    fake.fault('status', { hang: true });
    const quick = createFalProvider({ key: fake.key, baseUrl: fake.baseUrl, timeoutMs: 300 });
    const started = Date.now();
    const error = await caught(quick.get('4b0f8d4e-0000-4000-8000-000000000000', 'fal-ai/flux/dev'));
    expect(error).toMatchObject({ retryable: true, kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests.filter((r) => r.path.endsWith('/status'))).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('a completed request is delivered signed and verifies against the JWKS', async () => {
    fake.script('fal-ai/flux/dev', { afterMs: 30 });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: { prompt: 'fox' }, webhookUrl: receiver.url });
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.body).toMatchObject({ request_id: jobId, status: 'OK' });
    expect(delivery!.headers['x-fal-webhook-signature']).toMatch(/^[0-9a-f]{128}$/);

    const result = await verifyFalWebhook({ headers: delivery!.headers, rawBody: delivery!.rawBody, jwksUrl: fake.jwksUrl });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.id).toBe(jobId);
    expect(result.userId).toBe(fake.userId);
    expect(result.payload.status).toBe('OK');
    expect(result.job).toMatchObject({ jobId, status: 'succeeded', outputUrls: [fake.fileUrl(jobId, 'out-0.png')] });
  });

  it('an ERROR delivery maps to a failed job with the error text', async () => {
    fake.script('fal-ai/flux/dev', { afterMs: 10, error: 'NSFW content detected' });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: {}, webhookUrl: receiver.url });
    const [delivery] = await receiver.waitFor(1);
    const result = await verifyFalWebhook({ headers: delivery!.headers, rawBody: delivery!.rawBody, jwksUrl: fake.jwksUrl });
    expect(result).toMatchObject({ ok: true, job: { jobId, status: 'failed', error: 'Invalid status code: 422: NSFW content detected' } });
  });

  it('refuses a tampered body, an unknown key, a stale timestamp and a header/body id mismatch', async () => {
    fake.script('fal-ai/flux/dev', { afterPolls: 1, error: 'boom' });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: {}, webhookUrl: receiver.url });
    await provider.get(jobId, 'fal-ai/flux/dev');
    await receiver.waitFor(1);
    const verify = (i: number, now?: number) => {
      const r = receiver.requests[i]!;
      return verifyFalWebhook({ headers: r.headers, rawBody: r.rawBody, jwksUrl: fake.jwksUrl, now });
    };
    expect((await verify(0)).ok).toBe(true);

    await fake.sendWebhook(jobId, { tamper: true });
    expect(await verify(1)).toEqual({ ok: false, reason: 'bad_signature' });

    await fake.sendWebhook(jobId, { unknownKey: true });
    expect(await verify(2)).toEqual({ ok: false, reason: 'bad_signature' });

    await fake.sendWebhook(jobId, { timestampOffsetSeconds: -600 });
    expect(await verify(3)).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(await verify(0, Date.now() + 301_000)).toEqual({ ok: false, reason: 'stale_timestamp' });

    // Signed for another id in the headers than the body names: refused.
    await fake.sendWebhook(jobId, { headerRequestId: 'other-id' });
    expect((await verify(4)).ok).toBe(false);

    const r = receiver.requests[0]!;
    const missing = { ...r.headers };
    delete missing['x-fal-webhook-user-id'];
    expect(await verifyFalWebhook({ headers: missing, rawBody: r.rawBody, jwksUrl: fake.jwksUrl })).toEqual({ ok: false, reason: 'missing_headers' });
    const badHex = { ...r.headers, 'x-fal-webhook-signature': 'zz' };
    expect(await verifyFalWebhook({ headers: badHex, rawBody: r.rawBody, jwksUrl: fake.jwksUrl })).toEqual({ ok: false, reason: 'invalid_signature' });

    // A replay verifies again with the same id: dedupe is the caller's job.
    await fake.replay(fake.deliveries.find((d) => d.event === 'completed')!);
    expect(await verify(5)).toMatchObject({ ok: true, id: jobId });
  });

  it('caches the JWKS, refetches for a rotated key, and reports an unreachable JWKS', async () => {
    fake.script('fal-ai/flux/dev', { afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'fal-ai/flux/dev', input: {}, webhookUrl: receiver.url });
    await provider.get(jobId, 'fal-ai/flux/dev');
    await receiver.waitFor(1);
    const first = receiver.requests[0]!;
    for (let i = 0; i < 3; i++) {
      expect((await verifyFalWebhook({ headers: first.headers, rawBody: first.rawBody, jwksUrl: fake.jwksUrl })).ok).toBe(true);
    }
    expect(fake.jwksRequests()).toHaveLength(1);

    // After the TTL the keys are fetched again.
    expect((await verifyFalWebhook({ headers: first.headers, rawBody: first.rawBody, jwksUrl: fake.jwksUrl, cacheTtlMs: 0 })).ok).toBe(true);
    expect(fake.jwksRequests()).toHaveLength(2);

    // JWKS down and nothing cached: a transient failure the route should answer with 5xx.
    clearFalJwksCache();
    fake.fault('jwks', { status: 503 });
    expect(await verifyFalWebhook({ headers: first.headers, rawBody: first.rawBody, jwksUrl: fake.jwksUrl })).toEqual({ ok: false, reason: 'jwks_unavailable' });
    fake.fault('jwks', undefined);

    // A rotated key (old one dropped) verifies once the cache has expired.
    fake.rotateKey({ dropOld: true });
    await fake.sendWebhook(jobId);
    const rotated = receiver.requests[1]!;
    expect((await verifyFalWebhook({ headers: rotated.headers, rawBody: rotated.rawBody, jwksUrl: fake.jwksUrl })).ok).toBe(true);
    expect((await verifyFalWebhook({ headers: first.headers, rawBody: first.rawBody, jwksUrl: fake.jwksUrl, cacheTtlMs: 0 }))).toEqual({ ok: false, reason: 'bad_signature' });
  });
});
