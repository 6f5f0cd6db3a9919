/**
 * Progress of running jobs on the public prediction (progress, etaSeconds, queuePosition): read
 * from Replicate's logs and fal's queue through the real SDKs against the loopback fakes, made by
 * the local engine as it works, the same over tRPC and GET /api/unigen/{id}, and pushed by the
 * update bus to prediction.onUpdate.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scaledMs } from '~/server/config/time-scale';
import { LOCAL_ENGINE_SPEEDUP } from '~/server/providers/local/provider';
import { runEngineOnce } from '~/server/services/generation/engine';
import { startFakeFal, type FakeFal } from '@test/helpers/fake-fal';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { pollUntil } from '@test/helpers/poll';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

/** 10 s premium wait → 0.5 s; Replicate/fal polled every 0.25 s; a local 180 s video runs 0.9 s. */
const TIME_SCALE = 0.05;

let replicate: FakeReplicate;
let fal: FakeFal;
/** The studio of the describe block running now (hosted providers, or the embedded defaults). */
let studio: Studio;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  fal = await startFakeFal();
});

afterAll(async () => {
  await replicate?.close();
  await fal?.close();
});

/** A studio for the enclosing describe block; `env` is read when it starts (the fakes are up by then). */
function useStudio(env: () => Record<string, string>): void {
  beforeAll(async () => {
    studio = await startStudio({ env: { TIME_SCALE: String(TIME_SCALE), ...env() } });
  });
  afterAll(async () => {
    await studio?.stop();
  });
}

function hostedProviders(): Record<string, string> {
  return {
    REPLICATE_API_TOKEN: replicate.token,
    REPLICATE_BASE_URL: replicate.baseUrl,
    FAL_KEY: fal.key,
    FAL_BASE_URL: fal.baseUrl,
    FAL_JWKS_URL: fal.jwksUrl,
  };
}

type Prediction = Awaited<ReturnType<ReturnType<Studio['caller']>['prediction']['get']>>;

/** Drives the engine until `done` holds for the caller's view of the generation. */
async function driveUntil(user: StudioUser, id: string, done: (p: Prediction) => boolean, seen: Prediction[] = []): Promise<Prediction[]> {
  const roundThenRead = async () => {
    await runEngineOnce(studio.db);
    const prediction = await studio.caller(user).prediction.get({ id });
    seen.push(prediction);
    return prediction;
  };
  await pollUntil(roundThenRead, done, `generation ${id} as prediction.get reads it`);
  return seen;
}

async function rest(user: StudioUser, id: string) {
  const response = await fetch(`${studio.server.url}/api/unigen/${id}`, { headers: { cookie: await studio.cookieFor(user) } });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: Record<string, unknown> } };
}

const FLUX_DEV_RUN = [
  'Using seed: 7',
  'Running prediction',
  '  0%|          | 0/28 [00:00<?, ?it/s]',
  ' 25%|██▌       | 7/28 [00:01<00:03,  6.10it/s]',
  ' 50%|█████     | 14/28 [00:02<00:02,  6.12it/s]',
];

describe('hosted providers', () => {
  useStudio(hostedProviders);
  beforeEach(() => {
    replicate.reset();
    fal.reset();
  });

describe('Replicate: progress from the prediction’s logs', () => {
  it('shows the newest tqdm line’s fraction and time left, over tRPC and REST alike, pushed to the owner', async () => {
    const user = await studio.createUser({ credits: 50, premium: true });
    replicate.script('black-forest-labs/flux-dev', { never: true, runLogs: FLUX_DEV_RUN });
    const controller = new AbortController();
    const pushed: Prediction[] = [];
    const stream = await studio.caller(user, { signal: controller.signal }).prediction.onUpdate();
    const listening = (async () => {
      for await (const prediction of stream) pushed.push(prediction);
    })().catch(() => undefined);

    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'a fox' });
    expect(submitted.prediction).toMatchObject({ status: 'pending', progress: null, queuePosition: null });
    // Queued for the premium wait: the wait left plus the model's estimated duration.
    expect(submitted.prediction.etaSeconds).toBeGreaterThan(submitted.prediction.queue.estimatedSeconds);
    expect(submitted.prediction.etaSeconds).toBeLessThanOrEqual(submitted.prediction.queue.estimatedSeconds + 10);

    const seen = await driveUntil(user, submitted.id, (p) => p.progress === 0.5);
    const running = seen.at(-1)!;
    expect(running).toMatchObject({ status: 'processing', progress: 0.5, queuePosition: null });
    // "<00:02": two wall seconds left when printed, in catalogue seconds under the time scale.
    expect(running.etaSeconds).toBeGreaterThan(0);
    expect(running.etaSeconds).toBeLessThanOrEqual(2 / TIME_SCALE);
    const progressSeen = seen.map((p) => p.progress).filter((v): v is number => v !== null);
    expect(progressSeen).toEqual([...progressSeen].sort((a, b) => a - b));
    expect(new Set(progressSeen)).toEqual(new Set([0, 0.25, 0.5].filter((v) => progressSeen.includes(v))));

    const legacy = await rest(user, submitted.id);
    expect(legacy.status).toBe(200);
    expect(legacy.body.success).toBe(true);
    expect(legacy.body.data).toMatchObject({ id: submitted.id, status: 'processing', progress: 0.5, queuePosition: null });
    expect(legacy.body.data.etaSeconds).toEqual(expect.any(Number));

    // The update bus pushed the progress as it came.
    await expect.poll(() => pushed.some((p) => p.id === submitted.id && p.progress === 0.5)).toBe(true);

    const job = (await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } })).providerJobId!;
    replicate.complete(job);
    const [done] = (await driveUntil(user, submitted.id, (p) => p.status === 'succeeded')).slice(-1);
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, etaSeconds: null, queuePosition: null });
    controller.abort();
    await listening;
  });

  it('a model that prints no progress: progress null, the time left from the estimated duration', async () => {
    const user = await studio.createUser({ credits: 50, premium: true });
    replicate.script('black-forest-labs/flux-dev', { never: true, runLogs: ['Using seed: 9', 'Running prediction'] });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'quiet' });
    // Until the model has printed both of its lines (two polls while processing).
    const printedAll = () => [...replicate.predictions.values()].some((p) => p.logs.includes('Running prediction'));
    await driveUntil(user, submitted.id, (p) => p.status === 'processing' && printedAll());
    const { dispatchedAt } = await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
    const before = Date.now();
    const last = await studio.caller(user).prediction.get({ id: submitted.id });
    const after = Date.now();
    expect(last.progress).toBeNull();
    expect(last.queuePosition).toBeNull();
    // The estimated duration less the time since dispatch (read between before and after), in
    // catalogue seconds: 30 s of flux-dev are 1.5 s here, so a busy machine may have used them up.
    const left = (at: number) => Math.ceil(Math.max(0, last.queue.estimatedSeconds - (at - dispatchedAt!.getTime()) / 1000 / TIME_SCALE));
    expect(last.etaSeconds).toBeGreaterThanOrEqual(left(after));
    expect(last.etaSeconds).toBeLessThanOrEqual(left(before));
    replicate.complete((await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } })).providerJobId!);
    await driveUntil(user, submitted.id, (p) => p.status === 'succeeded');
  });
});

describe('fal: the queue position, then progress from the logs', () => {
  it('counts the place in fal’s queue down to 1, then reports progress from the logs', async () => {
    const user = await studio.createUser({ credits: 50, premium: true });
    fal.script('fal-ai/flux-lora', { never: true, queuePolls: 3, runLogs: ['Loading LoRA weights', ' 30%|███       | 9/30 [00:01<00:02, 8.50it/s]', ' 60%|██████    | 18/30 [00:02<00:01, 8.61it/s]'] });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-lora', lora: 'flux-realism', prompt: 'a portrait' });
    const seen = await driveUntil(user, submitted.id, (p) => p.progress === 0.6);
    const queued = seen.filter((p) => p.queuePosition !== null);
    const places = queued.map((p) => p.queuePosition!);
    // fal said 3 ahead at submit (place 4), then 2, 1, 0 ahead (places 3, 2, 1).
    expect(places[0]).toBeLessThanOrEqual(4);
    expect(places).toEqual([...places].sort((a, b) => b - a));
    expect(places).toContain(1);
    expect(new Set(places).size).toBeGreaterThanOrEqual(2);
    // While waiting in fal's queue nobody can say how long it will take.
    for (const p of queued) expect(p).toMatchObject({ status: 'processing', etaSeconds: null, progress: null });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: 'processing', queuePosition: null, progress: 0.6 });
    expect(last.etaSeconds).toBeGreaterThan(0);
    expect(last.etaSeconds).toBeLessThanOrEqual(1 / TIME_SCALE);
    // The status was asked for with its logs.
    expect(fal.requests.some((r) => r.path.endsWith('/status') && r.query.logs === '1')).toBe(true);
  });
});

});

describe('the local engine (embedded defaults)', () => {
  useStudio(() => ({}));

  /**
   * A local video's run on a clock the test moves (Date only: timers, I/O and the database stay
   * real): a quarter, a half and three quarters of its run, then on to its end while the clip
   * renders. On the wall clock the run lasts 0.9 s, and a busy machine's engine rounds were slow
   * enough to read its progress only twice in that time.
   */
  async function videoOnSteppedClock(user: StudioUser, prompt: string): Promise<Prediction[]> {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const submitted = await studio.caller(user).generation.submit({ model_id: 'kling-1.6-text-to-video', prompt, duration: 5 });
      const read = () => studio.caller(user).prediction.get({ id: submitted.id });
      // Past the premium queue wait: the dispatch timer or the next round sends it.
      vi.setSystemTime(submitted.prediction.queue.dispatchAt.getTime() + 1);
      const readOrRound = async () => {
        const row = await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
        if (!row.dispatchedAt) await runEngineOnce(studio.db);
        return row;
      };
      const row = await pollUntil(readOrRound, (read) => read.dispatchedAt !== null, 'the video dispatched');
      const started = row.dispatchedAt!.getTime();
      const run = scaledMs(row.estimatedSeconds * LOCAL_ENGINE_SPEEDUP);
      const seen: Prediction[] = [];
      // Each step is longer than the local poll interval (50 ms here), so each round polls the job.
      for (const done of [0.25, 0.5, 0.75]) {
        vi.setSystemTime(started + done * run);
        await runEngineOnce(studio.db);
        seen.push(await read());
      }
      // On to its end, 60 ms of the clock a round, while the clip renders.
      let at = started + run;
      const stepThenRead = async () => {
        vi.setSystemTime(at);
        at += 60;
        await runEngineOnce(studio.db);
        const prediction = await read();
        seen.push(prediction);
        return prediction;
      };
      if (seen.at(-1)!.status === 'processing') await pollUntil(stepThenRead, (prediction) => prediction.status !== 'processing', 'the clip to be ready', { timeoutMs: 40_000 });
      return seen;
    } finally {
      vi.useRealTimers();
    }
  }

  it('a running video’s progress rises and its time left falls until the clip is ready', async () => {
    const user = await studio.createUser({ credits: 200, premium: true });
    const seen = await videoOnSteppedClock(user, 'waves at sunset');
    const running = seen.filter((p) => p.status === 'processing' && p.progress !== null);
    const values = running.map((p) => p.progress!);
    expect([...new Set(values)]).toEqual([0.25, 0.5, 0.75]);
    const etas = running.map((p) => p.etaSeconds!);
    expect(etas).toEqual([...etas].sort((a, b) => b - a));
    expect(new Set(etas.slice(0, 3)).size).toBe(3);
    // 180 s estimated; the local engine runs a tenth of it: at most 18 s left once it started.
    expect(Math.max(...etas)).toBeLessThanOrEqual(18);
    expect(seen.at(-1)).toMatchObject({ status: 'succeeded', progress: 1, etaSeconds: null });
  });

  it('pushes each step of progress to the owner’s subscription', async () => {
    const user = await studio.createUser({ credits: 200, premium: true });
    const controller = new AbortController();
    const pushed: Prediction[] = [];
    const stream = await studio.caller(user, { signal: controller.signal }).prediction.onUpdate();
    const listening = (async () => {
      for await (const prediction of stream) {
        pushed.push(prediction);
        if (prediction.status === 'succeeded') break;
      }
    })();
    await videoOnSteppedClock(user, 'a lighthouse');
    await listening;
    controller.abort();
    const steps = pushed.filter((p) => p.status === 'processing').map((p) => p.progress ?? 0);
    expect(steps.filter((step) => step > 0)).toEqual([0.25, 0.5, 0.75]);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(pushed.at(-1)).toMatchObject({ status: 'succeeded', progress: 1 });
  });
});
