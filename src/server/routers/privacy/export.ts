import { dataExportOf } from '~/server/services/privacy/data-export';
import { protectedProcedure } from '~/server/trpc/procedures';
import { exportInput, exportOutput } from './export.schema';

/** One of the caller's exports: anyone else's id is the same 404 as an unknown one. */
export const exportById = protectedProcedure
  .input(exportInput)
  .output(exportOutput)
  .query(({ ctx, input }) => dataExportOf(ctx.db, ctx.user.id, input.id));
