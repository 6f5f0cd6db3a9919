/**
 * The audit log as the console reads it: newest first, filtered by who acted, what they did, the
 * target and a period. Reading is all it offers: nothing here (or anywhere) changes a row.
 */
import type { Db } from '~/server/db/client';
import type { Prisma } from '~/server/db/generated/client';
import { everyOwnerPageArgs, type Page, toPage } from '~/server/services/paging/cursor-page';
import type { AuditAction } from './audit';

export type AuditFilter = {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export type AuditRow = {
  id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string | null;
  before: Prisma.JsonValue;
  after: Prisma.JsonValue;
  createdAt: Date;
};

/** `actor` names a staff member by id or e-mail. */
function auditWhere(filter: AuditFilter): Prisma.AuditEntryWhereInput {
  const actor = filter.actor?.trim().toLowerCase();
  return {
    ...(actor ? { OR: [{ actorId: filter.actor!.trim() }, { actorEmail: actor }] } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    ...(filter.from || filter.to ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {}),
  };
}

export async function listAudit(db: Db, filter: AuditFilter, page: { limit: number; cursor?: string | undefined }): Promise<Page<AuditRow>> {
  const rows = await db.auditEntry.findMany({
    where: auditWhere(filter),
    ...everyOwnerPageArgs(page),
  });
  return toPage(rows, page.limit);
}
