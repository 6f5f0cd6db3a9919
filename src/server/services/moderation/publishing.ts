/**
 * Where moderation meets publishing. A creation becomes public at the end of its generation (it was
 * submitted with is_public) or later by its owner's switch; either way, while screening is on, it
 * stays private (isPublic false, its files private) in the `screening` state until its screen
 * answers: public when nothing is found, `held` for review otherwise. So one flag, isPublic, keeps
 * deciding who sees a creation everywhere (share page, reads, files), and a held or taken down
 * creation is private in every one of them.
 */
import type { Db } from '~/server/db/client';
import type { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { announceGenerationChange, publishGenerationUpdate } from '~/server/services/generation/events';
import { screenCreation } from './screen';
import { screeningOn } from './screen-rules';

type Tx = Prisma.TransactionClient;

/**
 * In the transaction that records a public creation's results: nobody else sees them until they are
 * screened (screenInBackground, after the commit). False when screening is off or it is private.
 */
export async function holdForScreening(tx: Tx, generationId: string): Promise<boolean> {
  if (!screeningOn()) return false;
  const held = await tx.generation.updateMany({
    where: { id: generationId, isPublic: true },
    data: { isPublic: false, moderation: 'screening', moderatedAt: new Date() },
  });
  if (held.count === 0) return false;
  await tx.storedObject.updateMany({ where: { generationId }, data: { isPrivate: true } });
  return true;
}

/** Screens in flight in this process (the clean stop and the tests wait for them). */
const inFlight = new Set<Promise<void>>();

/** Screens a creation left in the `screening` state, after its results are recorded; never throws. */
export function screenInBackground(db: Db, generationId: string): void {
  const screen = settleScreening(db, generationId)
    .catch((error: unknown) => console.error(`[screening] ${generationId}:`, error instanceof Error ? error.message : error))
    .finally(() => inFlight.delete(screen));
  inFlight.add(screen);
}

export async function screeningsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Screens a creation in the `screening` state and records the verdict: public, or held for review.
 * The write is conditional on the state, so an owner who turned it private meanwhile keeps it so.
 */
export async function settleScreening(db: Db, generationId: string): Promise<void> {
  const row = await db.generation.findUnique({ where: { id: generationId }, select: { userId: true, status: true, input: true, outputs: true, moderation: true } });
  if (row?.moderation !== 'screening') return;
  const screening = await screenCreation(row);
  const settled = await db.$transaction(async (tx) => {
    const data = screening.held
      ? { moderation: 'held', moderatedAt: new Date(), screening: screening as unknown as Prisma.InputJsonValue }
      : { moderation: null, moderatedAt: null, isPublic: true, screening: screening as unknown as Prisma.InputJsonValue };
    const changed = await tx.generation.updateMany({ where: { id: generationId, moderation: 'screening' }, data });
    if (changed.count === 1 && !screening.held) await tx.storedObject.updateMany({ where: { generationId }, data: { isPrivate: false } });
    return changed.count === 1;
  });
  if (!settled) return;
  await announceGenerationChange({ generationId });
  await publishGenerationUpdate({ userId: row.userId, generationId, status: row.status });
}

/** What the owner's switch writes, beside its own fields. */
export type OwnerPublish = { data: Prisma.GenerationUpdateManyMutationInput; screenNow: boolean };

/**
 * The owner makes a creation public: refused when moderation removed it; at once when screening is
 * off, a moderator approved it, or it is still running (its end screens it); else it is screened now.
 */
export async function ownerPublishes(tx: Tx, ownerId: string, generationId: string): Promise<OwnerPublish> {
  const row = await tx.generation.findFirst({ where: { id: generationId, userId: ownerId, deletedAt: null }, select: { isPublic: true, status: true, moderation: true } });
  if (!row) throw new AppError('not_found', 'Generation not found.');
  if (row.moderation === 'removed') throw new AppError('removed_by_moderation');
  if (row.isPublic || row.moderation === 'screening' || row.moderation === 'held') return { data: {}, screenNow: false };
  if (!screeningOn() || row.moderation === 'approved' || row.status !== 'succeeded') return { data: { isPublic: true }, screenNow: false };
  return { data: { moderation: 'screening', moderatedAt: new Date() }, screenNow: true };
}

/** The owner makes a creation private: one waiting for review leaves the queue (a removed one stays removed). */
export async function ownerUnpublishes(tx: Tx, generationId: string): Promise<void> {
  await tx.generation.updateMany({ where: { id: generationId, moderation: { in: ['screening', 'held'] } }, data: { moderation: null, moderatedAt: null } });
}
