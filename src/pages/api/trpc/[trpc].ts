import { AppError, retryAfterFor } from '~/server/errors';
import { createContext } from '~/server/trpc/context';
import { createTrpcApiHandler } from '~/server/trpc/http-handler';
import { readTrpcInput } from '~/server/trpc/http-input';
import { appRouter } from '~/server/trpc/root';

// A literal object: Next parses route config statically. readTrpcInput reads the body itself (capped).
export const config = { api: { bodyParser: false } };

export default createTrpcApiHandler({
  router: appRouter,
  createContext,
  // Runs before tRPC touches the request; an error it passes on becomes every call's answer.
  middleware(req, _res, next) {
    readTrpcInput(req).then(() => next(), next);
  },
  // A passing outage (the database) tells clients when to try again.
  responseMeta({ errors }) {
    const seconds = Math.max(0, ...errors.map((error) => (error.cause instanceof AppError ? (retryAfterFor(error.cause.code) ?? 0) : 0)));
    return seconds > 0 ? { headers: { 'Retry-After': String(seconds) } } : {};
  },
  onError({ error, path }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}:`, error);
  },
});
