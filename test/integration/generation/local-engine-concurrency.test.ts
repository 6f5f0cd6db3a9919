/**
 * The local engine works on several jobs at once, with a bound: a heavy job (a large upscale)
 * takes one of the pool's slots while a light one submitted after it goes through the other and
 * finishes first. Before, the engine polled running jobs one after another and did each job's work
 * inside its poll, so one heavy job stalled every job behind it until it was done.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerRuntime } from '~/server/runtime';
import { providerFor } from '~/server/services/generation/provider-registry';
import { LOCAL_ENGINE_CONCURRENCY, type LocalProvider } from '~/server/providers/local/provider';
import { startStudio, waitForGeneration, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

/** A noisy PNG (noise does not compress: about 1 MB) uploaded as the user would. */
async function uploadNoise(user: StudioUser, side: number): Promise<string> {
  const bytes = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
  const signed = await studio.caller(user).upload.signedUrl({ contentType: 'image/png', remoteName: 'noise.png', sourceSubfolder: 'uploads/2026-11-25', size: bytes.length });
  const put = await fetch(signed.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return signed.publicUrl;
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('local engine concurrency', () => {
  it('runs a light job to completion while a heavy one is still working', async () => {
    expect(LOCAL_ENGINE_CONCURRENCY).toBeGreaterThanOrEqual(2);
    const user = await studio.createUser({ credits: 100, premium: true });
    const engine = providerFor('local', studio.db) as LocalProvider;
    ensureServerRuntime(studio.db);

    // 600×600 noise upscaled ×8: a 4800×4800 PNG, seconds of work for one slot.
    const heavy = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await uploadNoise(user, 600), scale: 8 });
    await until(() => engine.stats().active === 1, 'the heavy job to start working');

    const light = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a light job' });
    const lightRow = await waitForGeneration(studio.db, light.id, ['succeeded', 'failed']);
    expect(lightRow.status).toBe('succeeded');
    // The heavy job is still at work: the light one did not wait for it.
    const heavyMeanwhile = await studio.db.generation.findUniqueOrThrow({ where: { id: heavy.id } });
    expect(heavyMeanwhile.status).toBe('processing');
    expect(engine.stats().active).toBe(1);

    const heavyRow = await waitForGeneration(studio.db, heavy.id, ['succeeded', 'failed'], 120_000);
    expect(heavyRow.error).toBeNull();
    expect(heavyRow.status).toBe('succeeded');
    expect(engine.stats().peakActive).toBe(2);
  });

  it('never works on more jobs at once than its bound; the rest wait their turn and all finish', async () => {
    const user = await studio.createUser({ credits: 100, premium: true });
    const engine = providerFor('local', studio.db) as LocalProvider;
    ensureServerRuntime(studio.db);
    const ids: string[] = [];
    for (let i = 0; i < LOCAL_ENGINE_CONCURRENCY + 3; i += 1) {
      ids.push((await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: `queue ${i}`, num_outputs: 2 })).id);
    }
    let sawWaiting = false;
    await until(async () => {
      const stats = engine.stats();
      expect(stats.active).toBeLessThanOrEqual(LOCAL_ENGINE_CONCURRENCY);
      if (stats.waiting > 0) sawWaiting = true;
      return (await studio.db.generation.count({ where: { id: { in: ids }, status: 'succeeded' } })) === ids.length;
    }, 'every job to succeed', 60_000);
    expect(engine.stats().peakActive).toBe(LOCAL_ENGINE_CONCURRENCY);
    expect(sawWaiting).toBe(true);
  });
});
