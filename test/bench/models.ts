/**
 * The CPU models' figures (issue 22). In this process, on the inference worker the server uses:
 * a 512×512 upscale ×4 with ESRGAN-slim (decode, the model tile by tile, PNG encode), the face
 * check on each test photograph (decode with limits and the tiny detector, after a warm-up), and
 * the worker's peak memory (its V8 heap, and what it holds outside it: WebAssembly, buffers).
 * Against the running studio: the poll's p99 at a steady rate while idle and while the same
 * upscale runs in the server's worker, over three rounds of each (the server must keep answering;
 * goal under 2× idle).
 */
import sharp from 'sharp';
import { inferenceStats } from '~/server/inference';
import { modelUpscale } from '~/server/providers/local/model-upscale';
import { faceVerdict } from '~/server/services/faces/face-verdict';
import { photo, twoFacesPhoto } from '../helpers/photos';
import { startPollProcess } from './poll-process';
import { percentile, type SteadyPollResult } from './steady-poll';

/** A steady poll, as open pages make it (not a saturating load): requests a second, evenly spaced (steady-poll.ts), over a few connections. */
export const POLL_RATE = 100;
const POLL_CONNECTIONS = 4;
const POLL_WINDOW_S = 5;
/** Idle windows, and upscales with a window each: one window's p99 is one GC pause more or less (seen: 1.1× to 15× in consecutive rounds). */
const POLL_ROUNDS = 3;

export type ModelsRow = {
  /** 512×512 ×4 (2048×2048 PNG), wall ms. */
  upscaleMs: number;
  faceChecks: { photo: string; verdict: string; ms: number }[];
  workerHeapBytes: number;
  workerExternalBytes: number;
  /** The p99 of the idle windows' requests, pooled. */
  pollIdleP99: number;
  /** The p99 of the upscale windows' requests, pooled. */
  pollUpscaleP99: number;
  /** Each upscale was still running when its window closed (else a window was partly idle). */
  pollWindowInside: boolean;
  /** Each window's own p99: the i-th idle window's and the i-th upscale's (absent in runs before they were recorded). */
  pollRounds?: { idleP99: number; upscaleP99: number }[];
};

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

/** The 512×512 test input: the astronaut photograph enlarged to 512 (the content hardly matters to the time). */
export function upscaleInput(): Promise<Buffer> {
  return sharp(photo('astronaut')).resize(512, 512, { kernel: 'lanczos3' }).png().toBuffer();
}

export async function measureModelsHere(): Promise<Pick<ModelsRow, 'upscaleMs' | 'faceChecks' | 'workerHeapBytes' | 'workerExternalBytes'>> {
  // Warm-up: the worker starts, the detector and the ×4 weights load (a cost paid once per process).
  await faceVerdict(await sharp(photo('astronaut')).flop().jpeg().toBuffer());
  await modelUpscale(await sharp(photo('coffee')).resize(64).png().toBuffer(), 4);
  const photos: [string, Buffer][] = [
    ['astronaut (one face)', photo('astronaut')],
    ['chelsea (a cat)', photo('chelsea')],
    ['coffee (none)', photo('coffee')],
    ['two astronauts', await twoFacesPhoto()],
  ];
  const faceChecks: ModelsRow['faceChecks'] = [];
  for (const [name, bytes] of photos) {
    const { value, ms } = await timed(() => faceVerdict(bytes));
    faceChecks.push({ photo: name, verdict: value.faces === null ? value.status : `${value.status} (${value.faces})`, ms });
  }
  const input = await upscaleInput();
  const { value: upscaled, ms: upscaleMs } = await timed(() => modelUpscale(input, 4));
  const meta = await sharp(upscaled.png).metadata();
  if (meta.width !== 2048 || meta.height !== 2048) throw new Error(`unexpected upscale ${meta.width}×${meta.height}: ${upscaled.label}`);
  const { peakMemory } = inferenceStats();
  return { upscaleMs, faceChecks, workerHeapBytes: peakMemory.heapBytes, workerExternalBytes: peakMemory.externalBytes };
}

type Prediction = { status: string; progress: number | null };

async function prediction(baseUrl: string, cookie: string, id: string): Promise<Prediction> {
  return ((await (await fetch(`${baseUrl}/api/unigen/${id}`, { headers: { cookie } })).json()) as { data: Prediction }).data;
}

/** Uploads the upscale's input as a browser does (a signed URL from upload.signedUrl, then PUT). */
async function uploadInput(baseUrl: string, cookie: string, bytes: Buffer): Promise<string> {
  const response = await fetch(`${baseUrl}/api/trpc/upload.signedUrl`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ json: { contentType: 'image/png', remoteName: 'bench-512.png', sourceSubfolder: 'uploads/2026-11-26', size: bytes.length } }),
  });
  const signed = ((await response.json()) as { result: { data: { json: { publicUrl: string; signedUrl: string } } } }).result.data.json;
  const put = await fetch(signed.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  return signed.publicUrl;
}

/**
 * The poll (tRPC prediction.get of a finished generation, as most polls are) at a steady rate,
 * idle and while the server's worker upscales 512×512 ×4: POLL_ROUNDS idle windows, then as many
 * upscales, each with a window while its tiles run. Each figure is the p99 of its windows' pooled
 * requests (POLL_ROUNDS × POLL_WINDOW_S × POLL_RATE of each), so one GC pause of the server in one
 * window is counted as the few slow requests it makes, not as the whole figure. The requests come
 * from a process of their own (poll-process.ts).
 */
export async function measurePollDuringUpscale(baseUrl: string, cookie: string, pollId: string): Promise<Pick<ModelsRow, 'pollIdleP99' | 'pollUpscaleP99' | 'pollWindowInside' | 'pollRounds'>> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { id: pollId } } }));
  const pollUrl = `${baseUrl}/api/trpc/prediction.get?batch=1&input=${input}`;
  const poller = await startPollProcess();
  try {
    const pollWindow = async () => {
      const result = await poller.poll({ url: pollUrl, headers: { cookie }, rate: POLL_RATE, seconds: POLL_WINDOW_S, connections: POLL_CONNECTIONS });
      if (result.failed > 0) throw new Error(`the poll failed ${result.failed} of ${result.sent} times`);
      return result;
    };
    await pollWindow();
    const imageUrl = await uploadInput(baseUrl, cookie, await upscaleInput());
    // The idle windows first, back to back: after an upscale the server stores its result and frees
    // its buffers, and an idle window that caught that tail would flatter the ratio.
    const idle: SteadyPollResult[] = [];
    for (let round = 0; round < POLL_ROUNDS; round += 1) idle.push(await pollWindow());
    const during: SteadyPollResult[] = [];
    let allInside = true;
    for (let round = 0; round < POLL_ROUNDS; round += 1) {
      const submitted = await fetch(`${baseUrl}/api/unigen`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ model_id: 'upscaler', image_url: imageUrl, scale: 4 }),
      });
      const id = ((await submitted.json()) as { data: { id: string } }).data.id;
      // The window opens once the worker is at work on the tiles (after the premium queue wait).
      for (const until = Date.now() + 120_000; ; ) {
        const now = await prediction(baseUrl, cookie, id);
        if (now.status === 'processing' && (now.progress ?? 0) > 0) break;
        if (now.status === 'succeeded' || now.status === 'failed' || Date.now() > until) throw new Error(`the upscale did not get under way: ${now.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      during.push(await pollWindow());
      allInside &&= (await prediction(baseUrl, cookie, id)).status === 'processing';
      for (const until = Date.now() + 120_000; (await prediction(baseUrl, cookie, id)).status === 'processing' && Date.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const pooledP99 = (windows: SteadyPollResult[]) => Math.round(10 * percentile(windows.flatMap((w) => w.latencies).sort((a, b) => a - b), 0.99)) / 10;
    return {
      pollIdleP99: pooledP99(idle),
      pollUpscaleP99: pooledP99(during),
      pollWindowInside: allInside,
      pollRounds: idle.map((idleWindow, i) => ({ idleP99: idleWindow.p99, upscaleP99: during[i]!.p99 })),
    };
  } finally {
    poller.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function describeModels(row: ModelsRow): string {
  return [
    'CPU models (ESRGAN-slim, face-api tiny detector; wasm backend, one worker thread):',
    `  upscale 512×512 ×4 → 2048×2048: ${(row.upscaleMs / 1000).toFixed(2)} s (goal ≤ 12 s)`,
    ...row.faceChecks.map((check) => `  face check, ${check.photo}: ${check.ms} ms → ${check.verdict} (goal ≤ 500 ms)`),
    `  worker peak memory: heap ${mb(row.workerHeapBytes)}, outside the heap (WebAssembly, buffers) ${mb(row.workerExternalBytes)}`,
    `  poll p99 at ${POLL_RATE} req/s: idle ${row.pollIdleP99} ms, during the upscale ${row.pollUpscaleP99} ms (${(row.pollUpscaleP99 / Math.max(1, row.pollIdleP99)).toFixed(2)}×, goal < 2×)${row.pollWindowInside ? '' : ' — an upscale ended inside its window'}`,
    ...(row.pollRounds
      ? [`    each window's own p99: idle ${row.pollRounds.map((r) => r.idleP99).join(', ')} ms; during the upscales ${row.pollRounds.map((r) => r.upscaleP99).join(', ')} ms`]
      : []),
  ].join('\n');
}
