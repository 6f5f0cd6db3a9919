/**
 * The local engine: the embedded default when no provider key is configured. It runs the same
 * lifecycle as a hosted provider (queued → processing → succeeded/failed) over the model's
 * estimated duration, shortened, and produces real files. A job is the generation row itself
 * (job id = generation id), so an app restart mid-job loses nothing; the work runs in a bounded
 * pool (job-pool.ts), so a poll never waits for it and a heavy job never stalls the others.
 * Operations that run a real model (the upscaler) skip the stand-in schedule: they go to the
 * inference worker's line at once and report their place in it and their progress, as a hosted
 * provider does.
 */
import { availableParallelism } from 'node:os';
import { getModel, timeLimitFor } from '~/catalogue';
import { scaledMs, timeScale } from '~/server/config/time-scale';
import type { UpscaleProgress } from '~/server/inference';
import type { GenerationProvider, InputImageReader, ProviderJob, ProviderProgress, ProviderSubmit } from '../types';
import { createJobPool, type JobPool } from './job-pool';
import { localOperationFor, MODEL_OPERATIONS, runLocalOperation, type LocalResult } from './operations';

/** Local previews take a tenth of the model's estimated time (then the dev/test time scale). */
export const LOCAL_ENGINE_SPEEDUP = 0.1;

/** Local jobs that work at the same time; the rest wait for a slot (each job's own work is bounded too). */
export const LOCAL_ENGINE_CONCURRENCY = Math.max(2, Math.min(4, availableParallelism()));

/**
 * Model jobs handed to the inference worker at once. They wait there (in its bounded line, holding
 * no pixels) rather than in this engine's slots, so upscales never hold up the previews, and each
 * one knows its place in the worker's line.
 */
const MODEL_JOBS_IN_LINE = 24;

/** Progress of a local run from its schedule: the fraction of its time spent and the seconds left. */
export function localProgress(startedAt: number, dueAt: number, now: number): Pick<ProviderJob, 'progress' | 'remainingSeconds'> {
  const span = Math.max(1, dueAt - startedAt);
  const progress = Math.min(1, Math.max(0, (now - startedAt) / span));
  return { progress, remainingSeconds: Math.max(0, dueAt - now) / 1000 };
}

/**
 * A local job as the engine needs it. The job is the generation row, but the engine never reads
 * or writes the table itself: the generation service hands it these facts (LocalJobs).
 */
export type LocalJob = {
  canceled: boolean;
  modelId: string;
  input: Record<string, unknown>;
  outputNum: number;
  /** When its run began (dispatched, or made): the stand-in's schedule counts from here. */
  startedAt: Date;
  estimatedSeconds: number;
  /** Reads the job's input images with its owner's rights (storage's rules). */
  readInputImages: InputImageReader;
};

/** What the engine asks of whoever keeps its jobs (services/generation/local-jobs.ts). */
export type LocalJobs = {
  /** The job, or null for an id nobody submitted. */
  read(jobId: string): Promise<LocalJob | null>;
  /** Moves the job's deadline out to `until` when it is earlier (never in). */
  extendDeadline(jobId: string, until: Date): Promise<void>;
};

export type LocalProvider = GenerationProvider & {
  /** How busy the engine's pool is (jobs working, waiting, and the most that ever worked at once), and its model jobs. */
  stats(): ReturnType<JobPool<LocalResult>['stats']> & { modelJobs: number };
};

/**
 * A development/test TIME_SCALE shortens the stand-ins' schedules and every time limit with them,
 * but a real model's work does not shrink: a model job's limit is counted in real seconds from
 * when it is handed to the model (with TIME_SCALE 1, as in production, nothing changes).
 */
async function limitInRealSeconds(jobs: LocalJobs, jobId: string, limitSeconds: number): Promise<void> {
  if (timeScale() >= 1) return;
  await jobs.extendDeadline(jobId, new Date(Date.now() + limitSeconds * 1000));
}

/** A model job's report in a provider's terms: its place in the worker's line, then the fraction done. */
function reportOf(progress: UpscaleProgress | undefined): ProviderProgress {
  if (!progress) return {};
  return 'queuePosition' in progress ? { queuePosition: progress.queuePosition } : { progress: progress.progress };
}

export type LocalProviderOptions = {
  concurrency?: number;
  /** Told each time a job's work begins in this engine (the server logs it, as a provider's dashboard would show a run). */
  onRunStart?: (jobId: string, modelId: string) => void;
};

/** `jobs`: where the engine's jobs (the generation rows) are read, and their deadlines moved. */
export function createLocalProvider(jobs: LocalJobs, options: LocalProviderOptions = {}): LocalProvider {
  const { concurrency = LOCAL_ENGINE_CONCURRENCY, onRunStart } = options;
  const pool = createJobPool<LocalResult>(concurrency);
  const modelPool = createJobPool<LocalResult>(MODEL_JOBS_IN_LINE);
  const modelRuns = new Map<string, { progress?: UpscaleProgress; abort: AbortController }>();
  const forget = (jobId: string) => {
    pool.forget(jobId);
    modelPool.forget(jobId);
    modelRuns.get(jobId)?.abort.abort();
    modelRuns.delete(jobId);
  };
  return {
    platform: 'local',
    async submit(request: ProviderSubmit): Promise<ProviderJob> {
      if (!request.reference) throw new Error('The local engine needs the generation id.');
      return { jobId: request.reference, status: 'processing' };
    },
    async get(jobId: string): Promise<ProviderJob> {
      const row = await jobs.read(jobId);
      if (!row) return { jobId, status: 'failed', error: 'Unknown local job.' };
      if (row.canceled) {
        forget(jobId);
        return { jobId, status: 'canceled' };
      }
      const model = getModel(row.modelId);
      if (!model) return { jobId, status: 'failed', error: 'This model is no longer available.' };
      const { input, readInputImages: reader } = row;
      let outcome;
      if (MODEL_OPERATIONS.has(localOperationFor(model))) {
        outcome = modelPool.poll(jobId, async () => {
          onRunStart?.(jobId, model.id);
          const run = { abort: new AbortController() } as { progress?: UpscaleProgress; abort: AbortController };
          modelRuns.set(jobId, run);
          const context = { signal: run.abort.signal, onProgress: (progress: UpscaleProgress) => (run.progress = progress) };
          try {
            await limitInRealSeconds(jobs, jobId, timeLimitFor(model));
            return await runLocalOperation(model, input, row.outputNum, reader, context);
          } finally {
            modelRuns.delete(jobId);
          }
        });
        if (outcome.state === 'running') return { jobId, status: 'processing', ...reportOf(modelRuns.get(jobId)?.progress) };
      } else {
        const startedAt = row.startedAt.getTime();
        const dueAt = startedAt + scaledMs(row.estimatedSeconds * LOCAL_ENGINE_SPEEDUP);
        const now = Date.now();
        // Reported like a hosted model's log: how much of its run is done and how long is left.
        if (now < dueAt) return { jobId, status: 'processing', ...localProgress(startedAt, dueAt, now) };
        outcome = pool.poll(jobId, () => {
          onRunStart?.(jobId, model.id);
          return runLocalOperation(model, input, row.outputNum, reader);
        });
        if (outcome.state === 'running') return { jobId, status: 'processing' };
      }
      if (outcome.state === 'failed') {
        const error = outcome.error;
        return { jobId, status: 'failed', error: error instanceof Error ? error.message : 'The local engine failed.' };
      }
      return { jobId, status: 'succeeded', files: outcome.value.files, outputText: outcome.value.text ?? undefined };
    },
    async cancel(jobId: string): Promise<void> {
      // The generation's own status is the job's status; a model job stops at its next tile, other
      // work already running ends on its own.
      forget(jobId);
    },
    stats: () => ({ ...pool.stats(), modelJobs: modelPool.stats().active }),
  };
}
