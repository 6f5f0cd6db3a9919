import { createNextApiHandler } from '@trpc/server/adapters/next';
import { createContext } from '~/server/trpc/context';
import { readTrpcInput } from '~/server/trpc/http-input';
import { appRouter } from '~/server/trpc/root';

// A literal object: Next parses route config statically. readTrpcInput reads the body itself (capped).
export const config = { api: { bodyParser: false } };

export default createNextApiHandler({
  router: appRouter,
  createContext,
  // Runs before tRPC touches the request; an error it passes on becomes every call's answer.
  middleware(req, _res, next) {
    readTrpcInput(req).then(() => next(), next);
  },
  onError({ error, path }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}:`, error);
  },
});
