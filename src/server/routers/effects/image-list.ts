import { imageEffects, searchEffects } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { imageListInput, imageListOutput } from './image-list.schema';

/** Image effects, searched as the picker searches them (derive/search.ts). */
export const imageList = publicProcedure
  .input(imageListInput)
  .output(imageListOutput)
  .query(({ input }) => searchEffects(imageEffects, input.search));
