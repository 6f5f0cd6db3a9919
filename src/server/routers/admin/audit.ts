import { listAudit } from '~/server/services/staff/audit-log';
import { adminProcedure } from '~/server/trpc/procedures';
import { auditInput, auditOutput } from './audit.schema';

/** The audit log, newest first, filtered; read only. */
export const audit = adminProcedure
  .input(auditInput)
  .output(auditOutput)
  .query(({ ctx, input: { limit, cursor, ...filter } }) => listAudit(ctx.db, filter, { limit, cursor }));
