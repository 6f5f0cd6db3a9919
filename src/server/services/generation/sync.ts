/**
 * Synchronous models (image-to-prompt, captioning, prompt adapter): admitted, charged and recorded
 * like any generation by submit.ts, then run to completion here, in the same request, and answered
 * with the text. A run that does not succeed has been failed and refunded by the engine; the
 * caller gets the provider's error.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { getBalance } from '~/server/services/credits/ledger';
import { runToCompletion } from './engine';
import { toPrediction, type Prediction } from './present';

export type SyncResult = { id: string; text: string | null; user_credits: number; prediction: Prediction };

/** Runs a charged synchronous generation to its end and answers with its text and the balance after it. */
export async function runToAnswer(db: Db, id: string, userId: string): Promise<SyncResult> {
  await runToCompletion(db, id);
  const row = await db.generation.findUniqueOrThrow({ where: { id } });
  const prediction = toPrediction(row, userId);
  if (row.status !== 'succeeded') throw new AppError('provider_error', row.error ?? 'The model could not generate a result.');
  return { id: row.id, text: row.outputText, user_credits: await getBalance(db, row.userId), prediction };
}
