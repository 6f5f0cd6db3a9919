/**
 * The local engine's upscaler is ESRGAN-slim, run in the inference worker: on the embedded
 * defaults an upscale is the model's output at the scale asked (not a resize), with the input's
 * aspect ratio and alpha, tiled without seams, labelled with the model that made it. A job waits
 * its turn with its place in line shown; a worker that crashes fails its job with a refund and a
 * fresh worker serves the next. Small images throughout: the model costs ~30 µs an input pixel.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashInferenceWorkerForTests, esrganUpscale, inferenceStats, type RgbImage } from '~/server/inference';
import { runEngineOnce } from '~/server/services/generation/engine';
import { declaredPng, photo } from '@test/helpers/photos';
import { isPresent, pollUntil } from '@test/helpers/poll';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  // TIME_SCALE 0.01: the stand-ins' schedules and limits shrink, the model's work and its limit do not.
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

async function upload(user: StudioUser, bytes: Buffer): Promise<string> {
  const signed = await studio.caller(user).upload.signedUrl({ contentType: 'image/png', remoteName: `in${bytes.length}.png`, sourceSubfolder: 'uploads/2026-11-26', size: bytes.length });
  const put = await fetch(signed.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return signed.publicUrl;
}

/** Submits an upscale and waits for its end; answers the row, the prediction and the output's bytes. */
async function upscale(user: StudioUser, image: Buffer, scale: number) {
  const submitted = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await upload(user, image), scale });
  const row = await runUntil(studio.db, submitted.id, undefined, 60_000);
  const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
  const media = prediction.display.outputMedia[0];
  const output = media ? Buffer.from(await (await fetch(media.publicUrl)).arrayBuffer()) : null;
  return { row, prediction, output };
}

async function rgb(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(bytes).removeAlpha().resize(width, height, { fit: 'fill' }).raw().toBuffer();
}

function meanAbsoluteDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('the upscaler on the local engine is the ESRGAN-slim model', () => {
  it('upscales ×2 with the model: the size asked, the label, and not a plain resize (closer to the original than a bilinear round trip)', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    const original = await sharp(photo('astronaut')).removeAlpha().raw().toBuffer();
    // The original at half size: what the model has to work from.
    const half = await sharp(photo('astronaut')).resize(128, 128, { kernel: 'linear' }).png().toBuffer();
    const { row, prediction, output } = await upscale(user, half, 2);
    expect(row.error).toBeNull();
    expect(await studio.balance(user)).toBe(18);
    expect(prediction.display.outputMedia[0]!.contentType).toBe('image/png');
    expect(prediction.display.outputText).toBe('Upscaled to 256×256 by ESRGAN-slim, a model run on this server (its ×2 weights).');
    const meta = await sharp(output!).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([256, 256, 3]);

    const model = await rgb(output!, 256, 256);
    const lanczos = await rgb(await sharp(half).resize(256, 256, { kernel: 'lanczos3' }).png().toBuffer(), 256, 256);
    const bilinear = await rgb(await sharp(half).resize(256, 256, { kernel: 'linear' }).png().toBuffer(), 256, 256);
    // Measured: 4.6 levels (of 255) from Lanczos on average; 7.1 from the original against bilinear's 8.7.
    expect(meanAbsoluteDifference(model, lanczos)).toBeGreaterThan(2);
    expect(meanAbsoluteDifference(model, original)).toBeLessThan(0.9 * meanAbsoluteDifference(bilinear, original));
  });

  it('keeps the aspect ratio and the alpha channel (×4 of a 72×48 cut-out)', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    const alpha = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="72" height="48"><rect width="72" height="48" fill="black"/><ellipse cx="36" cy="24" rx="30" ry="20" fill="white"/></svg>'))
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer();
    const colour = await sharp(photo('astronaut')).resize(72, 48).removeAlpha().raw().toBuffer();
    const cutOut = await sharp(colour, { raw: { width: 72, height: 48, channels: 3 } }).joinChannel(alpha, { raw: { width: 72, height: 48, channels: 1 } }).png().toBuffer();
    expect((await sharp(cutOut).metadata()).channels).toBe(4);
    const { row, prediction, output } = await upscale(user, cutOut, 4);
    expect(row.error).toBeNull();
    expect(prediction.display.outputText).toBe('Upscaled to 288×192 by ESRGAN-slim, a model run on this server (its ×4 weights).');
    const { data, info } = await sharp(output!).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([288, 192, 4]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect([alphaAt(0, 0), alphaAt(287, 0), alphaAt(0, 191), alphaAt(287, 191)]).toEqual([0, 0, 0, 0]);
    expect(alphaAt(144, 96)).toBe(255);
  });

  it('shows its place in line while another upscale has the worker, then both succeed', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    // 300×200 at ×4: two tiles, seconds of work. The second is submitted once the first has the
    // worker, so it waits in line for as long as that work lasts (a small job submitted beside it
    // could otherwise get the worker first and finish between two looks).
    const first = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await upload(user, await sharp(photo('coffee')).png().toBuffer()), scale: 4 });
    const firstAtWork = async () => {
      await runEngineOnce(studio.db);
      return (await studio.caller(user).prediction.get({ id: first.id })).progress;
    };
    await pollUntil(firstAtWork, isPresent, 'the first upscale at work', { timeoutMs: 30_000, intervalMs: 20 });
    const second = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await upload(user, await sharp(photo('chelsea')).resize(64).png().toBuffer()), scale: 2 });
    const placeInLine = async () => {
      await runEngineOnce(studio.db);
      const [a, b] = await Promise.all([studio.caller(user).prediction.get({ id: first.id }), studio.caller(user).prediction.get({ id: second.id })]);
      expect(b.status === 'succeeded' && a.status !== 'succeeded', 'the second upscale finished before the first left the worker').toBe(false);
      return a.status === 'processing' ? b.queuePosition : null;
    };
    expect(await pollUntil(placeInLine, isPresent, 'the second upscale in line behind the first', { timeoutMs: 30_000, intervalMs: 20 })).toBe(1);
    expect((await runUntil(studio.db, first.id, undefined, 60_000)).status).toBe('succeeded');
    expect((await runUntil(studio.db, second.id, undefined, 60_000)).status).toBe('succeeded');
  });

  it('fails the job with a refund when the worker crashes in the middle, and a fresh worker serves the next one', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    const before = inferenceStats().threadsStarted;
    // 300×200 at ×4: two tiles of 150×200, a few seconds.
    const submitted = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await upload(user, await sharp(photo('coffee')).png().toBuffer()), scale: 4 });
    expect(await studio.balance(user)).toBe(18);
    const progress = async () => {
      await runEngineOnce(studio.db);
      const row = await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
      expect(['queued', 'starting', 'processing']).toContain(row.status);
      return row.progress;
    };
    await pollUntil(progress, (done) => done !== null && done > 0 && done < 1, 'the upscale under way', { timeoutMs: 30_000 });
    // Between two of its tiles, the thread dies.
    await crashInferenceWorkerForTests();
    const failed = await runUntil(studio.db, submitted.id, undefined, 30_000);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The local upscaling model stopped while working on this image. Your credits have been refunded.');
    expect(await studio.balance(user)).toBe(20);

    const next = await upscale(user, await sharp(photo('chelsea')).resize(48).png().toBuffer(), 2);
    expect(next.row.status).toBe('succeeded');
    expect(next.prediction.display.outputText).toMatch(/by ESRGAN-slim/);
    expect(inferenceStats().threadsStarted).toBe(before + 1);
    expect(await studio.balance(user)).toBe(18);
  });
});

describe('an input the model never sees', () => {
  it.each([
    ['a file declaring 20,000×20,000 pixels', () => declaredPng(20_000, 20_000)],
    ['a damaged PNG', () => declaredPng(64, 64)],
  ])('%s fails with a clear message and a refund, and the worker is not involved', async (_name, bytes) => {
    const user = await studio.createUser({ credits: 20, premium: true });
    const before = inferenceStats().upscales;
    const { row } = await upscale(user, bytes(), 2);
    expect([row.status, row.error]).toEqual(['failed', 'The image could not be read (it is damaged, or larger than 40 megapixels). Your credits have been refunded.']);
    expect(await studio.balance(user)).toBe(20);
    expect(inferenceStats().upscales).toEqual(before);
  });
});

describe('a canceled upscale', () => {
  it('stops at its next tile, frees the worker for the next job and is refunded', async () => {
    const user = await studio.createUser({ credits: 20, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: await upload(user, await sharp(photo('coffee')).png().toBuffer()), scale: 4 });
    const atTheWorker = async () => {
      if (inferenceStats().jobRunning) return true;
      await runEngineOnce(studio.db);
      return false;
    };
    await pollUntil(atTheWorker, (running) => running, 'the upscale at the worker', { timeoutMs: 30_000 });
    const before = inferenceStats().upscales;
    expect((await studio.caller(user).generation.cancel({ id: submitted.id })).user_credits).toBe(20);
    // The cancel reaches the local engine, which stops the job between its two tiles.
    await expect.poll(async () => (await runEngineOnce(studio.db), inferenceStats().jobRunning), { timeout: 30_000, interval: 20 }).toBe(false);
    expect(inferenceStats().upscales).toEqual({ ...before, stopped: before.stopped + 1 });
    const row = await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
    expect([row.status, row.outputs]).toEqual(['canceled', null]);
  });
});

describe('tiles', () => {
  async function pixels(width: number, height: number, left: number, top: number): Promise<RgbImage> {
    // The fixture is 256²; enlarged first so an area can span two ×4 tiles (cores of at most 256).
    const data = await sharp(await sharp(photo('astronaut')).resize(320, 320).png().toBuffer()).extract({ left, top, width, height }).removeAlpha().raw().toBuffer();
    return { width, height, pixels: new Uint8Array(data) };
  }

  it('runs a larger image tile by tile, reporting each, with no seam: the result around a tile boundary is the same as the model run on that area alone', async () => {
    const progress: number[] = [];
    // 300×300 at ×4: tiles of at most 256 input pixels, so 2×2 tiles of 150 meeting at 150.
    const whole = await esrganUpscale(() => pixels(300, 300, 10, 10), 4, { onProgress: (p) => 'progress' in p && progress.push(p.progress) });
    expect([whole.width, whole.height]).toEqual([1200, 1200]);
    expect(progress).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // One tile's worth around the boundary (input 110–190, where four tiles meet).
    const area = await esrganUpscale(() => pixels(80, 80, 10 + 110, 10 + 110), 4);
    // Away from the area's own edges (the model's reach is 10 input pixels, 40 output pixels).
    let differences = 0;
    for (let y = 40; y < 280; y += 1) {
      for (let x = 40; x < 280; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          if (area.pixels[(y * 320 + x) * 3 + c] !== whole.pixels[((440 + y) * 1200 + 440 + x) * 3 + c]) differences += 1;
        }
      }
    }
    expect(differences).toBe(0);
  });
});
