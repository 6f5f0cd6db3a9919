/**
 * Every staff action runs exactly once per action id, with its audit row in the same transaction
 * as the change.
 *
 * The console's forms carry an id made when the form opens; the same form sent twice, or twenty
 * times at once, is one action. runStaffAction takes a transaction lock on the id: the first
 * request makes the change and writes the audit row under that id; the others wait for it to
 * commit, find the row and change nothing. An id already used for another action or target is
 * refused (idempotency_key_reused). An action whose change has a transaction of its own (a job's
 * cancel: the engine's door) writes its row there with writeAuditRow and asks settledAction after.
 */
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import type { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import type { AuditAction, AuditRecord, AuditTarget } from './audit';

export type StaffTx = Prisma.TransactionClient;

/** Who acts: the staff member's user id (their e-mail is recorded as it is at the time). */
export type StaffActor = { id: string };

export type StaffActionRequest = { actionId: string; action: AuditAction; targetType: AuditTarget; targetId: string | null };

/** What a change answers: the record's reason, before and after, and what the caller is told. */
export type StaffChange<T> = Omit<AuditRecord, 'action' | 'targetType' | 'targetId'> & { result: T };

export type StaffActionOutcome<T> = { repeated: false; result: T } | { repeated: true };

/** The lock space of action ids (any constant; the id's hash is the key within it). */
const ACTION_LOCK_SPACE = 35_350;

/** Twenty copies of one form queue on the same lock; each waits its turn rather than failing. */
const QUEUED = { maxWait: 30_000, timeout: 30_000 } as const;

export async function runStaffAction<T>(
  db: Db,
  actor: StaffActor,
  request: StaffActionRequest,
  change: (tx: StaffTx) => Promise<StaffChange<T>>,
): Promise<StaffActionOutcome<T>> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ACTION_LOCK_SPACE}::int, hashtext(${request.actionId}))`;
      const done = await tx.auditEntry.findUnique({ where: { id: request.actionId }, select: { action: true, targetId: true } });
      if (done) return repeatOf(done, request);
      const { result, ...record } = await change(tx);
      await writeAuditRow(tx, actor, request, record);
      return { repeated: false as const, result };
    }, QUEUED);
  } catch (error) {
    // Two ids whose hashes meet could pass the lock together; the row's key still holds.
    if (!isUniqueViolation(error)) throw error;
    const settled = await settledAction(db, request);
    if (!settled) throw error;
    return settled;
  }
}

/** The audit row of an action, inside the transaction of its change. */
export async function writeAuditRow(tx: StaffTx, actor: StaffActor, request: StaffActionRequest, record: Omit<StaffChange<unknown>, 'result'>): Promise<void> {
  const staff = await tx.user.findUnique({ where: { id: actor.id }, select: { email: true } });
  if (!staff) throw new AppError('unauthorized');
  await tx.auditEntry.create({
    data: {
      id: request.actionId,
      actorId: actor.id,
      actorEmail: staff.email,
      action: request.action,
      targetType: request.targetType,
      targetId: request.targetId,
      reason: record.reason,
      ...(record.before === null ? {} : { before: record.before }),
      ...(record.after === null ? {} : { after: record.after }),
    },
  });
}

/** { repeated: true } when this action id was already carried out for this action; null when it was not. */
export async function settledAction(db: Pick<Db, 'auditEntry'>, request: StaffActionRequest): Promise<{ repeated: true } | null> {
  const done = await db.auditEntry.findUnique({ where: { id: request.actionId }, select: { action: true, targetId: true } });
  return done ? repeatOf(done, request) : null;
}

function repeatOf(done: { action: string; targetId: string | null }, request: StaffActionRequest): { repeated: true } {
  if (done.action !== request.action || done.targetId !== request.targetId) throw new AppError('idempotency_key_reused');
  return { repeated: true };
}
