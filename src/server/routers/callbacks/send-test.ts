import { sendTestEvent } from '~/server/services/callbacks/endpoints';
import { protectedProcedure } from '~/server/trpc/procedures';
import { sendTestInput, sendTestOutput } from './send-test.schema';

/** Queues a test event to one of the caller's endpoints; the log shows how it went. */
export const sendTest = protectedProcedure
  .input(sendTestInput)
  .output(sendTestOutput)
  .mutation(({ ctx, input }) => sendTestEvent(ctx.db, ctx.user.id, input.id));
