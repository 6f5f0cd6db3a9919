import { videoEffects } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { matches } from './matches';
import { videoListInput, videoListOutput } from './video-list.schema';

export const videoList = publicProcedure
  .input(videoListInput)
  .output(videoListOutput)
  .query(({ input }) => videoEffects.filter((e) => matches(input.search, e.name, e.description, e.id)));
