import { latestDataExport } from '~/server/services/privacy/data-export';
import { protectedProcedure } from '~/server/trpc/procedures';
import { latestExportOutput } from './latest-export.schema';

/** The caller's newest export, or null: what Account → Privacy shows when it opens. */
export const latestExport = protectedProcedure.output(latestExportOutput).query(({ ctx }) => latestDataExport(ctx.db, ctx.user.id));
