/**
 * Submitting a generation: the checks of core-flow §5 in order, then ONE transaction that debits
 * the credits through the ledger and records the generation (idempotent per client key). Only
 * after it commits is the job handed to the dispatcher, no earlier than the user's queue wait.
 */
import { providerRequestFor } from '~/catalogue';
import { assertNotInMaintenance } from '~/server/config/maintenance';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { debitCredits, getBalance } from '~/server/services/credits/ledger';
import { scheduleDispatch } from './engine';
import { toPrediction, type Prediction } from './present';
import { checkInputUploads } from './input-uploads';
import { makeInputsPrivate } from './private-inputs';
import { assertClientPrice, quote } from './pricing';
import { platformFor } from './provider-registry';
import { resolveModel, validatedInput, type GenerateRequest } from './request';
import { toPublicStatus, type PublicStatus } from './statuses';

export type SubmitResult = { id: string; status: PublicStatus; outputNum: number; user_credits: number; prediction: Prediction };

export async function submitGeneration(db: Db, userId: string | null, request: GenerateRequest): Promise<SubmitResult> {
  assertNotInMaintenance('generate');
  if (!userId) throw new AppError('unauthorized');
  const model = resolveModel(request);
  const input = validatedInput(model, request);
  const user = await db.user.findUnique({ where: { id: userId }, select: { premium: true } });
  if (!user) throw new AppError('unauthorized');

  const key = request.idempotency_key;
  if (key) {
    const existing = await db.generation.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } } });
    if (existing) return answer(db, existing, userId);
  }

  await checkInputUploads(db, input);
  const price = quote(model, input, user.premium);
  assertClientPrice(price.cost, request.credit_to_consume);
  const isPublic = user.premium ? input.is_public !== false : true;
  const platform = platformFor(model.api.platform);
  const target = providerRequestFor(model, input).target;
  const now = Date.now();
  const dispatchAt = new Date(now + scaledMs(price.waitSeconds));
  const deadlineAt = new Date(dispatchAt.getTime() + scaledMs(price.timeLimitSeconds));

  let created;
  try {
    created = await db.$transaction(async (tx) => {
      const row = await tx.generation.create({
        data: {
          userId,
          modelId: model.id,
          mode: typeof input.mode === 'string' ? input.mode : null,
          appId: request.appId ?? null,
          pageId: request.pageId ?? null,
          appType: model.appType,
          outputType: model.ui.outputType,
          status: 'queued',
          input: { ...input, is_public: isPublic } as Prisma.InputJsonValue,
          cost: price.cost,
          outputNum: model.ui.outputType === 'image' ? Number(input.num_outputs ?? 1) : 1,
          isPublic,
          idempotencyKey: key ?? null,
          platform,
          providerTarget: target,
          dispatchAt,
          deadlineAt,
          waitSeconds: price.waitSeconds,
          estimatedSeconds: price.estimatedSeconds,
        },
      });
      const balance = await debitCredits(tx, userId, price.cost, { reason: 'generation_debit', generationId: row.id, note: model.name });
      if (!isPublic) await makeInputsPrivate(tx, userId, input);
      return { row, balance };
    });
  } catch (error) {
    // Two submits with the same key raced: the loser answers with the winner's generation.
    if (key && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const existing = await db.generation.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } } });
      if (existing) return answer(db, existing, userId);
    }
    throw error;
  }
  if (!model.sync) scheduleDispatch(db, created.row.id, dispatchAt);
  return answer(db, created.row, userId, created.balance);
}

async function answer(db: Db, row: Parameters<typeof toPrediction>[0], userId: string, balance?: number): Promise<SubmitResult> {
  return {
    id: row.id,
    status: toPublicStatus(row.status),
    outputNum: row.outputNum,
    user_credits: balance ?? (await getBalance(db, userId)),
    prediction: toPrediction(row, userId),
  };
}
