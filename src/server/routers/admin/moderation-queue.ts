import { moderationQueue as readQueue } from '~/server/services/moderation/queue';
import { supportProcedure } from '~/server/trpc/procedures';
import { moderationQueueInput, moderationQueueOutput } from './moderation-queue.schema';

/** Held and reported creations, oldest first, and the latest takedowns (/admin/moderation). */
export const moderationQueue = supportProcedure
  .input(moderationQueueInput)
  .output(moderationQueueOutput)
  .query(({ ctx }) => readQueue(ctx.db));
