import { getVideoEffect } from '~/catalogue';
import { AppError } from '~/server/errors';
import { publicProcedure } from '~/server/trpc/procedures';
import { getVideoInput, getVideoOutput } from './get-video.schema';

export const getVideo = publicProcedure
  .meta({ scope: 'read' })
  .input(getVideoInput)
  .output(getVideoOutput)
  .query(({ input }) => {
    const effect = getVideoEffect(input.id);
    if (!effect) throw new AppError('not_found', 'Effect not found.');
    return effect;
  });
