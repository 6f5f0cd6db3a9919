/**
 * Screening's figures (issue 36), on the production build with the local engine:
 * - one 1024×1024 image screened as the server does it (decoded with limits to the classifier's
 *   224 pixels, then nsfwjs's MobileNetV2 in the inference worker), in this process's worker after
 *   a warm-up: the whole screen, and the worker's request alone (goal ≤ 500 ms);
 * - the poll's p99 at a steady rate while 20 images are screened at once in the server's worker (20
 *   owners' switches to public, each screened before it answers), against idle windows (goal < 2×,
 *   as for the upscaler).
 */
import sharp from 'sharp';
import type { Db } from '~/server/db/client';
import { createDb } from '~/server/db/client';
import { classifyNsfw, decodeRgb, inferenceReady, type RgbImage } from '~/server/inference';
import { getTestDatabase } from '../helpers/database';
import { photo } from '../helpers/photos';
import { startApp } from '../e2e/helpers/app-server';
import { premiumBenchUser } from './bench-user';
import { startPollProcess } from './poll-process';
import { percentile, type SteadyPollResult } from './steady-poll';

const POLL_RATE = 100;
const POLL_CONNECTIONS = 4;
const POLL_WINDOW_S = 3;
const ROUNDS = 3;
const SCREENED_AT_ONCE = 20;
const TIMED_SCREENS = 10;
const DECODE = { maxBytes: 64 * 1024 * 1024, maxPixels: 40_000_000, timeoutSeconds: 10 };

export type ScreeningRow = {
  /** Whole screens of a 1024² PNG (decode + the worker), ms, in order. */
  screenMs: number[];
  /** The worker's request alone (224² in, five shares out), ms, in order. */
  workerMs: number[];
  pollIdleP99: number;
  pollScreeningP99: number;
  /** Every round's 20 screens were still running when its window closed. */
  windowInside: boolean;
  /** How long each round's 20 screens took, ms. */
  roundMs: number[];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

async function screensHere(): Promise<Pick<ScreeningRow, 'screenMs' | 'workerMs'>> {
  const image = await sharp(photo('astronaut')).resize(1024, 1024).png().toBuffer();
  await inferenceReady();
  // Warm-up: the model loads once per worker.
  await classifyNsfw(await decodeRgb(image, DECODE, 224));
  const screenMs: number[] = [];
  const workerMs: number[] = [];
  for (let i = 0; i < TIMED_SCREENS; i += 1) {
    let decoded: RgbImage | undefined;
    screenMs.push(
      (
        await timed(async () => {
          decoded = await decodeRgb(image, DECODE, 224);
          return classifyNsfw(decoded);
        })
      ).ms,
    );
    workerMs.push((await timed(() => classifyNsfw(decoded!))).ms);
  }
  return { screenMs, workerMs };
}

async function trpcMutation(baseUrl: string, cookie: string, path: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ 0: { json: input } }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as [{ result: { data: { json: unknown } } }])[0].result.data.json;
}

/** SCREENED_AT_ONCE private 1024² results of the bench user, finished. */
async function privateResults(baseUrl: string, cookie: string, db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < SCREENED_AT_ONCE; i += 1) {
    const submitted = await fetch(`${baseUrl}/api/unigen`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ model_id: 'flux-schnell', prompt: `a harbour at dawn, ${i}`, image_size: '1:1', is_public: false }),
    });
    ids.push(((await submitted.json()) as { data: { id: string } }).data.id);
  }
  for (const until = Date.now() + 180_000; ; ) {
    const done = await db.generation.count({ where: { id: { in: ids }, status: { in: ['succeeded', 'failed'] } } });
    if (done === ids.length) break;
    if (Date.now() > until) throw new Error(`the results did not finish: ${done} of ${ids.length}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return ids;
}

async function pollDuringScreens(baseUrl: string, cookie: string, ids: string[]): Promise<Omit<ScreeningRow, 'screenMs' | 'workerMs'>> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { id: ids[0] } } }));
  const pollUrl = `${baseUrl}/api/trpc/prediction.get?batch=1&input=${input}`;
  const poller = await startPollProcess();
  try {
    const pollWindow = async () => {
      const result = await poller.poll({ url: pollUrl, headers: { cookie }, rate: POLL_RATE, seconds: POLL_WINDOW_S, connections: POLL_CONNECTIONS });
      if (result.failed > 0) throw new Error(`the poll failed ${result.failed} of ${result.sent} times`);
      return result;
    };
    await pollWindow();
    // The worker is warm (its model loaded) before any window.
    await trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id: ids[0], isPublic: true });
    await trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id: ids[0], isPublic: false });
    const idle: SteadyPollResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) idle.push(await pollWindow());
    const during: SteadyPollResult[] = [];
    const roundMs: number[] = [];
    let windowInside = true;
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const screens = Promise.all(ids.map((id) => trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id, isPublic: true }).then(() => performance.now())));
      during.push(await pollWindow());
      const windowEnd = performance.now();
      const ends = await screens;
      roundMs.push(Math.round(Math.max(...ends) - started));
      windowInside &&= Math.max(...ends) >= windowEnd;
      await Promise.all(ids.map((id) => trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id, isPublic: false })));
    }
    const pooledP99 = (windows: SteadyPollResult[]) => Math.round(10 * percentile(windows.flatMap((w) => w.latencies).sort((a, b) => a - b), 0.99)) / 10;
    return { pollIdleP99: pooledP99(idle), pollScreeningP99: pooledP99(during), windowInside, roundMs };
  } finally {
    poller.stop();
  }
}

export async function measureScreening(secret: string): Promise<ScreeningRow> {
  const here = await screensHere();
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' });
  try {
    const { cookie } = await premiumBenchUser(db, secret);
    const ids = await privateResults(app.url, cookie, db);
    return { ...here, ...(await pollDuringScreens(app.url, cookie, ids)) };
  } finally {
    await app.stop();
    await db.$disconnect();
    await database.stop();
  }
}

export function describeScreening(row: ScreeningRow): string {
  return [
    `Screening (nsfwjs MobileNetV2, wasm backend, the inference worker), ${TIMED_SCREENS} screens of a 1024×1024 PNG after a warm-up:`,
    `  whole screen (decode to 224 + the worker): median ${median(row.screenMs)} ms, max ${Math.max(...row.screenMs)} ms (goal ≤ 500 ms) [${row.screenMs.join(', ')}]`,
    `  the worker's request alone: median ${median(row.workerMs)} ms, max ${Math.max(...row.workerMs)} ms [${row.workerMs.join(', ')}]`,
    `  poll p99 at ${POLL_RATE} req/s: idle ${row.pollIdleP99} ms, while ${SCREENED_AT_ONCE} images are screened ${row.pollScreeningP99} ms (${(row.pollScreeningP99 / Math.max(1, row.pollIdleP99)).toFixed(2)}×, goal < 2×)${row.windowInside ? '' : ' — a round of screens ended inside its window'}`,
    `    each round's ${SCREENED_AT_ONCE} screens took ${row.roundMs.join(', ')} ms`,
  ].join('\n');
}
