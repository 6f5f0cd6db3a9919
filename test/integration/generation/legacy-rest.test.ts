/** The legacy REST paths of core-flow §7 over the same procedures: envelopes, statuses, texts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngineOnce } from '~/server/services/generation/engine';
import { pollUntil } from '@test/helpers/poll';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

async function call(user: StudioUser | null, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Signed in, from our own pages (a signed-in POST without an Origin is refused).
  if (user) Object.assign(headers, { cookie: await studio.cookieFor(user), origin: studio.server.url });
  const response = await fetch(`${studio.server.url}${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('POST /api/unigen', () => {
  it('submits and answers {id, status, outputNum, user_credits}', async () => {
    const user = await studio.createUser({ credits: 3 });
    const { status, body } = await call(user, '/api/unigen', { model_id: 'flux-schnell', prompt: 'legacy', credit_to_consume: 1, pageId: 'home', appId: 'flux-schnell' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, data: { status: 'pending', outputNum: 1, user_credits: 2 } });
    const id = (body.data as { id: string }).id;
    const roundThenPoll = async () => {
      await runEngineOnce(studio.db);
      return call(user, `/api/unigen/${id}`);
    };
    const got = await pollUntil(roundThenPoll, (answer) => (answer.body.data as { status: string }).status === 'succeeded', `GET /api/unigen/${id} to say succeeded`);
    expect(got.status).toBe(200);
    expect((got.body.data as { display: { outputMedia: unknown[] } }).display.outputMedia).toHaveLength(1);
  });

  it('answers 402 insufficient_credits with the server message', async () => {
    const user = await studio.createUser({ credits: 0 });
    const { status, body } = await call(user, '/api/unigen', { model_id: 'flux-schnell', prompt: 'broke' });
    expect(status).toBe(402);
    expect(body).toEqual({ success: false, data: null, message: 'Insufficient credits.', error: 'insufficient_credits' });
  });

  it('answers 400 with the model’s own message for invalid input', async () => {
    const user = await studio.createUser({ credits: 50 });
    const { status, body } = await call(user, '/api/unigen', { model_id: 'flux-lora', prompt: 'no lora', lora: '' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message: 'A Lora model must be selected.', error: 'validation_failed' });
  });

  it('accepts seeds 0 to 2,147,483,647; outside that the 400 names the seed field and charges nothing', async () => {
    const user = await studio.createUser({ credits: 5 });
    for (const seed of [-1, 2_147_483_648]) {
      const { status, body } = await call(user, '/api/unigen', { model_id: 'flux-schnell', prompt: 'seeded', seed });
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, data: null, message: 'Seed must be a whole number from 0 to 2,147,483,647.', error: 'validation_failed' });
    }
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
    for (const seed of [0, 2_147_483_647]) {
      const { status, body } = await call(user, '/api/unigen', { model_id: 'flux-schnell', prompt: 'seeded', seed });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, data: { status: 'pending' } });
    }
    const stored = await studio.db.generation.findMany({ where: { userId: user.id }, select: { input: true } });
    expect(stored.map((g) => (g.input as { seed: number }).seed).sort()).toEqual([0, 2_147_483_647]);
  });

  it('answers 401 signed out and 404 for another user’s private generation', async () => {
    expect((await call(null, '/api/unigen', { model_id: 'flux-schnell', prompt: 'x' })).status).toBe(401);
    expect((await call(null, '/api/unigen/does-not-exist')).status).toBe(404);
  });
});

describe('GET /api/unigen/{id}', () => {
  it('answers byte for byte what prediction.get answers, poll after poll, and refuses as it refuses', async () => {
    const user = await studio.createUser({ credits: 3 });
    const cookie = await studio.cookieFor(user);
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'same bytes' });
    // Finished (before anyone reads it): the answer no longer changes with time, and is cached.
    await studio.db.generation.update({ where: { id: submitted.id }, data: { status: 'failed', error: 'It did not work.', completedAt: new Date() } });
    const expected = JSON.stringify({ success: true, data: await studio.caller(user).prediction.get({ id: submitted.id }), message: null, error: null });
    // The first poll serialises the cached answer; the next ones reuse that text.
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${studio.server.url}/api/unigen/${submitted.id}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.text()).toBe(expected);
    }
    const tooLong = await call(user, `/api/unigen/${'x'.repeat(65)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, data: null, error: 'validation_failed' });
    const secret = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'not yours' });
    await studio.db.generation.update({ where: { id: secret.id }, data: { isPublic: false } });
    expect(await call(await studio.createUser(), `/api/unigen/${secret.id}`)).toEqual({
      status: 404,
      body: { success: false, data: null, message: 'Generation not found.', error: 'not_found' },
    });
  });
});

describe('POST /api/unigen/check', () => {
  it('answers success, credits and the shortfall message', async () => {
    const user = await studio.createUser({ credits: 4 });
    expect((await call(user, '/api/unigen/check', { model_id: 'flux-dev', prompt: 'x' })).body).toEqual({
      success: false,
      data: { credits: 10 },
      message: 'This generation needs 10 credits, but you only have 4.',
      error: 'insufficient_credits',
    });
    expect((await call(user, '/api/unigen/check', { model_id: 'flux-schnell', prompt: 'x' })).body).toEqual({ success: true, data: { credits: 1 }, message: null, error: null });
  });
});

describe('synchronous models', () => {
  it('image2prompt and caption-image answer {id, text, user_credits} and store the creation', async () => {
    const user = await studio.createUser({ credits: 5, premium: true });
    const image = await studio.upload(user);
    const prompt = await call(user, '/api/image2prompt', { image_url: image });
    expect(prompt.status).toBe(200);
    expect(prompt.body).toMatchObject({ success: true, data: { user_credits: 4 } });
    expect((prompt.body.data as { text: string }).text).toContain('local preview prompt');
    const caption = await call(user, '/api/caption-image', { image_url: image, mode: 'brief' });
    expect(caption.status).toBe(200);
    expect((caption.body.data as { text: string }).text).toBe('A mid-toned landscape image, mostly blue.');
    expect((caption.body.data as { user_credits: number }).user_credits).toBe(3);
    const creations = await studio.caller(user).prediction.list({ type: 'text' });
    expect(creations.items).toHaveLength(2);
    expect(creations.items[0]!.display.outputText).toBe('A mid-toned landscape image, mostly blue.');
  });

  it('the synchronous handler refuses asynchronous models, and its check reports credits', async () => {
    const user = await studio.createUser({ credits: 5 });
    const refused = await call(user, '/api/unigen/sync', { model_id: 'flux-schnell', prompt: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Model is not configured for synchronous operations.');
    const missing = await call(user, '/api/unigen/sync/check', { model_id: 'prompt-adapter', target_model: 'midjourney' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, message: 'Input image is required.', error: 'validation_failed' });
    const image = await studio.upload(user);
    const request = { model_id: 'prompt-adapter', image_url: image, target_model: 'midjourney', prompt: '', num_outputs: 1 };
    const check = await call(user, '/api/unigen/sync/check', request);
    expect(check.body).toMatchObject({ success: true, credits: 1, message: null, error: null });
    const adapted = await call(user, '/api/unigen/sync', request);
    expect(adapted.body).toMatchObject({
      success: true,
      data: { text: 'A mid-toned landscape image, mostly blue, cinematic composition, rich detail --ar 1:1 --v 6 --style raw', user_credits: 4 },
    });
  });

  it('GET /api/random-prompt answers content from the curated list', async () => {
    const { status, body } = await call(null, '/api/random-prompt');
    expect(status).toBe(200);
    expect(typeof body.content).toBe('string');
    expect((body.content as string).length).toBeGreaterThan(10);
  });
});
