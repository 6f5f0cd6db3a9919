/**
 * Staff delete an account from the console: the same deletion as the person's own
 * (privacy/account-deletion.ts), with its audit row (the reason, and the opaque id that now holds
 * the account's books) written in the deletion's transaction. Once per form, as every staff action.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { deleteAccount, type DeletionAnswer } from '~/server/services/privacy/account-deletion';
import { settledAction, writeAuditRow, type StaffActionOutcome, type StaffActionRequest, type StaffActor } from './actions';

export const DELETE_OWN_ACCOUNT = 'You cannot delete your own account from the console: use Account → Privacy.';

export async function deleteUserAccount(db: Db, actor: StaffActor, input: { actionId: string; userId: string; reason: string }): Promise<StaffActionOutcome<DeletionAnswer>> {
  if (input.userId === actor.id) throw new AppError('validation_failed', DELETE_OWN_ACCOUNT);
  const request: StaffActionRequest = { actionId: input.actionId, action: 'user.delete', targetType: 'user', targetId: input.userId };
  const settled = await settledAction(db, request);
  if (settled) return settled;
  const result = await deleteAccount(db, input.userId, {
    requestedBy: 'staff',
    within: (tx, detached) => writeAuditRow(tx, actor, request, { reason: input.reason, before: { credits: detached.credits }, after: { deleted: true, books: detached.holderId } }),
  });
  return { repeated: false, result };
}
