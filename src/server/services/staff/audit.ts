/**
 * The audit log: what staff did, who, when, to what, why, and the state before and after. Rows are
 * written only by runStaffAction (actions.ts), in the transaction of the change they record, and
 * never changed or deleted (the table's trigger refuses it, whoever asks).
 */
import type { Prisma } from '~/server/db/generated/client';

export const AUDIT_ACTIONS = [
  'credits.grant',
  'credits.deduct',
  'user.premium',
  'user.suspend',
  'user.unsuspend',
  'user.role',
  'user.delete',
  'maintenance.set',
  'job.cancel',
  'job.refund',
  'job.rerun',
  'purchase.refund',
  'payments.reconcile',
  'moderation.approve',
  'moderation.take_down',
  'moderation.restore',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGETS = ['user', 'generation', 'purchase', 'maintenance', 'payments'] as const;

export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** What an action records besides who did it and when. */
export type AuditRecord = {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string | null;
  reason: string | null;
  before: Prisma.InputJsonValue | null;
  after: Prisma.InputJsonValue | null;
};
