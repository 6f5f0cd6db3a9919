/** Synchronous models (image-to-prompt, captioning, prompt adapter): submit, then answer with the text. */
import type { Db } from '~/server/db/client';
import { assertNotInMaintenance } from '~/server/config/maintenance';
import { AppError } from '~/server/errors';
import { getBalance } from '~/server/services/credits/ledger';
import { runToCompletion } from './engine';
import { toPrediction, type Prediction } from './present';
import { resolveModel, type GenerateRequest } from './request';
import { submitGeneration } from './submit';

export type SyncResult = { id: string; text: string | null; user_credits: number; prediction: Prediction };

/** The synchronous handler's own rule, after the spec's first checks (maintenance, then sign-in). */
export function assertSyncModel(request: GenerateRequest, userId: string | null): void {
  assertNotInMaintenance('generate');
  if (!userId) throw new AppError('unauthorized');
  if (!resolveModel(request).sync) throw new AppError('not_sync_model');
}

export async function runSyncGeneration(db: Db, userId: string | null, request: GenerateRequest): Promise<SyncResult> {
  const submitted = await submitGeneration(db, userId, request);
  await runToCompletion(db, submitted.id);
  const row = await db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
  const prediction = toPrediction(row, userId);
  if (row.status !== 'succeeded') throw new AppError('provider_error', row.error ?? 'The model could not generate a result.');
  return { id: row.id, text: row.outputText, user_credits: await getBalance(db, row.userId), prediction };
}
