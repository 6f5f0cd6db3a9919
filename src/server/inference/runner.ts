/**
 * The server's one inference worker (per process, kept across Next's hot reloads): ESRGAN-slim
 * upscales, face checks and the screening of public images, in the order task-queue.ts sets. An upscale reports its place in line
 * and then its tiles done, the way a hosted provider reports its queue and progress.
 */
import { createInferenceQueue, type InferenceQueue } from './task-queue';
import { createWorkerHost, InferenceCrashError, isInferenceError, type WorkerHost } from './worker-host';
import type { EsrganScale, FaceDetection, NsfwScores, RgbImage, WorkerMemory } from './protocol';

/** A check waits for at most one tile of a running upscale; this bounds how many may wait at all. */
const MAX_WAITING_CHECKS = 16;
/** Upscales waiting for the worker (each holds only a reference to its job, not its pixels). */
const MAX_WAITING_UPSCALES = 32;

/**
 * Per request, after which the thread is taken for hung and replaced: a tile of at most 1104×1104
 * output pixels (×4; protocol.ts) takes 2–6 s here, a face check or a screening well under 1 s,
 * a first model load under a second.
 */
const TILE_TIME_LIMIT_MS = 60_000;
const CHECK_TIME_LIMIT_MS = 20_000;
const TRANSFER_TIME_LIMIT_MS = 30_000;

export type UpscaleProgress = { queuePosition: number } | { progress: number };

/** How upscales ended: with a result, stopped by their caller (a canceled job) between tiles, or failed. */
type UpscaleOutcomes = { completed: number; stopped: number; failed: number };

type Inference = { host: WorkerHost; queue: InferenceQueue; nextJob: number; upscales: UpscaleOutcomes };
const holder = globalThis as unknown as { studioInference?: Inference };

function inference(): Inference {
  holder.studioInference ??= {
    host: createWorkerHost(),
    queue: createInferenceQueue({ maxWaitingChecks: MAX_WAITING_CHECKS, maxWaitingJobs: MAX_WAITING_UPSCALES }),
    nextJob: 1,
    upscales: { completed: 0, stopped: 0, failed: 0 },
  };
  return holder.studioInference;
}

/**
 * The pixels copied into a plain ArrayBuffer of their own, which the worker can be handed (moved,
 * not copied again). Always a copy: the caller's buffer may be shared with others (Node's pool), and
 * one made by native code (sharp's output) is external memory that Node 22+ refuses to transfer
 * ("Cannot transfer object of unsupported type"). A copy costs microseconds beside the model's work.
 */
function ownBuffer(pixels: Uint8Array): Uint8Array {
  return new Uint8Array(pixels);
}

/**
 * Resolves once the worker thread is up, starting it if needed (TensorFlow.js and its wasm module
 * load in about a second; the start has its own limit and rejects past it).
 */
export function inferenceReady(): Promise<void> {
  return inference().host.ready();
}

/** Counts the faces in an image; `signal` withdraws a check that has not started yet. */
export function countFaces(image: RgbImage, signal?: AbortSignal): Promise<FaceDetection> {
  const { host, queue } = inference();
  return queue.check(() => {
    const pixels = ownBuffer(image.pixels);
    return host.request({ type: 'faces', image: { ...image, pixels } }, { timeoutMs: CHECK_TIME_LIMIT_MS, transfer: [pixels.buffer as ArrayBuffer] });
  }, signal);
}

/** nsfwjs's shares for an image; `signal` withdraws a check that has not started yet. */
export function classifyNsfw(image: RgbImage, signal?: AbortSignal): Promise<NsfwScores> {
  const { host, queue } = inference();
  return queue.check(() => {
    const pixels = ownBuffer(image.pixels);
    return host.request({ type: 'nsfw', image: { ...image, pixels } }, { timeoutMs: CHECK_TIME_LIMIT_MS, transfer: [pixels.buffer as ArrayBuffer] });
  }, signal);
}

/**
 * Runs ESRGAN-slim at `scale` over the whole image, tile by tile. `load` decodes the image when the
 * job's turn comes (a job waiting in line holds no pixels). `onProgress` hears the place in line
 * while other upscales go first, then the fraction of tiles done. `signal` stops it between tiles
 * (a canceled job).
 */
export function esrganUpscale(load: () => Promise<RgbImage>, scale: EsrganScale, options: { onProgress?: (progress: UpscaleProgress) => void; signal?: AbortSignal } = {}): Promise<RgbImage> {
  const state = inference();
  const { host, queue } = state;
  const job = `upscale-${state.nextJob}`;
  state.nextJob += 1;
  const { onProgress, signal } = options;
  return queue.job(async () => {
    signal?.throwIfAborted();
    onProgress?.({ progress: 0 });
    const image = await load();
    const pixels = ownBuffer(image.pixels);
    const { tiles } = await queue.jobStep(() =>
      host.request({ type: 'upscale-begin', job, scale, image: { ...image, pixels } }, { timeoutMs: TRANSFER_TIME_LIMIT_MS, transfer: [pixels.buffer as ArrayBuffer] }),
    );
    const incarnation = host.incarnation();
    // The job's image lives in that thread: if it was replaced (a crash between two tiles), the job is lost with it.
    const onSameThread = () => {
      if (host.incarnation() !== incarnation) throw new InferenceCrashError('The inference worker stopped during this upscale.');
    };
    try {
      for (let index = 0; index < tiles; index += 1) {
        signal?.throwIfAborted();
        await queue.jobStep(() => {
          onSameThread();
          return host.request({ type: 'upscale-tile', job, index }, { timeoutMs: TILE_TIME_LIMIT_MS });
        });
        onProgress?.({ progress: (index + 1) / tiles });
      }
      const result = await queue.jobStep(() => {
        onSameThread();
        return host.request({ type: 'upscale-end', job }, { timeoutMs: TRANSFER_TIME_LIMIT_MS });
      });
      state.upscales.completed += 1;
      return result;
    } catch (error) {
      if (signal?.aborted) state.upscales.stopped += 1;
      else state.upscales.failed += 1;
      // Frees the job's buffers in the thread (when it is still the same one).
      if (host.incarnation() === incarnation) await queue.jobStep(() => host.request({ type: 'upscale-drop', job }, { timeoutMs: TRANSFER_TIME_LIMIT_MS })).catch(() => undefined);
      throw error;
    }
  }, (position) => onProgress?.({ queuePosition: position }));
}

export type InferenceStats = {
  threadsStarted: number;
  upscales: UpscaleOutcomes;
  peakMemory: WorkerMemory;
  checksWaiting: number;
  jobsWaiting: number;
  jobRunning: boolean;
};

export function inferenceStats(): InferenceStats {
  const { host, queue, upscales } = inference();
  const { checksWaiting, jobsWaiting, jobRunning } = queue.stats();
  return { threadsStarted: host.threadsStarted(), upscales: { ...upscales }, peakMemory: host.peakMemory(), checksWaiting, jobsWaiting, jobRunning };
}

/** Tests only: the worker thread exits between two steps, as a crash would; the next request gets a fresh one. */
export async function crashInferenceWorkerForTests(): Promise<void> {
  const { host, queue } = inference();
  await queue.check(() => host.request({ type: 'crash' }, { timeoutMs: CHECK_TIME_LIMIT_MS })).catch((error: unknown) => {
    if (!isInferenceError(error, 'InferenceCrashError')) throw error;
  });
}

/** Stops the thread (a clean shutdown); a later request starts a new one. */
export async function stopInference(): Promise<void> {
  await holder.studioInference?.host.stop();
}
