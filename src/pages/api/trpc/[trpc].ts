import { createNextApiHandler } from '@trpc/server/adapters/next';
import { createContext } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/root';

export default createNextApiHandler({
  router: appRouter,
  createContext,
  onError({ error, path }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}:`, error);
  },
});
