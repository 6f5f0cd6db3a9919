/**
 * Every prompt has a server-enforced maximum length, the one the form counts against: the
 * provider's where known (Kling 2,500, Pixverse 2,048), else 2,000 characters. Longer is a 400
 * naming the limit, through tRPC and REST, and nothing is charged or queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc, trpcMutation } from './trpc-http';

let studio: Studio;
let trpc: RouteServer;

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

async function expectUntouched(user: StudioUser, credits: number) {
  expect(await studio.balance(user)).toBe(credits);
  expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
}

describe('prompt length limits on the server', () => {
  it('refuses one character over 2,000 on a FLUX model, and accepts exactly 2,000', async () => {
    const user = await studio.createUser({ credits: 10 });
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'p'.repeat(2001) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Prompt must be at most 2,000 characters.',
    });
    await expect(studio.caller(user).generation.check({ model_id: 'flux-schnell', prompt: 'p'.repeat(2001) })).rejects.toMatchObject({
      message: 'Prompt must be at most 2,000 characters.',
    });
    await expectUntouched(user, 10);
    const accepted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'p'.repeat(2000) });
    expect(accepted.user_credits).toBe(9);
  });

  it('uses the provider’s own limit where it publishes one (Kling negative prompt: 2,500)', async () => {
    const user = await studio.createUser({ credits: 500 });
    await expect(
      studio.caller(user).generation.submit({ model_id: 'kling-1.6-text-to-video', prompt: 'a cat', negative_prompt: 'n'.repeat(2501) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Negative prompt must be at most 2,500 characters.' });
    await expect(studio.caller(user).generation.submit({ model_id: 'pixverse', start_image_url: 'https://example.test/a.png', prompt: 'p'.repeat(2049) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Prompt must be at most 2,048 characters.',
    });
    await expectUntouched(user, 500);
  });

  it('answers a 900 KB prompt with 400 over tRPC and REST (REST’s body cap answers 413 first)', async () => {
    const user = await studio.createUser({ credits: 10 });
    const cookie = await studio.cookieFor(user);
    const huge = 'word '.repeat(180_000);
    expect(await trpcMutation(trpc, 'generation.submit', JSON.stringify({ json: { model_id: 'flux-schnell', prompt: huge } }), cookie)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Prompt must be at most 2,000 characters.',
    });
    const rest = async (prompt: string) => {
      const response = await fetch(`${studio.server.url}/api/unigen`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: studio.server.url }, body: JSON.stringify({ model_id: 'flux-schnell', prompt }) });
      return { status: response.status, body: await response.json() };
    };
    expect(await rest('p'.repeat(2001))).toEqual({ status: 400, body: { success: false, data: null, message: 'Prompt must be at most 2,000 characters.', error: 'validation_failed' } });
    expect(await rest(huge)).toEqual({ status: 413, body: { success: false, data: null, message: 'The request body is too large.', error: 'payload_too_large' } });
    await expectUntouched(user, 10);
  });
});
