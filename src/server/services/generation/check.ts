/**
 * The server-side check before generating (core-flow §5 step 5, §7 /api/unigen/check): admitted
 * through the same gate as submit (admission.ts), then the price against the balance, without
 * charging. The credit part can be skipped.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { admit, type AdmissionKind } from './admission';
import type { GenerateRequest } from './request';

export type CheckResult = { success: boolean; credits: number; message: string | null; error: string | null };

export async function checkGeneration(
  db: Db,
  userId: string | null,
  request: GenerateRequest,
  options: { skipCreditCheck?: boolean; kind?: AdmissionKind } = {},
): Promise<CheckResult> {
  const { userId: admittedId, cost } = await admit(db, userId, request, options.kind);
  const user = await db.user.findUnique({ where: { id: admittedId }, select: { credits: true } });
  if (!user) throw new AppError('unauthorized');
  if (!options.skipCreditCheck && user.credits < cost) {
    return { success: false, credits: cost, message: `This generation needs ${cost} credits, but you only have ${user.credits}.`, error: 'insufficient_credits' };
  }
  return { success: true, credits: cost, message: null, error: null };
}
