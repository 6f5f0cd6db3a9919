/**
 * credits.estimate holds every field it is given to the rule submit and check hold it to: a
 * duration of 1e308 on a per-second video model used to be priced as Infinity credits and answer
 * 500 "Output validation failed"; now it is 400 with submit's message, through createCaller and
 * over HTTP (the adapter's single query and the batched GET the client sends). An incomplete form
 * is still priced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_INPUT_ERROR, models } from '~/catalogue';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc, trpcQuery } from './trpc-http';

let studio: Studio;
let trpc: RouteServer;
let user: StudioUser;

/** Every model billed by the second (the bug's class: the rate times an unbounded duration). */
const PER_SECOND = models.filter((model) => model.credits.type === 'perSecond').map((model) => model.id);

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
  user = await studio.createUser({ credits: 10 });
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

describe('credits.estimate with a value out of its bounds', () => {
  it('covers the per-second models', () => {
    expect(PER_SECOND.length).toBeGreaterThanOrEqual(7);
  });

  it.each(PER_SECOND)('%s, duration 1e308: BAD_REQUEST with submit’s message, signed in and out', async (model_id) => {
    for (const who of [user, null]) {
      await expect(studio.caller(who).credits.estimate({ model_id, duration: 1e308 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GENERIC_INPUT_ERROR });
    }
    // Exactly what submit says about the same input.
    await expect(studio.caller(user).generation.submit({ model_id, prompt: 'x', duration: 1e308 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GENERIC_INPUT_ERROR });
  });

  it.each([
    ['num_outputs', { model_id: 'flux-dev', num_outputs: 1e308 }],
    ['a negative duration', { model_id: 'kling-v2.1-pro', duration: -1e308 }],
    ['a duration the model does not offer', { model_id: 'pixverse', duration: 7 }],
    ['a width past its bound', { model_id: 'flux-lora', width: 1e12 }],
  ])('%s: BAD_REQUEST', async (_name, input) => {
    await expect(studio.caller(null).credits.estimate(input)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GENERIC_INPUT_ERROR });
  });

  it('submit refuses a width past its bound too (it was charged, then refused by the provider)', async () => {
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-lora', prompt: 'x', width: 1e12 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GENERIC_INPUT_ERROR });
    expect(await studio.balance(user)).toBe(10);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
  });

  it('over HTTP: 400 with the app code, for a single query and a batched GET', async () => {
    const single = await trpcQuery(trpc, 'credits.estimate', JSON.stringify({ json: { model_id: 'kling-v2.1-pro', duration: 1e308 } }));
    expect(single).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: GENERIC_INPUT_ERROR });
    expect(single.body).toMatchObject({ error: { json: { data: { appCode: 'validation_failed', httpStatus: 400 } } } });
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { model_id: 'kling-v2.1-pro', duration: 1e308 } } }));
    const batched = await fetch(`${trpc.url}/api/trpc/credits.estimate?batch=1&input=${input}`);
    expect(batched.status).toBe(400);
    expect(await batched.json()).toMatchObject([{ error: { json: { message: GENERIC_INPUT_ERROR, data: { code: 'BAD_REQUEST', appCode: 'validation_failed' } } } }]);
  });

  it('still prices incomplete forms and in-range values', async () => {
    expect(await studio.caller(null).credits.estimate({ model_id: 'kling-v2.1-pro' })).toMatchObject({ credits: 150 });
    expect(await studio.caller(null).credits.estimate({ model_id: 'kling-v2.1-pro', duration: 10 })).toMatchObject({ credits: 300 });
    expect(await studio.caller(null).credits.estimate({ model_id: 'flux-dev', num_outputs: 3 })).toMatchObject({ credits: 30 });
    expect(await studio.caller(null).credits.estimate({ model_id: 'flux-lora', width: 1024 })).toMatchObject({ credits: 15 });
    expect(await studio.balance(user)).toBe(10);
  });
});
