import { imageEffects, searchEffects } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { imageListInput, imageListOutput } from './image-list.schema';

/** Image effects, searched as the picker searches them (derive/search.ts). */
export const imageList = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/effects', tags: ['Catalogue'], summary: 'List the image effects', protect: false } })
  .input(imageListInput)
  .output(imageListOutput)
  .query(({ input }) => searchEffects(imageEffects, input.search));
