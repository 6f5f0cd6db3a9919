/**
 * The local engine: the embedded default when no provider key is configured. It runs the same
 * lifecycle as a hosted provider (queued → processing → succeeded/failed) over the model's
 * estimated duration, shortened, and produces real files. A job is the generation row itself
 * (job id = generation id), so an app restart mid-job loses nothing; the work runs in a bounded
 * pool (job-pool.ts), so a poll never waits for it and a heavy job never stalls the others.
 */
import { availableParallelism } from 'node:os';
import { getModel } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { scaledMs } from '~/server/config/time-scale';
import type { GenerationProvider, InputImageReader, ProviderJob, ProviderSubmit } from '../types';
import { createJobPool, type JobPool } from './job-pool';
import { runLocalOperation, type LocalResult } from './operations';

/** Local previews take a tenth of the model's estimated time (then the dev/test time scale). */
export const LOCAL_ENGINE_SPEEDUP = 0.1;

/** Local jobs that work at the same time; the rest wait for a slot (each job's own work is bounded too). */
export const LOCAL_ENGINE_CONCURRENCY = Math.max(2, Math.min(4, availableParallelism()));

/** Progress of a local run from its schedule: the fraction of its time spent and the seconds left. */
export function localProgress(startedAt: number, dueAt: number, now: number): Pick<ProviderJob, 'progress' | 'remainingSeconds'> {
  const span = Math.max(1, dueAt - startedAt);
  const progress = Math.min(1, Math.max(0, (now - startedAt) / span));
  return { progress, remainingSeconds: Math.max(0, dueAt - now) / 1000 };
}

export type LocalProvider = GenerationProvider & {
  /** How busy the engine's pool is (jobs working, waiting, and the most that ever worked at once). */
  stats(): ReturnType<JobPool<LocalResult>['stats']>;
};

/**
 * `getDb`: the database whose generation rows are the jobs. `readInputImages`: how an owner's input
 * images are read (storage's rules, handed in by the registry).
 */
export function createLocalProvider(
  getDb: () => Promise<Db>,
  readInputImages: (db: Db, ownerId: string) => InputImageReader,
  concurrency = LOCAL_ENGINE_CONCURRENCY,
): LocalProvider {
  const pool = createJobPool<LocalResult>(concurrency);
  return {
    platform: 'local',
    async submit(request: ProviderSubmit): Promise<ProviderJob> {
      if (!request.reference) throw new Error('The local engine needs the generation id.');
      return { jobId: request.reference, status: 'processing' };
    },
    async get(jobId: string): Promise<ProviderJob> {
      const db = await getDb();
      const row = await db.generation.findUnique({ where: { id: jobId } });
      if (!row) return { jobId, status: 'failed', error: 'Unknown local job.' };
      if (row.status === 'canceled') {
        pool.forget(jobId);
        return { jobId, status: 'canceled' };
      }
      const startedAt = (row.dispatchedAt ?? row.createdAt).getTime();
      const dueAt = startedAt + scaledMs(row.estimatedSeconds * LOCAL_ENGINE_SPEEDUP);
      const now = Date.now();
      // Reported like a hosted model's log: how much of its run is done and how long is left.
      if (now < dueAt) return { jobId, status: 'processing', ...localProgress(startedAt, dueAt, now) };
      const model = getModel(row.modelId);
      if (!model) return { jobId, status: 'failed', error: 'This model is no longer available.' };
      const outcome = pool.poll(jobId, () => runLocalOperation(model, row.input as Record<string, unknown>, row.outputNum, readInputImages(db, row.userId)));
      if (outcome.state === 'running') return { jobId, status: 'processing' };
      if (outcome.state === 'failed') {
        const error = outcome.error;
        return { jobId, status: 'failed', error: error instanceof Error ? error.message : 'The local engine failed.' };
      }
      return { jobId, status: 'succeeded', files: outcome.value.files, outputText: outcome.value.text ?? undefined };
    },
    async cancel(jobId: string): Promise<void> {
      // The generation's own status is the job's status; work already running ends on its own.
      pool.forget(jobId);
    },
    stats: () => pool.stats(),
  };
}
