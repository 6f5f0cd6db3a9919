import { getImageEffect } from '~/catalogue';
import { AppError } from '~/server/errors';
import { publicProcedure } from '~/server/trpc/procedures';
import { getImageInput, getImageOutput } from './get-image.schema';

export const getImage = publicProcedure
  .meta({ scope: 'read' })
  .input(getImageInput)
  .output(getImageOutput)
  .query(({ input }) => {
    const effect = getImageEffect(input.id);
    if (!effect) throw new AppError('not_found', 'Effect not found.');
    return effect;
  });
