import { readOverview } from '~/server/services/staff/overview';
import { supportProcedure } from '~/server/trpc/procedures';
import { overviewOutput } from './overview.schema';

/** The overview's figures: today, the last 7 and 30 days, and generations per hour over 7 days. */
export const overview = supportProcedure.output(overviewOutput).query(({ ctx }) => readOverview(ctx.db));
