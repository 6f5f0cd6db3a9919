import { followGenerations } from '~/server/services/generation/live-updates';
import { protectedProcedure } from '~/server/trpc/procedures';
import { onUpdateInput, onUpdateOutput } from './on-update.schema';

/**
 * Pushes the caller's generations as their status or progress changes (server-sent events over
 * tRPC); the client's spec polling stays as the fallback.
 */
export const onUpdate = protectedProcedure
  .input(onUpdateInput)
  .output(onUpdateOutput)
  .subscription(({ ctx, input, signal }) => followGenerations(ctx.db, ctx.user.id, input?.ids, signal));
