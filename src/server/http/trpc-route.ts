/**
 * The tRPC route at the edge, on tRPC's public Next adapter: the request's input read and checked
 * first (trpc-input.ts: size, nesting, same origin for mutations), the context from the session
 * (request-context.ts), a passing outage's Retry-After on the answer, server errors logged.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { createNextApiHandler } from '@trpc/server/adapters/next';
import { AppError, retryAfterFor } from '~/server/errors';
import { appRouter } from '~/server/trpc/root';
import { createTrpcContext } from './request-context';
import { readTrpcInput } from './trpc-input';

export const trpcRoute = createNextApiHandler({
  router: appRouter,
  createContext: createTrpcContext,
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

/** The tRPC route answering for one procedure path (a static route of its own, which has no [trpc] segment). */
export async function trpcRouteAt(path: string, req: NextApiRequest, res: NextApiResponse): Promise<void> {
  req.query.trpc = path;
  await trpcRoute(req, res);
}
