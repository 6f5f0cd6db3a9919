import { searchEffects, videoEffects } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { videoListInput, videoListOutput } from './video-list.schema';

/** Video effects, searched as the picker searches them (derive/search.ts). */
export const videoList = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/effects/video', tags: ['Catalogue'], summary: 'List the video effects', protect: false } })
  .input(videoListInput)
  .output(videoListOutput)
  .query(({ input }) => searchEffects(videoEffects, input.search));
