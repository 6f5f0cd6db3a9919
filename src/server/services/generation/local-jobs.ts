/**
 * The local engine's jobs are generation rows; this is the one place the engine's questions about
 * them are answered from the table (the engine, in src/server/providers, never reads it). Each
 * job's input images are read with its owner's rights, by storage's rules.
 */
import type { Db } from '~/server/db/client';
import type { LocalJobs } from '~/server/providers';
import { inputImageReader } from '~/server/services/storage/input-images';

export function localJobsIn(db: Db): LocalJobs {
  return {
    async read(jobId) {
      const row = await db.generation.findUnique({
        where: { id: jobId },
        select: { status: true, modelId: true, input: true, outputNum: true, dispatchedAt: true, createdAt: true, estimatedSeconds: true, userId: true },
      });
      if (!row) return null;
      return {
        canceled: row.status === 'canceled',
        modelId: row.modelId,
        input: row.input as Record<string, unknown>,
        outputNum: row.outputNum,
        startedAt: row.dispatchedAt ?? row.createdAt,
        estimatedSeconds: row.estimatedSeconds,
        readInputImages: inputImageReader(db, row.userId),
      };
    },
    async extendDeadline(jobId, until) {
      await db.generation.updateMany({ where: { id: jobId, deadlineAt: { lt: until } }, data: { deadlineAt: until } });
    },
  };
}
