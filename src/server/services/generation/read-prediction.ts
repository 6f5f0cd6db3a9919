/**
 * The poll: one creation as a prediction, the viewer's own or a public one of someone else.
 * Private ones of others do not exist (not found, exactly as a missing id). prediction.get and the
 * poll's own route (src/server/http/prediction-poll-route.ts) both answer with this.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { toPrediction, type Prediction } from './present';
import { findVisibleGeneration } from './read-cache';

export async function readPrediction(db: Db, viewerId: string | null, id: string): Promise<Prediction> {
  const row = await findVisibleGeneration(db, id, viewerId);
  if (!row) throw new AppError('not_found', 'Generation not found.');
  return toPrediction(row, viewerId);
}
