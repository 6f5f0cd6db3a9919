import { requestDataExport } from '~/server/services/privacy/data-export';
import { protectedProcedure } from '~/server/trpc/procedures';
import { requestExportOutput } from './request-export.schema';

/** "Download my data": starts an export, or answers the one being prepared (one at a time). */
export const requestExport = protectedProcedure.output(requestExportOutput).mutation(({ ctx }) => requestDataExport(ctx.db, ctx.user.id));
