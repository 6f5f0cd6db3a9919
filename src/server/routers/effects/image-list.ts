import { imageEffects } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { imageListInput, imageListOutput } from './image-list.schema';
import { matches } from './matches';

export const imageList = publicProcedure
  .input(imageListInput)
  .output(imageListOutput)
  .query(({ input }) => imageEffects.filter((e) => matches(input.search, e.name, e.description, e.id)));
