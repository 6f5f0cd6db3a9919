/**
 * The tRPC route at the edge, on tRPC's public Next adapter: its method checked (trpc-methods.ts),
 * the request's input read and checked (trpc-input.ts: size, nesting, same origin for mutations),
 * the context from the session (request-context.ts), a passing outage's Retry-After and a refused
 * method's Allow on the answer, server errors logged. API keys are refused here: the batch endpoint
 * is the studio's own pages' (keys go to /api/v1 and the REST paths, where scopes and limits apply).
 * A console path is answered from the router of the caller's role (console-paths.ts).
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import type { AnyRouter } from '@trpc/server';
import { createNextApiHandler } from '@trpc/server/adapters/next';
import { AppError, retryAfterFor } from '~/server/errors';
import { toTRPCError } from '~/server/trpc/app-errors';
import { routerByRole } from '~/server/trpc/root';
import { roleOfRequest } from './console-paths';
import { apiKeyOf } from './credentials';
import { createTrpcContext } from './request-context';
import { readTrpcInput } from './trpc-input';
import { allowedFor, methodRefusal } from './trpc-methods';

/** The route over one router (one per role: console-paths.ts). */
function routeOver<R extends AnyRouter>(router: R) {
  return createNextApiHandler<R>({
    router,
    createContext: createTrpcContext,
    // Runs before tRPC touches the request; an error it passes on becomes every call's answer.
    middleware(req, _res, next) {
      const refusal = methodRefusal(req);
      if (refusal) return next(refusal);
      if (apiKeyOf(req) !== null) return next(toTRPCError(new AppError('api_key_not_accepted')));
      readTrpcInput(req).then(() => next(), next);
    },
    // A passing outage (the database) tells clients when to try again; a refused method, which one to use.
    responseMeta({ errors, type }) {
      const headers: Record<string, string> = {};
      const seconds = Math.max(0, ...errors.map((error) => (error.cause instanceof AppError ? (retryAfterFor(error.cause.code) ?? 0) : 0)));
      if (seconds > 0) headers['Retry-After'] = String(seconds);
      if (errors.some((error) => error.code === 'METHOD_NOT_SUPPORTED')) headers.Allow = allowedFor(type);
      return { headers };
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}:`, error);
    },
  });
}

const routes = { user: routeOver(routerByRole.user), support: routeOver(routerByRole.support), admin: routeOver(routerByRole.admin) };

export async function trpcRoute(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  await routes[await roleOfRequest(req)](req, res);
}

/** The tRPC route answering for one procedure path (a static route of its own, which has no [trpc] segment). */
export async function trpcRouteAt(path: string, req: NextApiRequest, res: NextApiResponse): Promise<void> {
  req.query.trpc = path;
  await trpcRoute(req, res);
}
