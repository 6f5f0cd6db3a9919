import { getLora } from '~/catalogue';
import { AppError } from '~/server/errors';
import { publicProcedure } from '~/server/trpc/procedures';
import { getInput, getOutput } from './get.schema';

/** Every field of one LoRA (core-flow §3) for its details page. */
export const get = publicProcedure
  .meta({ scope: 'read' })
  .input(getInput)
  .output(getOutput)
  .query(({ input }) => {
    const lora = getLora(input.id);
    if (!lora) throw new AppError('not_found', 'LoRA not found.');
    return { ...lora, createLink: `/create/flux-lora?lora=${lora.id}` };
  });
