/**
 * A moderator's decisions on a creation, each once per console form and on the record (the
 * console's audit log, with its reason), in the transaction of the change:
 * - approve: public (its share page answers 200), and no screen holds it again;
 * - take down: private (the same 404 as any private creation), marked removed, and its owner cannot
 *   make it public again;
 * - restore a takedown: public again, as approved.
 * Approving or taking down settles the creation's open reports. The owner's open pages hear of it.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { announceGenerationChange, publishGenerationUpdate } from '~/server/services/generation/events';
import { runStaffAction, type StaffActionOutcome, type StaffActor, type StaffTx } from '~/server/services/staff/actions';
import type { AuditAction } from '~/server/services/staff/audit';

export const MODERATION_DECISIONS = ['approve', 'take_down', 'restore'] as const;

export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

const AUDIT_ACTION_OF: Record<ModerationDecision, AuditAction> = {
  approve: 'moderation.approve',
  take_down: 'moderation.take_down',
  restore: 'moderation.restore',
};

export const DECISION_TEXTS = {
  notFound: 'Generation not found.',
  notFinished: 'Only a finished creation can be moderated.',
  restoreOnlyRemoved: 'Only a creation that was taken down can be restored.',
  approveRemoved: 'This creation was taken down: restore it instead.',
} as const;

export type DecisionRequest = { actionId: string; generationId: string; decision: ModerationDecision; reason: string };

type Before = { userId: string; status: string; isPublic: boolean; moderation: string | null };

/** What a decision writes: the creation public or not, and its state. */
function changeOf(decision: ModerationDecision, before: Before): { isPublic: boolean; moderation: string } {
  switch (decision) {
    case 'approve':
      if (before.moderation === 'removed') throw new AppError('validation_failed', DECISION_TEXTS.approveRemoved);
      // A reported creation its owner has since made private stays private: approval clears it, it does not publish it.
      return { isPublic: before.isPublic || before.moderation === 'held' || before.moderation === 'screening', moderation: 'approved' };
    case 'take_down':
      return { isPublic: false, moderation: 'removed' };
    case 'restore':
      if (before.moderation !== 'removed') throw new AppError('validation_failed', DECISION_TEXTS.restoreOnlyRemoved);
      return { isPublic: true, moderation: 'approved' };
  }
}

async function decide(tx: StaffTx, request: DecisionRequest) {
  const before = await tx.generation.findFirst({
    where: { id: request.generationId, deletedAt: null },
    select: { userId: true, status: true, isPublic: true, moderation: true },
  });
  if (!before) throw new AppError('not_found', DECISION_TEXTS.notFound);
  if (before.status !== 'succeeded') throw new AppError('validation_failed', DECISION_TEXTS.notFinished);
  const after = changeOf(request.decision, before);
  const now = new Date();
  await tx.generation.update({ where: { id: request.generationId }, data: { ...after, moderatedAt: now } });
  await tx.storedObject.updateMany({ where: { generationId: request.generationId }, data: { isPrivate: !after.isPublic } });
  if (request.decision !== 'restore') await tx.creationReport.updateMany({ where: { generationId: request.generationId, resolvedAt: null }, data: { resolvedAt: now } });
  return { before, after };
}

export async function decideOnCreation(db: Db, actor: StaffActor, request: DecisionRequest): Promise<StaffActionOutcome<{ isPublic: boolean }>> {
  let owner: string | null = null;
  const outcome = await runStaffAction(
    db,
    actor,
    { actionId: request.actionId, action: AUDIT_ACTION_OF[request.decision], targetType: 'generation', targetId: request.generationId },
    async (tx) => {
      const { before, after } = await decide(tx, request);
      owner = before.userId;
      return {
        reason: request.reason,
        before: { isPublic: before.isPublic, moderation: before.moderation },
        after: { isPublic: after.isPublic, moderation: after.moderation },
        result: { isPublic: after.isPublic },
      };
    },
  );
  if (!outcome.repeated && owner) {
    await announceGenerationChange({ generationId: request.generationId });
    await publishGenerationUpdate({ userId: owner, generationId: request.generationId, status: 'succeeded' });
  }
  return outcome;
}
