/**
 * Applying what a provider says about a job (from a poll, a webhook or a synchronous answer):
 * progress moves the status on; success copies the outputs into our storage first (provider URLs
 * expire) and then records them; failure, cancel and a failed copy refund.
 */
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import type { ProviderJob, ProviderProgress } from '~/server/providers';
import { getStorage, keyFromStorageUrl } from '~/server/services/storage';
import { keepRemoteOutput, storeGeneratedFile } from '~/server/services/storage/keep-output';
import { FAILURE_TEXTS, finishFailed, finishSucceeded, markProgress } from './finish';
import { storedOutputText } from './output-text';
import type { StoredOutput } from './present';
import { CANCELED_ERROR, isRunning } from './statuses';

/** What any provider says about a job: URLs to copy, files it made itself, or text. */
export type EngineJob = ProviderJob;

export const PROVIDER_FAILED_TEXT = 'The model could not generate a result.';

export async function applyJob(db: Db, generation: Generation, job: EngineJob): Promise<void> {
  if (!isRunning(generation.status)) return;
  switch (job.status) {
    case 'queued':
    case 'starting':
      return markProgress(db, generation, 'starting', progressOf(job));
    case 'processing':
      return markProgress(db, generation, 'processing', progressOf(job));
    case 'failed':
      await finishFailed(db, generation.id, job.error?.trim() || PROVIDER_FAILED_TEXT);
      return;
    case 'canceled':
      await finishFailed(db, generation.id, job.error?.trim() || CANCELED_ERROR, 'canceled');
      return;
    case 'succeeded':
      await finishWithOutputs(db, generation, job);
  }
}

function progressOf(job: EngineJob): ProviderProgress {
  return { progress: job.progress, remainingSeconds: job.remainingSeconds, queuePosition: job.queuePosition };
}

async function finishWithOutputs(db: Db, generation: Generation, job: EngineJob): Promise<void> {
  let outputs: StoredOutput[];
  try {
    outputs = await persistOutputs(db, generation, job);
  } catch (error) {
    console.error(`[engine] keeping outputs of ${generation.id} failed:`, error instanceof Error ? error.message : error);
    await finishFailed(db, generation.id, FAILURE_TEXTS.copyFailed);
    return;
  }
  const text = storedOutputText(generation, job);
  if (generation.outputType === 'text' ? !text : outputs.length === 0) {
    await finishFailed(db, generation.id, FAILURE_TEXTS.noOutput);
    return;
  }
  const recorded = await finishSucceeded(db, generation.id, { outputs, outputText: text });
  // Another path (a webhook racing a poll) finished it first: our copies are orphans.
  if (!recorded) await discardCopies(db, outputs);
}

async function discardCopies(db: Db, outputs: StoredOutput[]): Promise<void> {
  const storage = getStorage();
  const keys = outputs.flatMap((o) => [o.key, ...(o.thumbnailUrl ? [keyFromStorageUrl(o.thumbnailUrl)].filter((k): k is string => k !== null) : [])]);
  for (const key of keys) {
    await storage.delete(key).catch(() => undefined);
    await db.storedObject.deleteMany({ where: { key } }).catch(() => undefined);
  }
}

async function persistOutputs(db: Db, generation: Generation, job: EngineJob): Promise<StoredOutput[]> {
  // A creation deleted while it ran keeps its late outputs to its owner.
  const current = await db.generation.findUnique({ where: { id: generation.id }, select: { isPublic: true, deletedAt: true } });
  const isPrivate = !(current?.isPublic ?? generation.isPublic) || Boolean(current?.deletedAt);
  const owner = { ownerId: generation.userId, generationId: generation.id, isPrivate, db };
  const kept: StoredOutput[] = [];
  const files = job.files ?? [];
  for (const [index, file] of files.entries()) {
    const stored = await storeGeneratedFile({ ...owner, index, buffer: file.buffer, contentType: file.contentType });
    kept.push({ key: stored.key, url: stored.url, contentType: stored.contentType, thumbnailUrl: stored.thumbnailUrl ?? null });
  }
  // A text tool's answer is text even when it starts with a URL: nothing to download.
  const urls = generation.outputType === 'text' ? [] : (job.outputUrls ?? []);
  for (const [offset, url] of urls.entries()) {
    const stored = await keepRemoteOutput({ ...owner, index: files.length + offset, url });
    kept.push({ key: stored.key, url: stored.url, contentType: stored.contentType, thumbnailUrl: stored.thumbnailUrl ?? null });
  }
  return kept;
}
