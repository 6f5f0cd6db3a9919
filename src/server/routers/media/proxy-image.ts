import { proxyImage as readImage } from '~/server/services/storage/image-proxy';
import { publicProcedure } from '~/server/trpc/procedures';
import { proxyImageInput, proxyImageOutput } from './proxy-image.schema';

/** An image as bytes for the mask editor's canvas: ours by key (privacy respected) or a public remote one. */
export const proxyImage = publicProcedure
  .meta({ scope: 'read' })
  .input(proxyImageInput)
  .output(proxyImageOutput)
  .query(({ ctx, input }) => readImage({ imageUrl: input.imageUrl, ownOrigins: input.ownOrigins, db: ctx.db, viewerId: ctx.user?.id ?? null }));
