/**
 * Synchronous models (image-to-prompt, captioning, prompt adapter): admitted, charged and recorded
 * like any generation, then run to completion here and answered with the text.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { getBalance } from '~/server/services/credits/ledger';
import { admit, type Admitted } from './admission';
import { runToCompletion } from './engine';
import { toPrediction, type Prediction } from './present';
import type { GenerateRequest } from './request';
import { submitAdmitted } from './submit';

export type SyncResult = { id: string; text: string | null; user_credits: number; prediction: Prediction };

/** The synchronous handler: refuses an asynchronous model (after maintenance and sign-in, in the spec's order). */
export async function runSyncGeneration(db: Db, userId: string | null, request: GenerateRequest): Promise<SyncResult> {
  return completeAdmitted(db, await admit(db, userId, request, 'sync'), request);
}

/** Charges, runs and answers an admitted synchronous request. */
export async function completeAdmitted(db: Db, admitted: Admitted, request: GenerateRequest): Promise<SyncResult> {
  const submitted = await submitAdmitted(db, admitted, request);
  await runToCompletion(db, submitted.id);
  const row = await db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
  const prediction = toPrediction(row, admitted.userId);
  if (row.status !== 'succeeded') throw new AppError('provider_error', row.error ?? 'The model could not generate a result.');
  return { id: row.id, text: row.outputText, user_credits: await getBalance(db, row.userId), prediction };
}
