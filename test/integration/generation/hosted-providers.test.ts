/**
 * The engine against faithful loopback fakes of Replicate and fal, driven through the REAL SDKs:
 * exact payloads per model family, faults, refunds, signed webhooks, replays and restarts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReplicateProvider } from '~/server/providers';
import { runEngineOnce, stopEngine } from '~/server/services/generation/engine';
import { applyJob } from '~/server/services/generation/apply-job';
import { providerFor, setProviderOverrideForTests } from '~/server/services/generation/provider-registry';
import { startFakeFal, type FakeFal } from '@test/helpers/fake-fal';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { pollUntil } from '@test/helpers/poll';
import { runUntil, startStudio, type Studio } from '@test/helpers/studio';

let replicate: FakeReplicate;
let fal: FakeFal;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  fal = await startFakeFal();
});

afterAll(async () => {
  await replicate?.close();
  await fal?.close();
});

function providerEnv(extra: Record<string, string> = {}) {
  return {
    REPLICATE_API_TOKEN: replicate.token,
    REPLICATE_BASE_URL: replicate.baseUrl,
    FAL_KEY: fal.key,
    FAL_BASE_URL: fal.baseUrl,
    FAL_JWKS_URL: fal.jwksUrl,
    ...extra,
  };
}

/**
 * Waits until the engine has handed the generation to its provider (its job id is recorded),
 * driving the engine's rounds too, so a busy machine's late dispatch timer cannot fail the test.
 */
function dispatched(studio: Studio, id: string) {
  const readOrRound = async () => {
    const row = await studio.db.generation.findUniqueOrThrow({ where: { id } });
    if (!row.providerJobId) await runEngineOnce(studio.db);
    return row;
  };
  return pollUntil(readOrRound, (row) => row.providerJobId !== null, `generation ${id} at its provider`, { timeoutMs: 15_000 });
}

function settle(studio: Studio, id: string) {
  return runUntil(studio.db, id, ['succeeded', 'failed', 'canceled'], 20_000);
}

describe('completion by polling (no public URL)', () => {
  let studio: Studio;

  beforeAll(async () => {
    studio = await startStudio({ env: providerEnv() });
  });

  afterAll(async () => {
    await studio?.stop();
  });

  beforeEach(() => {
    replicate.reset();
    fal.reset();
  });

  it('sends FLUX schnell to Replicate’s model route with the exact payload and keeps the output', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a lighthouse', seed: 7 });
    const row = await settle(studio, submitted.id);
    expect(row.status).toBe('succeeded');
    const creates = replicate.createRequests();
    expect(creates).toHaveLength(1);
    expect(creates[0]!.path).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(creates[0]!.body).toEqual({
      input: { prompt: 'a lighthouse', aspect_ratio: '1:1', num_outputs: 1, num_inference_steps: 4, seed: 7, output_format: 'jpg', output_quality: 90 },
    });
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    const media = prediction.display.outputMedia[0]!;
    // The output now lives in our storage, not at the provider.
    expect(media.publicUrl.startsWith(studio.server.url)).toBe(true);
    expect((await fetch(media.publicUrl)).status).toBe(200);
  });

  it('sends Kontext pro to its own target and flux-lora to fal with loras and image_size', async () => {
    const user = await studio.createUser({ credits: 100, premium: true });
    const kontext = await studio.caller(user).generation.submit({ model_id: 'flux-kontext', mode: 'pro', prompt: 'make it snow', image_url: 'https://example.com/a.png' });
    const lora = await studio.caller(user).generation.submit({ model_id: 'flux-lora', lora: 'flux-realism', prompt: 'a portrait', seed: 3 });
    expect((await settle(studio, kontext.id)).status).toBe('succeeded');
    expect((await settle(studio, lora.id)).status).toBe('succeeded');
    expect(replicate.createRequests()[0]!.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(replicate.createRequests()[0]!.body).toEqual({
      input: { prompt: 'make it snow', input_image: 'https://example.com/a.png', aspect_ratio: 'match_input_image', prompt_upsampling: false, safety_tolerance: 2, output_format: 'jpg' },
    });
    const submit = fal.submitRequests()[0]!;
    expect(submit.path).toBe('/fal-ai/flux-lora');
    expect(submit.body).toMatchObject({
      prompt: 'a portrait',
      image_size: { width: 1024, height: 1024 },
      num_inference_steps: 30,
      guidance_scale: 7.5,
      loras: [{ path: expect.stringMatching(/^https:\/\//), scale: 1 }],
      seed: 3,
    });
    expect(await studio.balance(user)).toBe(100 - 16 - 15);
  });

  it('runs FLUX Redux on Replicate’s real Redux model: the image as redux_image, every output kept', async () => {
    const user = await studio.createUser({ credits: 30, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-redux-dev', image_url: 'https://example.com/a.png', num_outputs: 2, seed: 9 });
    const row = await settle(studio, submitted.id);
    expect(row.status).toBe('succeeded');
    const create = replicate.createRequests()[0]!;
    expect(create.path).toBe('/v1/models/black-forest-labs/flux-redux-dev/predictions');
    expect(create.body).toEqual({
      input: { redux_image: 'https://example.com/a.png', aspect_ratio: '1:1', guidance: 3, num_outputs: 2, num_inference_steps: 28, seed: 9, output_format: 'jpg', output_quality: 90 },
    });
    expect((await studio.caller(user).prediction.get({ id: submitted.id })).display.outputMedia).toHaveLength(2);
    expect(await studio.balance(user)).toBe(30 - 2 * 10);
  });

  it('sends a private generation’s own inputs as signed URLs only the provider can read', async () => {
    const owner = await studio.createUser({ credits: 50, premium: true });
    const stranger = await studio.createUser({ credits: 50, premium: true });
    const image = await studio.upload(owner);
    const submitted = await studio.caller(owner).generation.submit({ model_id: 'flux-kontext', mode: 'pro', prompt: 'make it snow', image_url: image, is_public: false });
    expect((await settle(studio, submitted.id)).status).toBe('succeeded');
    // The upload became private with its generation: nobody else can read it any more.
    expect((await fetch(image)).status).toBe(404);
    const sent = (replicate.createRequests()[0]!.body as { input: { input_image: string } }).input.input_image;
    expect(sent.startsWith(`${image}?expires=`)).toBe(true);
    expect(sent).toMatch(/&sig=[A-Za-z0-9_-]+$/);
    const fetched = await fetch(sent);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    // A tampered signature reads nothing; a stranger's generation of this URL is refused before
    // anything is charged or sent, so the provider never gets a signature for it.
    expect((await fetch(`${sent}x`)).status).toBe(404);
    replicate.reset();
    await expect(
      studio.caller(stranger).generation.submit({ model_id: 'flux-kontext', mode: 'pro', prompt: 'steal', image_url: image, is_public: false }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'An input image is private to another account, so only its owner can use it. Please upload an image of your own.' });
    expect(await studio.balance(stranger)).toBe(50);
    expect(replicate.createRequests()).toEqual([]);
  });

  it('retries a provider 500 on submit, then succeeds and charges once', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    replicate.fault('create', { status: 500, times: 1 });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'flaky' });
    // Whoever sends it first (the dispatch timer or a round) meets the 500; a round sends it again
    // once its backoff is over.
    const row = await settle(studio, submitted.id);
    expect(row.status).toBe('succeeded');
    expect(row.attempts).toBe(2);
    expect(await studio.balance(user)).toBe(9);
  });

  it('does not resubmit after a timeout (the job may exist): fails and refunds once', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    setProviderOverrideForTests({ replicate: createReplicateProvider({ token: replicate.token, baseUrl: replicate.baseUrl, timeoutMs: 300 }) });
    try {
      replicate.fault('create', { hang: true, times: 1 });
      const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'slow provider' });
      const row = await settle(studio, submitted.id);
      expect(row).toMatchObject({ status: 'failed', error: 'The model provider is unavailable right now. Your credits have been refunded.' });
      expect(replicate.createRequests()).toHaveLength(1);
      expect(await studio.balance(user)).toBe(10);
    } finally {
      setProviderOverrideForTests(null);
    }
  });

  it('fails and refunds when the provider refuses the input (422), with its error text', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    replicate.script('black-forest-labs/flux-schnell', { rejectInput: 'prompt is flagged' });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'bad' });
    const row = await settle(studio, submitted.id);
    expect(row.status).toBe('failed');
    expect(row.error).toContain('prompt is flagged');
    expect(await studio.balance(user)).toBe(10);
  });

  it('fails and refunds when the prediction fails, showing the provider’s error', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    replicate.script('black-forest-labs/flux-dev', { error: 'NSFW content detected' });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'x' });
    const row = await settle(studio, submitted.id);
    expect(row).toMatchObject({ status: 'failed', error: 'NSFW content detected' });
    expect(await studio.balance(user)).toBe(20);
    const reasons = (await studio.db.creditLedgerEntry.findMany({ where: { generationId: submitted.id } })).map((r) => r.reason).sort();
    expect(reasons).toEqual(['generation_debit', 'generation_refund']);
  });

  it('fails, refunds and cancels at the provider a job stuck past its time limit', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    replicate.script('black-forest-labs/flux-schnell', { never: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'stuck' });
    await dispatched(studio, submitted.id);
    await studio.db.generation.update({ where: { id: submitted.id }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    const row = await settle(studio, submitted.id);
    expect(row).toMatchObject({ status: 'failed', error: 'The generation took too long and was stopped. Your credits have been refunded.' });
    expect(replicate.requests.some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(true);
    expect(await studio.balance(user)).toBe(10);
  });

  it('keeps the result of a job that finished just before its limit even when polled late', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    replicate.script('black-forest-labs/flux-schnell', { never: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'just in time' });
    const row = await dispatched(studio, submitted.id);
    replicate.complete(row.providerJobId!);
    await studio.db.generation.update({ where: { id: submitted.id }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    expect((await settle(studio, submitted.id)).status).toBe('succeeded');
    expect(await studio.balance(user)).toBe(9);
  });

  it('a late second completion of a finished job keeps no extra files', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'twice' });
    const stale = await dispatched(studio, submitted.id);
    expect((await settle(studio, submitted.id)).status).toBe('succeeded');
    const before = await studio.db.storedObject.count({ where: { generationId: submitted.id } });
    const job = await providerFor('replicate', studio.db).get(stale.providerJobId!, stale.providerTarget);
    await applyJob(studio.db, stale, job);
    expect(await studio.db.storedObject.count({ where: { generationId: submitted.id } })).toBe(before);
    expect(await studio.balance(user)).toBe(9);
  });

  it('finishes a job after an app restart (a fresh engine picks it up)', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    replicate.script('black-forest-labs/flux-schnell', { afterPolls: 2 });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'restart' });
    await dispatched(studio, submitted.id);
    // "Crash": this process's timers and claims are gone; the row is all that remains.
    await stopEngine();
    await studio.db.generation.updateMany({ where: { id: submitted.id }, data: { claimedUntil: null, lastCheckedAt: null } });
    const row = await settle(studio, submitted.id);
    expect(row.status).toBe('succeeded');
  });
});

describe('completion by signed webhooks', () => {
  let studio: Studio;

  beforeAll(async () => {
    studio = await startStudio({ env: providerEnv({ REPLICATE_WEBHOOK_SECRET: replicate.webhookSecret }) });
    process.env.PUBLIC_BASE_URL = studio.server.url;
    (await import('~/env')).resetEnvCache();
  });

  afterAll(async () => {
    await studio?.stop();
  });

  beforeEach(() => {
    replicate.reset();
    fal.reset();
  });

  it('completes a Replicate job from its webhook; bad, stale and replayed deliveries change nothing', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    replicate.script('black-forest-labs/flux-schnell', { never: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'hooked' });
    const row = await dispatched(studio, submitted.id);
    expect(replicate.createRequests()[0]!.body).toMatchObject({ webhook: `${studio.server.url}/api/webhooks/replicate`, webhook_events_filter: ['completed'] });
    // Forged and stale deliveries are refused while the job is still running.
    expect((await replicate.sendWebhook(row.providerJobId!, { tamper: true })).status).toBe(401);
    expect((await replicate.sendWebhook(row.providerJobId!, { secret: 'whsec_' + Buffer.from('not the secret').toString('base64') })).status).toBe(401);
    expect((await replicate.sendWebhook(row.providerJobId!, { timestampOffsetSeconds: -3600 })).status).toBe(401);
    expect((await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } })).status).toBe('starting');
    // The real completion webhook finishes it.
    replicate.complete(row.providerJobId!);
    const delivery = (await replicate.waitForDeliveries(4)).at(-1);
    expect(delivery!.status).toBe(200);
    expect((await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } })).status).toBe('succeeded');
    // A replay of the same delivery is acknowledged and changes nothing.
    expect((await replicate.replay(delivery!)).status).toBe(200);
    // The server's own round may have polled the finished job while the webhook was applied: the
    // loser of that race deletes its copies once its conditional finish fails. Its work ends when
    // the engine stops (which waits for rounds already started), and only then is the count final.
    await stopEngine();
    expect(await studio.db.creditLedgerEntry.count({ where: { generationId: submitted.id } })).toBe(1);
    expect(await studio.db.storedObject.count({ where: { generationId: submitted.id, contentType: { not: 'image/webp' } } })).toBe(1);
    expect(await studio.balance(user)).toBe(9);
  });

  it('completes a fal job from its Ed25519-signed webhook and refuses a tampered one', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    fal.script('fal-ai/flux-lora', { never: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-lora', lora: 'flux-realism', prompt: 'hooked lora' });
    const row = await dispatched(studio, submitted.id);
    fal.complete(row.providerJobId!);
    const [delivery] = await fal.waitForDeliveries(1);
    expect(delivery!.status).toBe(200);
    const done = await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
    expect(done.status).toBe('succeeded');
    expect((done.outputs as unknown[]).length).toBe(1);
    // Forged deliveries are refused (and could not change a finished job anyway).
    expect((await fal.sendWebhook(row.providerJobId!, { tamper: true })).status).toBe(401);
    expect((await fal.sendWebhook(row.providerJobId!, { unknownKey: true })).status).toBe(401);
    expect((await fal.replay(delivery!)).status).toBe(200);
    expect(await studio.db.creditLedgerEntry.count({ where: { generationId: submitted.id } })).toBe(1);
  });
});
