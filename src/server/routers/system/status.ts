import { systemStatus } from '~/server/services/system-status';
import { publicProcedure } from '~/server/trpc/procedures';
import { statusOutput } from './status.schema';

/** The deployment's status (services/system-status.ts). */
export const status = publicProcedure
  .meta({ scope: 'read' }).output(statusOutput).query(({ ctx }) => systemStatus(ctx.db));
