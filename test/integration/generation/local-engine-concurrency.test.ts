/**
 * The local engine works on several jobs at once, with a bound, and a heavy job never stalls the
 * others: an upscale runs on the model in the inference worker, outside the engine's slots, while
 * a light job submitted after it goes through and finishes first.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerRuntime } from '~/server/runtime';
import { providerFor } from '~/server/services/generation/provider-registry';
import { LOCAL_ENGINE_CONCURRENCY, type LocalProvider } from '~/server/providers/local/provider';
import { pollUntil } from '@test/helpers/poll';
import { startStudio, waitForGeneration, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  // The upscale's model work takes real seconds whatever the time scale: its time limit (600 s,
  // scaled) must leave it room.
  studio = await startStudio({ env: { TIME_SCALE: '0.05' } });
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

describe('local engine concurrency', () => {
  it('runs a light job to completion while a heavy one is still working', async () => {
    expect(LOCAL_ENGINE_CONCURRENCY).toBeGreaterThanOrEqual(2);
    const user = await studio.createUser({ credits: 100, premium: true });
    const engine = providerFor('local', studio.db) as LocalProvider;
    ensureServerRuntime(studio.db);

    // 320×320 noise upscaled ×4 by ESRGAN-slim: a few seconds of the worker's time.
    const heavy = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await uploadNoise(user, 320), scale: 4 });
    await pollUntil(() => engine.stats().modelJobs, (modelJobs) => modelJobs === 1, 'the heavy job to start working', { timeoutMs: 30_000 });

    const light = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a light job' });
    const lightRow = await waitForGeneration(studio.db, light.id, ['succeeded', 'failed']);
    expect(lightRow.status).toBe('succeeded');
    // The heavy job is still at work: the light one did not wait for it.
    const heavyMeanwhile = await studio.db.generation.findUniqueOrThrow({ where: { id: heavy.id } });
    expect(heavyMeanwhile.status).toBe('processing');
    expect(engine.stats().modelJobs).toBe(1);

    const heavyRow = await waitForGeneration(studio.db, heavy.id, ['succeeded', 'failed'], 120_000);
    expect(heavyRow.error).toBeNull();
    expect(heavyRow.status).toBe('succeeded');
    // The upscale never took one of the engine's slots.
    expect(engine.stats().peakActive).toBe(1);
    // The test's own limit covers the waits it makes: the heavy job's 120 s (its model work is real
    // CPU at low priority, slow on a busy machine) after the light job's 20 s.
  }, 180_000);

  it('never works on more jobs at once than its bound; the rest wait their turn and all finish', async () => {
    const user = await studio.createUser({ credits: 100, premium: true });
    const engine = providerFor('local', studio.db) as LocalProvider;
    ensureServerRuntime(studio.db);
    const ids: string[] = [];
    for (let i = 0; i < LOCAL_ENGINE_CONCURRENCY + 3; i += 1) {
      ids.push((await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: `queue ${i}`, num_outputs: 2 })).id);
    }
    let sawWaiting = false;
    // Each look at the engine also checks its bound, and sees a job wait while the others work.
    const succeeded = async () => {
      const stats = engine.stats();
      expect(stats.active).toBeLessThanOrEqual(LOCAL_ENGINE_CONCURRENCY);
      if (stats.waiting > 0) sawWaiting = true;
      return studio.db.generation.count({ where: { id: { in: ids }, status: 'succeeded' } });
    };
    await pollUntil(succeeded, (count) => count === ids.length, 'every job to succeed', { timeoutMs: 60_000, intervalMs: 10 });
    expect(engine.stats().peakActive).toBe(LOCAL_ENGINE_CONCURRENCY);
    expect(sawWaiting).toBe(true);
  });
});
