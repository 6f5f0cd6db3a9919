/**
 * What staff do to an account, each once and on the record (actions.ts): grant or deduct credits
 * (through the ledger's one door for staff movements, keyed by the action), premium by hand,
 * suspension, and the role. The owner's open tabs hear of a balance change at once.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { refreshUserPremium } from '~/server/services/billing/premium';
import { adjustCreditsOnce } from '~/server/services/credits/ledger';
import { publishBalanceChange } from '~/server/services/generation/events';
import { forgetSuspendedIds } from '~/server/services/suspension';
import type { Role } from '~/utils/staff-roles';
import { runStaffAction, type StaffActionOutcome, type StaffActor, type StaffTx } from './actions';

/** The most one action may grant or deduct: a slip of the keyboard cannot mint a fortune. */
export const STAFF_ADJUSTMENT_LIMIT = 1_000_000;

export const USER_NOT_FOUND = 'User not found.';
export const LAST_ADMIN = 'You are the last admin: make someone else an admin before giving up your own role.';

type UserAction = { actionId: string; userId: string; reason: string };

async function userRow(tx: StaffTx, userId: string) {
  const row = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, credits: true, role: true, suspendedAt: true, premium: true, manualPremium: true, manualPremiumUntil: true },
  });
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  return row;
}

export type CreditAdjustment = UserAction & {
  /** Positive: a grant; negative: a deduction. */
  amount: number;
  /** A deduction may leave the balance below zero only when this says so. */
  allowNegative: boolean;
};

export async function adjustCredits(db: Db, actor: StaffActor, input: CreditAdjustment): Promise<StaffActionOutcome<{ balance: number }>> {
  if (!Number.isInteger(input.amount) || input.amount === 0) throw new AppError('validation_failed', 'The amount must be a whole number of credits other than 0.');
  if (Math.abs(input.amount) > STAFF_ADJUSTMENT_LIMIT) throw new AppError('validation_failed', `One action grants or deducts at most ${STAFF_ADJUSTMENT_LIMIT} credits.`);
  const grant = input.amount > 0;
  const outcome = await runStaffAction(db, actor, { actionId: input.actionId, action: grant ? 'credits.grant' : 'credits.deduct', targetType: 'user', targetId: input.userId }, async (tx) => {
    const before = await userRow(tx, input.userId);
    const balance = await adjustCreditsOnce(tx, input.userId, input.amount, {
      reason: grant ? 'admin_grant' : 'admin_deduct',
      actionId: input.actionId,
      note: input.reason,
      mayGoNegative: input.allowNegative,
    });
    // The action's lock and audit row come first, so its ledger key is always free here.
    if (balance === null) throw new AppError('idempotency_key_reused');
    return { reason: input.reason, before: { credits: before.credits }, after: { credits: balance, amount: input.amount }, result: { balance } };
  });
  if (!outcome.repeated) await publishBalanceChange({ userId: input.userId });
  return outcome;
}

export type PremiumByHand = UserAction & { on: boolean; until: Date | null };

export async function setPremiumByHand(db: Db, actor: StaffActor, input: PremiumByHand): Promise<StaffActionOutcome<{ premium: boolean }>> {
  const now = new Date();
  if (input.on && input.until && input.until <= now) throw new AppError('validation_failed', 'The end date must be in the future.');
  return runStaffAction(db, actor, { actionId: input.actionId, action: 'user.premium', targetType: 'user', targetId: input.userId }, async (tx) => {
    const before = await userRow(tx, input.userId);
    await tx.user.update({ where: { id: input.userId }, data: { manualPremium: input.on, manualPremiumUntil: input.on ? input.until : null } });
    const premium = await refreshUserPremium(tx, input.userId, now);
    return {
      reason: input.reason,
      before: { premium: before.premium, manualPremium: before.manualPremium, until: before.manualPremiumUntil?.toISOString() ?? null },
      after: { premium, manualPremium: input.on, until: input.on ? (input.until?.toISOString() ?? null) : null },
      result: { premium },
    };
  });
}

export type Suspension = UserAction & { suspended: boolean };

export async function setSuspended(db: Db, actor: StaffActor, input: Suspension): Promise<StaffActionOutcome<{ suspended: boolean }>> {
  if (input.suspended && input.userId === actor.id) throw new AppError('validation_failed', 'You cannot suspend your own account.');
  const outcome = await runStaffAction(db, actor, { actionId: input.actionId, action: input.suspended ? 'user.suspend' : 'user.unsuspend', targetType: 'user', targetId: input.userId }, async (tx) => {
    const before = await userRow(tx, input.userId);
    // Suspending again keeps the first time: it says since when.
    const suspendedAt = input.suspended ? (before.suspendedAt ?? new Date()) : null;
    await tx.user.update({ where: { id: input.userId }, data: { suspendedAt } });
    return {
      reason: input.reason,
      before: { suspendedAt: before.suspendedAt?.toISOString() ?? null },
      after: { suspendedAt: suspendedAt?.toISOString() ?? null },
      result: { suspended: input.suspended },
    };
  });
  forgetSuspendedIds(db);
  return outcome;
}

export type RoleChange = UserAction & { role: Role };

export async function setRole(db: Db, actor: StaffActor, input: RoleChange): Promise<StaffActionOutcome<{ role: Role }>> {
  return runStaffAction(db, actor, { actionId: input.actionId, action: 'user.role', targetType: 'user', targetId: input.userId }, async (tx) => {
    // Every admin row locked: two admins changing roles at once take turns, so one always remains.
    const admins = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "User" WHERE "role" = 'admin' ORDER BY "id" FOR UPDATE`;
    const before = await userRow(tx, input.userId);
    if (before.role === 'admin' && input.role !== 'admin' && input.userId === actor.id && admins.length <= 1) throw new AppError('validation_failed', LAST_ADMIN);
    await tx.user.update({ where: { id: input.userId }, data: { role: input.role } });
    return { reason: input.reason, before: { role: before.role }, after: { role: input.role }, result: { role: input.role } };
  });
}
