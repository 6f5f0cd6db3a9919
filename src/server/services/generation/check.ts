/**
 * The server-side check before generating (core-flow §5 step 5, §7 /api/unigen/check): the same
 * checks as submit in the same order, without charging. The credit part can be skipped.
 */
import { assertNotInMaintenance } from '~/server/config/maintenance';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { quote } from './pricing';
import { assertUsableInputs } from './private-inputs';
import { resolveModel, validatedInput, type GenerateRequest } from './request';

export type CheckResult = { success: boolean; credits: number; message: string | null; error: string | null };

export async function checkGeneration(db: Db, userId: string | null, request: GenerateRequest, options: { skipCreditCheck?: boolean } = {}): Promise<CheckResult> {
  assertNotInMaintenance('generate');
  if (!userId) throw new AppError('unauthorized');
  const model = resolveModel(request);
  const input = validatedInput(model, request);
  const user = await db.user.findUnique({ where: { id: userId }, select: { credits: true, premium: true } });
  if (!user) throw new AppError('unauthorized');
  await assertUsableInputs(db, userId, input);
  const { cost } = quote(model, input, user.premium);
  if (!options.skipCreditCheck && user.credits < cost) {
    return { success: false, credits: cost, message: `This generation needs ${cost} credits, but you only have ${user.credits}.`, error: 'insufficient_credits' };
  }
  return { success: true, credits: cost, message: null, error: null };
}
