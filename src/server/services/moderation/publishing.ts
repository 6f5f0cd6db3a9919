/**
 * Where moderation meets publishing. A creation becomes public at the end of its generation (it was
 * submitted with is_public) or later by its owner's switch; either way, while screening is on, it
 * stays private (isPublic false, its files private) in the `screening` state until its screen
 * answers: public when nothing is found, `held` for review otherwise. So one flag, isPublic, keeps
 * deciding who sees a creation everywhere (share page, reads, files), and a held or taken down
 * creation is private in every one of them.
 *
 * A screen that got no answer because the studio was busy or its worker was starting or had
 * crashed ('timeout', 'unavailable') is not a finding: the creation stays `screening` (private) and
 * is screened again by the sweep (screen-sweep.ts), up to SCREEN_ATTEMPTS screens, and only then
 * held for review with that reason. An output the screen cannot read ('unreadable') is held at once.
 *
 * A screen works under the engine's claim on the row (generation/claims.ts: `claimedUntil`, renewed
 * while it works), taken in the transaction that puts the creation in `screening`, so no other
 * instance's sweep screens it meanwhile; the claim of a process that stopped lapses and the sweep
 * takes the creation over.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { claimExpiry, keepClaim } from '~/server/services/generation/claims';
import { announceGenerationChange, publishGenerationUpdate } from '~/server/services/generation/events';
import { screenCreation, type RecordedScreening, type Unanswered } from './screen';
import { screeningOn } from './screen-rules';

type Tx = Prisma.TransactionClient;

/** Screens a creation may get before one that still has no answer is held for review. */
export const SCREEN_ATTEMPTS = 5;

/** How long after an unanswered screen the sweep screens the creation again: a busy spell passes. */
export const SCREEN_AGAIN_AFTER_MS = 10_000;

/** No answer for a passing reason: the studio was busy, or its worker was starting or had crashed. */
const PASSING: ReadonlySet<Unanswered> = new Set(['timeout', 'unavailable']);

/** What entering `screening` writes: private until screened, this instance's claim on its screen, no earlier findings. */
function enterScreening(now: Date): { moderation: 'screening'; moderatedAt: Date; claimedUntil: Date; screening: typeof Prisma.DbNull } {
  return { moderation: 'screening', moderatedAt: now, claimedUntil: claimExpiry(now.getTime()), screening: Prisma.DbNull };
}

/**
 * In the transaction that records a public creation's results: nobody else sees them until they are
 * screened (screenInBackground, after the commit, under the claim answered here). Null when
 * screening is off or it is private.
 */
export async function holdForScreening(tx: Tx, generationId: string): Promise<Date | null> {
  if (!screeningOn()) return null;
  const entered = enterScreening(new Date());
  const held = await tx.generation.updateMany({ where: { id: generationId, isPublic: true }, data: { isPublic: false, ...entered } });
  if (held.count === 0) return null;
  await tx.storedObject.updateMany({ where: { generationId }, data: { isPrivate: true } });
  return entered.claimedUntil;
}

/** Screens in flight in this process (the clean stop and the tests wait for them). */
const inFlight = new Set<Promise<void>>();

/** Screens a creation left in the `screening` state under `claim`, after its results are recorded; never throws. */
export function screenInBackground(db: Db, generationId: string, claim: Date): void {
  const screen = settleScreening(db, generationId, claim)
    .catch((error: unknown) => console.error(`[screening] ${generationId}:`, error instanceof Error ? error.message : error))
    .finally(() => inFlight.delete(screen));
  inFlight.add(screen);
}

export async function screeningsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** The screens a creation had before this one: a `screening` row's findings are only ever its unanswered screens. */
function screensBefore(screening: Prisma.JsonValue | null): number {
  const attempts = (screening as Partial<RecordedScreening> | null)?.attempts;
  return typeof attempts === 'number' ? attempts : 0;
}

type Outcome = 'public' | 'held' | 'again';

function outcomeOf(screening: RecordedScreening): Outcome {
  // A listed word in the prompt holds it whatever the images would say.
  const passing = screening.unanswered !== null && PASSING.has(screening.unanswered) && screening.promptWords.length === 0;
  if (passing && screening.attempts < SCREEN_ATTEMPTS) return 'again';
  return screening.held ? 'held' : 'public';
}

function verdictData(outcome: Outcome, screening: RecordedScreening, now: Date): Prisma.GenerationUpdateManyMutationInput {
  const recorded = screening as unknown as Prisma.InputJsonValue;
  switch (outcome) {
    case 'public':
      return { moderation: null, moderatedAt: null, isPublic: true, screening: recorded, claimedUntil: null };
    case 'held':
      return { moderation: 'held', moderatedAt: now, screening: recorded, claimedUntil: null };
    case 'again':
      // Still `screening` and private; moderatedAt is when the sweep counts SCREEN_AGAIN_AFTER_MS from.
      return { moderatedAt: now, screening: recorded, claimedUntil: null };
  }
}

/**
 * Screens a creation in the `screening` state under this instance's claim (`claimed`, renewed while
 * the screen waits and works) and records the verdict: public, held for review, or screened again
 * later. The write is conditional on the state and on the claim still being ours, so an owner who
 * turned it private meanwhile keeps it so, and an instance that took a lapsed claim over decides.
 */
export async function settleScreening(db: Db, generationId: string, claimed: Date): Promise<void> {
  const claim = keepClaim(db, generationId, claimed);
  let held: Date | null = claimed;
  try {
    const row = await db.generation.findUnique({ where: { id: generationId }, select: { userId: true, status: true, input: true, outputs: true, moderation: true, screening: true } });
    if (row?.moderation !== 'screening') return;
    const screening: RecordedScreening = { ...(await screenCreation(row)), attempts: screensBefore(row.screening) + 1 };
    held = await claim.stop();
    if (!held) return;
    const last = held;
    const outcome = outcomeOf(screening);
    const settled = await db.$transaction(async (tx) => {
      const changed = await tx.generation.updateMany({ where: { id: generationId, moderation: 'screening', claimedUntil: last }, data: verdictData(outcome, screening, new Date()) });
      if (changed.count === 1 && outcome === 'public') await tx.storedObject.updateMany({ where: { generationId }, data: { isPrivate: false } });
      return changed.count === 1;
    });
    if (settled) held = null;
    if (!settled || outcome === 'again') return;
    if (outcome === 'held' && screening.unanswered) console.warn(`[screening] ${generationId}: no answer in ${screening.attempts} screens (${screening.unanswered}): it waits for review`);
    await announceGenerationChange({ generationId });
    await publishGenerationUpdate({ userId: row.userId, generationId, status: row.status });
  } finally {
    const last = await claim.stop();
    // Nothing recorded (the owner made it private, or the write failed): the claim is given back.
    if (held && last) await db.generation.updateMany({ where: { id: generationId, claimedUntil: last }, data: { claimedUntil: null } }).catch(() => undefined);
  }
}

/** What the owner's switch writes, beside its own fields, and the claim to screen it under (null: no screen). */
export type OwnerPublish = { data: Prisma.GenerationUpdateManyMutationInput; screenClaim: Date | null };

/**
 * The owner makes a creation public: refused when moderation removed it; at once when screening is
 * off, a moderator approved it, or it is still running (its end screens it); else it is screened now.
 */
export async function ownerPublishes(tx: Tx, ownerId: string, generationId: string): Promise<OwnerPublish> {
  const row = await tx.generation.findFirst({ where: { id: generationId, userId: ownerId, deletedAt: null }, select: { isPublic: true, status: true, moderation: true } });
  if (!row) throw new AppError('not_found', 'Generation not found.');
  if (row.moderation === 'removed') throw new AppError('removed_by_moderation');
  if (row.isPublic || row.moderation === 'screening' || row.moderation === 'held') return { data: {}, screenClaim: null };
  if (!screeningOn() || row.moderation === 'approved' || row.status !== 'succeeded') return { data: { isPublic: true }, screenClaim: null };
  const entered = enterScreening(new Date());
  return { data: entered, screenClaim: entered.claimedUntil };
}

/** The owner makes a creation private: one waiting for review leaves the queue (a removed one stays removed). */
export async function ownerUnpublishes(tx: Tx, generationId: string): Promise<void> {
  await tx.generation.updateMany({ where: { id: generationId, moderation: { in: ['screening', 'held'] } }, data: { moderation: null, moderatedAt: null } });
}
