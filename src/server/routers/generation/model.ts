import { getModel, publicModelDefinition } from '~/catalogue';
import { AppError } from '~/server/errors';
import { publicProcedure } from '~/server/trpc/procedures';
import { modelInput, modelOutput } from './model.schema';

/** A model's public definition (no provider details). */
export const model = publicProcedure
  .meta({ scope: 'read' })
  .input(modelInput)
  .output(modelOutput)
  .query(({ input }) => {
    const found = getModel(input.id);
    if (!found) throw new AppError('invalid_model');
    return publicModelDefinition(found);
  });
