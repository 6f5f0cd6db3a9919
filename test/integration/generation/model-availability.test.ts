/**
 * Issue 11 item 1: a model whose provider is not configured, with the local engine off (the
 * production default), is refused by every generate path before any debit (REST 503
 * model_unavailable, tRPC SERVICE_UNAVAILABLE), and system.status tells the UI which models those
 * are and whether the local engine serves anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

const UNAVAILABLE = 'This model is not available right now.';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio({ env: { LOCAL_ENGINE: 'off' } });
});

afterAll(async () => {
  await studio?.stop();
});

/** Switches the deployment's configuration between cases (the registry follows the env). */
function configure(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

async function post(user: StudioUser, path: string, body: unknown) {
  const response = await fetch(`${studio.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(user), origin: studio.server.url },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refused = { success: false, data: null, message: UNAVAILABLE, error: 'model_unavailable' };

describe('with no provider configured and the local engine off', () => {
  it('refuses submit, check and the synchronous paths over REST with 503, charging nothing', async () => {
    configure({ LOCAL_ENGINE: 'off', REPLICATE_API_TOKEN: undefined, FAL_KEY: undefined });
    const user = await studio.createUser({ credits: 50 });
    const image = await studio.upload(user);
    expect(await post(user, '/api/unigen', { model_id: 'flux-schnell', prompt: 'a fox', credit_to_consume: 1 })).toEqual({ status: 503, body: refused });
    expect(await post(user, '/api/unigen/check', { model_id: 'flux-schnell', prompt: 'a fox' })).toEqual({ status: 503, body: refused });
    expect(await post(user, '/api/image2prompt', { image_url: image })).toEqual({ status: 503, body: refused });
    expect(await post(user, '/api/caption-image', { image_url: image, mode: 'brief' })).toEqual({ status: 503, body: refused });
    const adapter = { model_id: 'prompt-adapter', image_url: image, target_model: 'midjourney', prompt: '', num_outputs: 1 };
    expect(await post(user, '/api/unigen/sync', adapter)).toEqual({ status: 503, body: refused });
    expect(await post(user, '/api/unigen/sync/check', adapter)).toEqual({ status: 503, body: refused });
    expect(await studio.balance(user)).toBe(50);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
    expect(await studio.db.creditLedgerEntry.count({ where: { userId: user.id, reason: 'generation_debit' } })).toBe(0);
  });

  it('refuses the same over tRPC with SERVICE_UNAVAILABLE and the same text', async () => {
    configure({ LOCAL_ENGINE: 'off', REPLICATE_API_TOKEN: undefined, FAL_KEY: undefined });
    const user = await studio.createUser({ credits: 50 });
    const caller = studio.caller(user);
    const matching = { code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE };
    await expect(caller.generation.submit({ model_id: 'flux-dev', prompt: 'a fox' })).rejects.toMatchObject(matching);
    await expect(caller.generation.check({ model_id: 'flux-dev', prompt: 'a fox' })).rejects.toMatchObject(matching);
    await expect(caller.generation.runSync({ model_id: 'image-to-prompt', image_url: 'https://example.com/a.png' })).rejects.toMatchObject(matching);
    // An unknown model is still an unknown model, not an unavailable one.
    await expect(caller.generation.submit({ model_id: 'nope', prompt: 'x' })).rejects.toMatchObject({ message: 'Invalid model ID: No configuration found' });
    expect(await studio.balance(user)).toBe(50);
  });

  it('lists every model as unavailable and no local engine in system.status', async () => {
    configure({ LOCAL_ENGINE: 'off', REPLICATE_API_TOKEN: undefined, FAL_KEY: undefined });
    const status = await studio.caller(null).system.status();
    expect(status.localEngine).toBe(false);
    expect(status.unavailableModels).toEqual(expect.arrayContaining(['flux-schnell', 'flux-lora', 'image-to-prompt']));
  });
});

describe('with Replicate configured, fal not, and the local engine off', () => {
  it('offers the Replicate models and refuses the fal ones', async () => {
    // Nothing is dispatched here: the base URL only has to be configured, not reachable.
    configure({ LOCAL_ENGINE: 'off', REPLICATE_API_TOKEN: 'r8_test', REPLICATE_BASE_URL: 'http://127.0.0.1:9/v1', FAL_KEY: undefined });
    const status = await studio.caller(null).system.status();
    expect(status.localEngine).toBe(false);
    expect(status.unavailableModels).toContain('flux-lora');
    expect(status.unavailableModels).not.toContain('flux-schnell');
    const user = await studio.createUser({ credits: 50 });
    expect(await post(user, '/api/unigen', { model_id: 'flux-lora', prompt: 'a fox', lora: 'flux-realism' })).toEqual({ status: 503, body: refused });
    expect(await studio.caller(user).generation.check({ model_id: 'flux-schnell', prompt: 'a fox' })).toMatchObject({ success: true, credits: 1 });
    expect(await studio.balance(user)).toBe(50);
  });
});

describe('with the local engine on (development)', () => {
  it('serves every model and says the local engine is serving', async () => {
    configure({ LOCAL_ENGINE: undefined, REPLICATE_API_TOKEN: undefined, REPLICATE_BASE_URL: undefined, FAL_KEY: undefined });
    const status = await studio.caller(null).system.status();
    expect(status).toMatchObject({ localEngine: true, unavailableModels: [] });
    const user = await studio.createUser({ credits: 5 });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a fox', credit_to_consume: 1 });
    expect(submitted.user_credits).toBe(4);
  });
});
