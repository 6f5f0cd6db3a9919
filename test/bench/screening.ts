/**
 * Screening's figures (issue 36), on the production build with the local engine:
 * - one 1024×1024 image screened as the server does it (decoded with limits to the classifier's
 *   224 pixels, then nsfwjs's MobileNetV2 in the inference worker), in this process's worker after
 *   a warm-up: the whole screen, and the worker's request alone (goal ≤ 500 ms);
 * - the poll's p99 at a steady rate while 20 images are screened at once in the server's worker (20
 *   owners' switches to public, each screened before it answers), against idle windows (goal < 2×,
 *   as for the upscaler). Two windows a round: one from the moment the 20 switches are sent (their
 *   arrival together included), and one that opens once all 20 are received (each has entered
 *   `screening`) and closes before the last screen ends: the screens alone.
 *   The same 20 switches on a server with NSFW_CHECK=off give the arrival's own cost without any
 *   screen, in the same run.
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
/** Shorter than a round of 20 screens (about 1.5 s here), so the window lies inside it. */
const SCREENING_WINDOW_S = 1;
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
  /** From the moment the 20 switches are sent: their arrival and their screens. */
  pollScreeningP99: number;
  /** Once all 20 are received and in `screening`: the screens alone. */
  pollWhileScreeningP99: number;
  /** Every round's 20 screens were still running when its screens-alone window closed. */
  windowInside: boolean;
  /** How long each round's 20 screens took, ms. */
  roundMs: number[];
  /** The same switches on a server with NSFW_CHECK=off: idle, and from the moment they are sent. */
  unscreened: { pollIdleP99: number; pollSwitchesP99: number; roundMs: number[] };
};

type PollFigures = Pick<ScreeningRow, 'pollIdleP99' | 'pollScreeningP99' | 'pollWhileScreeningP99' | 'windowInside' | 'roundMs'>;

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

/**
 * Whether every one of `ids` has had its switch received (within 10 s): entering `screening` stamps
 * moderatedAt, and a screen that already answered has moved on from `screening` since.
 */
async function allReceived(db: Db, ids: string[], since: Date): Promise<boolean> {
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    if ((await db.generation.count({ where: { id: { in: ids }, moderatedAt: { gte: since } } })) === ids.length) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

async function pollDuringScreens(baseUrl: string, cookie: string, ids: string[], db: Db, screening: boolean): Promise<PollFigures> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { id: ids[0] } } }));
  const pollUrl = `${baseUrl}/api/trpc/prediction.get?batch=1&input=${input}`;
  const poller = await startPollProcess();
  try {
    const pollWindow = async (seconds = POLL_WINDOW_S) => {
      const result = await poller.poll({ url: pollUrl, headers: { cookie }, rate: POLL_RATE, seconds, connections: POLL_CONNECTIONS });
      if (result.failed > 0) throw new Error(`the poll failed ${result.failed} of ${result.sent} times`);
      return result;
    };
    await pollWindow();
    // The worker is warm (its model loaded) before any window.
    await trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id: ids[0], isPublic: true });
    await trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id: ids[0], isPublic: false });
    const idle: SteadyPollResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) idle.push(await pollWindow());
    const switchAll = (isPublic: boolean) => ids.map((id) => trpcMutation(baseUrl, cookie, 'prediction.setSharing', { id, isPublic }).then(() => performance.now()));
    const fromArrival: SteadyPollResult[] = [];
    const whileScreening: SteadyPollResult[] = [];
    const roundMs: number[] = [];
    let windowInside = true;
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = performance.now();
      let switches = Promise.all(switchAll(true));
      fromArrival.push(await pollWindow());
      roundMs.push(Math.round(Math.max(...(await switches)) - started));
      await Promise.all(switchAll(false));
      if (!screening) continue;
      started = performance.now();
      const sent = new Date();
      switches = Promise.all(switchAll(true));
      if (!(await allReceived(db, ids, sent))) throw new Error('the 20 switches were not all received within 10 s');
      whileScreening.push(await pollWindow(SCREENING_WINDOW_S));
      const windowEnd = performance.now();
      const ends = await switches;
      windowInside &&= Math.max(...ends) >= windowEnd;
      await Promise.all(switchAll(false));
    }
    const pooledP99 = (windows: SteadyPollResult[]) => Math.round(10 * percentile(windows.flatMap((w) => w.latencies).sort((a, b) => a - b), 0.99)) / 10;
    return { pollIdleP99: pooledP99(idle), pollScreeningP99: pooledP99(fromArrival), pollWhileScreeningP99: screening ? pooledP99(whileScreening) : NaN, windowInside, roundMs };
  } finally {
    poller.stop();
  }
}

/** A fresh database and server (with `env`), 20 private finished results, and the poll's figures around their switches. */
async function onServer(secret: string, env: Record<string, string>, screening: boolean): Promise<PollFigures> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on', ...env });
  try {
    const { cookie } = await premiumBenchUser(db, secret);
    const ids = await privateResults(app.url, cookie, db);
    return await pollDuringScreens(app.url, cookie, ids, db, screening);
  } finally {
    await app.stop();
    await db.$disconnect();
    await database.stop();
  }
}

export async function measureScreening(secret: string): Promise<ScreeningRow> {
  const here = await screensHere();
  const screened = await onServer(secret, {}, true);
  const unscreened = await onServer(secret, { NSFW_CHECK: 'off' }, false);
  return { ...here, ...screened, unscreened: { pollIdleP99: unscreened.pollIdleP99, pollSwitchesP99: unscreened.pollScreeningP99, roundMs: unscreened.roundMs } };
}

const ratio = (value: number, idle: number) => `${(value / Math.max(1, idle)).toFixed(2)}×`;

export function describeScreening(row: ScreeningRow): string {
  return [
    `Screening (nsfwjs MobileNetV2, wasm backend, the inference worker), ${TIMED_SCREENS} screens of a 1024×1024 PNG after a warm-up:`,
    `  whole screen (decode to 224 + the worker): median ${median(row.screenMs)} ms, max ${Math.max(...row.screenMs)} ms (goal ≤ 500 ms) [${row.screenMs.join(', ')}]`,
    `  the worker's request alone: median ${median(row.workerMs)} ms, max ${Math.max(...row.workerMs)} ms [${row.workerMs.join(', ')}]`,
    `  poll p99 at ${POLL_RATE} req/s: idle ${row.pollIdleP99} ms; while ${SCREENED_AT_ONCE} images are screened (the screens alone, ${SCREENING_WINDOW_S} s windows) ${row.pollWhileScreeningP99} ms (${ratio(row.pollWhileScreeningP99, row.pollIdleP99)}, goal < 2×)${row.windowInside ? '' : ' — a round of screens ended inside its window'}`,
    `    from the moment the ${SCREENED_AT_ONCE} switches are sent (their arrival together included, ${POLL_WINDOW_S} s windows): ${row.pollScreeningP99} ms (${ratio(row.pollScreeningP99, row.pollIdleP99)}); each round's ${SCREENED_AT_ONCE} switches and screens took ${row.roundMs.join(', ')} ms`,
    `    the same switches with NSFW_CHECK=off: idle ${row.unscreened.pollIdleP99} ms, from the moment they are sent ${row.unscreened.pollSwitchesP99} ms (${ratio(row.unscreened.pollSwitchesP99, row.unscreened.pollIdleP99)}); each round took ${row.unscreened.roundMs.join(', ')} ms`,
  ].join('\n');
}
