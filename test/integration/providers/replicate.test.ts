/**
 * The real `replicate` SDK (through our provider) against the loopback Replicate double.
 */
import Replicate, { validateWebhook } from 'replicate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { CLOSED_PORT } from '@test/helpers/ports';
import { startWebhookReceiver, type WebhookReceiver } from '@test/helpers/webhook-delivery';
import { createReplicateProvider, parseReplicateTarget, type ReplicateProvider } from '~/server/providers/replicate';
import { verifyReplicateWebhook } from '~/server/providers/replicate-webhook';
import { ProviderError } from '~/server/providers/types';

const VERSION = '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa';

let fake: FakeReplicate;
let provider: ReplicateProvider;
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
  fake = await startFakeReplicate();
  receiver = await startWebhookReceiver('/api/webhooks/replicate');
  provider = createReplicateProvider({ token: fake.token, baseUrl: fake.baseUrl, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

beforeEach(() => {
  fake.reset();
  receiver.requests.length = 0;
});

describe('target parsing', () => {
  it('splits model and version routes and refuses anything else', () => {
    expect(parseReplicateTarget('black-forest-labs/flux-schnell')).toEqual({
      owner: 'black-forest-labs',
      name: 'flux-schnell',
      model: 'black-forest-labs/flux-schnell',
      version: undefined,
    });
    expect(parseReplicateTarget(`salesforce/blip:${VERSION}`).version).toBe(VERSION);
    for (const bad of ['flux', 'a/b/c', 'a/b:', ' /x', 'a/b:ver sion']) {
      expect(() => parseReplicateTarget(bad)).toThrow(ProviderError);
    }
  });
});

describe('submit', () => {
  it('uses the model route with the exact body, auth and webhook filter', async () => {
    const input = { prompt: 'a red fox', num_outputs: 2, aspect_ratio: '1:1', output_format: 'webp', num_inference_steps: 4 };
    const job = await provider.submit({ target: 'black-forest-labs/flux-schnell', input, webhookUrl: receiver.url });

    expect(job.status).toBe('starting');
    expect(job.jobId).toMatch(/^[a-z2-7]{26}$/);
    const [create] = fake.createRequests();
    expect(create?.path).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(create?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(create?.headers['content-type']).toBe('application/json');
    expect(create?.headers.prefer).toBeUndefined();
    expect(create?.body).toEqual({ input, webhook: receiver.url, webhook_events_filter: ['completed'] });
    expect(fake.predictions.get(job.jobId)?.model).toBe('black-forest-labs/flux-schnell');
  });

  it('uses the version route with {version, input} and no webhook fields when none is given', async () => {
    const input = { image: 'https://example.com/cat.png', task: 'image_captioning' };
    const job = await provider.submit({ target: `salesforce/blip:${VERSION}`, input });

    const [create] = fake.createRequests();
    expect(create?.path).toBe('/v1/predictions');
    expect(create?.body).toEqual({ version: VERSION, input });
    expect(fake.predictions.get(job.jobId)?.version).toBe(VERSION);
  });

  it('Prefer: wait returns the finished prediction (synchronous models)', async () => {
    fake.script('salesforce/blip', { output: 'Caption: a cat sitting on a sofa' });
    const job = await provider.submit({ target: 'salesforce/blip', input: { image: 'https://example.com/cat.png' }, waitSeconds: 30 });

    expect(fake.createRequests()[0]?.headers.prefer).toBe('wait=30');
    expect(job).toMatchObject({ status: 'succeeded', outputText: 'Caption: a cat sitting on a sofa' });
  });

  it('Prefer: wait gives back a still-running prediction when the wait runs out', async () => {
    fake.script('slow/model', { afterMs: 5_000 });
    const started = Date.now();
    const job = await provider.submit({ target: 'slow/model', input: { prompt: 'x' }, waitSeconds: 1 });
    expect(job.status).toBe('processing');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('get and cancel', () => {
  it('goes starting -> processing -> succeeded with the output files normalised', async () => {
    const { jobId } = await provider.submit({ target: 'black-forest-labs/flux-schnell', input: { prompt: 'fox', num_outputs: 2 } });
    const first = await provider.get(jobId, 'black-forest-labs/flux-schnell');
    expect(first).toEqual({ jobId, status: 'processing' });

    const done = await provider.get(jobId, 'black-forest-labs/flux-schnell');
    expect(done.status).toBe('succeeded');
    expect(done.outputUrls).toEqual([fake.fileUrl(jobId, 'out-0.png'), fake.fileUrl(jobId, 'out-1.png')]);
    expect(done.output).toEqual(done.outputUrls);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/predictions/${jobId}`)).toHaveLength(2);

    const file = await fetch(done.outputUrls![0]!);
    expect(file.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('a single-URL output (flux-1.1-pro) and an MP4 output', async () => {
    fake.script('black-forest-labs/flux-1.1-pro', { files: 'output.webp', afterPolls: 1 });
    fake.script('some/video-model', { files: ['video.mp4'], afterPolls: 1 });
    const image = await provider.submit({ target: 'black-forest-labs/flux-1.1-pro', input: { prompt: 'x' } });
    const video = await provider.submit({ target: 'some/video-model', input: { prompt: 'x' } });
    const imageJob = await provider.get(image.jobId, 'black-forest-labs/flux-1.1-pro');
    const videoJob = await provider.get(video.jobId, 'some/video-model');
    expect(imageJob.outputUrls).toEqual([fake.fileUrl(image.jobId, 'output.webp')]);
    expect(videoJob.outputUrls).toEqual([fake.fileUrl(video.jobId, 'video.mp4')]);
    const mp4 = Buffer.from(await (await fetch(videoJob.outputUrls![0]!)).arrayBuffer());
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('text models: streamed tokens are joined into outputText', async () => {
    fake.script('yorickvp/llava-13b', { output: ['A ', 'cat ', 'on ', 'a sofa.'], afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'yorickvp/llava-13b', input: { image: 'https://example.com/c.png', prompt: 'Describe' } });
    const job = await provider.get(jobId, 'yorickvp/llava-13b');
    expect(job).toMatchObject({ status: 'succeeded', outputText: 'A cat on a sofa.' });
    expect(job.outputUrls).toBeUndefined();
  });

  it('a failed prediction carries the provider error text', async () => {
    fake.script('bad/model', { error: 'CUDA out of memory', afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'bad/model', input: { prompt: 'x' } });
    const job = await provider.get(jobId, 'bad/model');
    expect(job).toEqual({ jobId, status: 'failed', error: 'CUDA out of memory' });
  });

  it('cancel posts to the cancel route and the prediction ends canceled', async () => {
    fake.script('long/model', { never: true });
    const { jobId } = await provider.submit({ target: 'long/model', input: { prompt: 'x' } });
    await provider.cancel(jobId, 'long/model');
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/predictions/${jobId}/cancel`)).toBe(true);
    const job = await provider.get(jobId, 'long/model');
    expect(job.status).toBe('canceled');
    // Cancelling again (already finished) is not an error.
    await expect(provider.cancel(jobId, 'long/model')).resolves.toBeUndefined();
  });

  it('an unknown prediction is a non-retryable not_found error; odd ids never reach the network', async () => {
    const error = await caught(provider.get('doesnotexist', 'a/b'));
    expect(error).toMatchObject({ retryable: false, status: 404, kind: 'not_found' });
    const before = fake.requests.length;
    await caught(provider.get('../models/x', 'a/b'));
    expect(fake.requests.length).toBe(before);
  });
});

describe('errors', () => {
  it('500 on create -> retryable ProviderError, the create is not repeated (no double job)', async () => {
    fake.script('flaky/model', { faults: { create: { status: 500 } } });
    const error = await caught(provider.submit({ target: 'flaky/model', input: { prompt: 'x' } }));
    expect(error).toMatchObject({ retryable: true, status: 500, kind: 'server', provider: 'replicate' });
    expect(fake.createRequests()).toHaveLength(1);
  });

  it('429 on create is retried with backoff and recovers; persistent 429 -> retryable', async () => {
    fake.script('busy/model', { faults: { create: { status: 429, times: 2, retryAfter: 0 } } });
    const job = await provider.submit({ target: 'busy/model', input: { prompt: 'x' } });
    expect(job.status).toBe('starting');
    expect(fake.createRequests()).toHaveLength(3);

    fake.reset();
    fake.script('busy/model', { faults: { create: { status: 429 } } });
    const error = await caught(provider.submit({ target: 'busy/model', input: { prompt: 'x' } }));
    expect(error).toMatchObject({ retryable: true, status: 429, kind: 'rate_limited' });
    expect(error.message).toContain('throttled');
    // Our 3 attempts only: the SDK's own instant retries are suppressed.
    expect(fake.createRequests()).toHaveLength(3);
  });

  it('5xx on get is retried (idempotent) and recovers', async () => {
    fake.script('flaky/get', { faults: { get: { status: 503, times: 2 } }, afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'flaky/get', input: { prompt: 'x' } });
    const job = await provider.get(jobId, 'flaky/get');
    expect(job.status).toBe('succeeded');
    expect(fake.requests.filter((r) => r.path === `/v1/predictions/${jobId}`)).toHaveLength(3);
  });

  it("422 -> not retryable, message is Replicate's detail", async () => {
    fake.script('black-forest-labs/flux-schnell', { rejectInput: '- input.num_inference_steps: Must be less than or equal to 4\n' });
    const error = await caught(
      provider.submit({ target: 'black-forest-labs/flux-schnell', input: { prompt: 'x', num_inference_steps: 28 } }),
    );
    expect(error).toMatchObject({ retryable: false, status: 422, kind: 'client' });
    expect(error.message).toBe('- input.num_inference_steps: Must be less than or equal to 4');
    expect((error.body as { title?: string }).title).toBe('Input validation failed');
    expect(fake.createRequests()).toHaveLength(1);
  });

  it('a wrong token -> 401, not retryable', async () => {
    const wrong = createReplicateProvider({ token: 'r8_wrong', baseUrl: fake.baseUrl });
    const error = await caught(wrong.submit({ target: 'a/b', input: {} }));
    expect(error).toMatchObject({ retryable: false, status: 401, kind: 'auth', message: 'You did not pass a valid authentication token' });
  });

  it('a hanging API -> retryable timeout after the per-request deadline', async () => {
    fake.script('hang/model', { faults: { create: { hang: true } } });
    const quick = createReplicateProvider({ token: fake.token, baseUrl: fake.baseUrl, timeoutMs: 300 });
    const started = Date.now();
    const error = await caught(quick.submit({ target: 'hang/model', input: { prompt: 'x' } }));
    expect(error).toMatchObject({ retryable: true, kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.createRequests()).toHaveLength(1);
  });

  it('nothing listening -> retryable unreachable', async () => {
    const down = createReplicateProvider({ token: 't', baseUrl: `http://127.0.0.1:${CLOSED_PORT}/v1`, retry: { attempts: 2, baseDelayMs: 1 } });
    const error = await caught(down.get('abc', 'a/b'));
    expect(error).toMatchObject({ retryable: true, kind: 'unreachable' });
  });
});

describe('webhooks', () => {
  it('a completed prediction is delivered signed; the verifier accepts it (and so does the SDK)', async () => {
    fake.script('black-forest-labs/flux-schnell', { afterMs: 30 });
    const { jobId } = await provider.submit({ target: 'black-forest-labs/flux-schnell', input: { prompt: 'fox' }, webhookUrl: receiver.url });
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.path).toBe('/api/webhooks/replicate');

    const result = verifyReplicateWebhook({ headers: delivery!.headers, rawBody: delivery!.rawBody, secret: fake.webhookSecret });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.id).toBe(delivery!.headers['webhook-id']);
    expect(result.job).toMatchObject({ jobId, status: 'succeeded', outputUrls: [fake.fileUrl(jobId, 'out-0.png')] });
    expect((result.payload as { status: string }).status).toBe('succeeded');

    // Cross-check the double's signing against the SDK's own (window-less) validator.
    const sdkValid = await validateWebhook(
      { id: delivery!.headers['webhook-id']!, timestamp: delivery!.headers['webhook-timestamp']!, signature: delivery!.headers['webhook-signature']!, body: delivery!.rawBody, secret: fake.webhookSecret },
    );
    expect(sdkValid).toBe(true);
    // Only the completed event was asked for.
    expect(fake.deliveries.map((d) => d.event)).toEqual(['completed']);
  });

  it('refuses a tampered body, a wrong secret and a stale timestamp; a replay verifies with the same id', async () => {
    fake.script('m/x', { error: 'NSFW content detected', afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'm/x', input: { prompt: 'x' }, webhookUrl: receiver.url });
    await provider.get(jobId, 'm/x'); // completes -> automatic delivery
    await receiver.waitFor(1);
    const verify = (i: number, extra: { secret?: string; now?: number } = {}) => {
      const r = receiver.requests[i]!;
      return verifyReplicateWebhook({ headers: r.headers, rawBody: r.rawBody, secret: extra.secret ?? fake.webhookSecret, now: extra.now });
    };
    const original = verify(0);
    expect(original).toMatchObject({ ok: true, job: { jobId, status: 'failed', error: 'NSFW content detected' } });

    await fake.sendWebhook(jobId, { tamper: true });
    expect(verify(1)).toEqual({ ok: false, reason: 'bad_signature' });

    await fake.sendWebhook(jobId, { secret: `whsec_${Buffer.from('another secret entirely').toString('base64')}` });
    expect(verify(2)).toEqual({ ok: false, reason: 'bad_signature' });

    await fake.sendWebhook(jobId, { timestampOffsetSeconds: -3_600 });
    expect(verify(3)).toEqual({ ok: false, reason: 'stale_timestamp' });
    await fake.sendWebhook(jobId, { timestampOffsetSeconds: 3_600 });
    expect(verify(4)).toEqual({ ok: false, reason: 'stale_timestamp' });

    // The genuine delivery, too old by now.
    expect(verify(0, { now: Date.now() + 301_000 })).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verify(0, { secret: 'not base64 !!' })).toEqual({ ok: false, reason: 'invalid_secret' });

    const autoDelivery = fake.deliveries.find((d) => d.event === 'completed')!;
    await fake.replay(autoDelivery);
    const replayed = verify(5);
    expect(replayed.ok && original.ok && replayed.id === original.id).toBe(true);
  });

  it('accepts any matching signature of a space-separated list; refuses missing headers and non-v1 schemes', async () => {
    fake.script('m/y', { afterPolls: 1 });
    const { jobId } = await provider.submit({ target: 'm/y', input: {}, webhookUrl: receiver.url });
    await provider.get(jobId, 'm/y');
    await receiver.waitFor(1);
    await fake.sendWebhook(jobId, { extraSignatures: ['v1,bm90IGl0', 'v1a,c29tZXRoaW5n'] });
    const r = receiver.requests[1]!;
    expect(r.headers['webhook-signature']!.split(' ')).toHaveLength(3);
    expect(verifyReplicateWebhook({ headers: r.headers, rawBody: r.rawBody, secret: fake.webhookSecret }).ok).toBe(true);

    const noSig = { ...r.headers };
    delete noSig['webhook-signature'];
    expect(verifyReplicateWebhook({ headers: noSig, rawBody: r.rawBody, secret: fake.webhookSecret })).toEqual({ ok: false, reason: 'missing_headers' });

    const v2 = { ...r.headers, 'webhook-signature': r.headers['webhook-signature']!.split(' ').pop()!.replace(/^v1,/, 'v2,') };
    expect(verifyReplicateWebhook({ headers: v2, rawBody: r.rawBody, secret: fake.webhookSecret })).toEqual({ ok: false, reason: 'bad_signature' });

    // Fetch Headers and Buffer bodies work too.
    const headers = new Headers(r.headers);
    expect(verifyReplicateWebhook({ headers, rawBody: Buffer.from(r.rawBody), secret: fake.webhookSecret }).ok).toBe(true);
  });
});

describe('the SDK client is exposed as configured', () => {
  it('points at the base URL and does not read REPLICATE_API_TOKEN', () => {
    expect(provider.client).toBeInstanceOf(Replicate);
    expect(provider.client.baseUrl).toBe(fake.baseUrl);
    expect(() => createReplicateProvider({ token: '' })).toThrow();
  });
});
