import { createContext } from '~/server/trpc/context';
import { createTrpcApiHandler } from '~/server/trpc/http-handler';
import { appRouter } from '~/server/trpc/root';

export default createTrpcApiHandler({
  router: appRouter,
  createContext,
  onError({ error, path }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}:`, error);
  },
});
