/**
 * tRPC root: superjson, and an error formatter that puts our AppError code and flattened zod
 * errors on the wire so the client can map any failure to the spec's texts in one place. A
 * procedure's meta names the API key scope that opens it and, for those served on /api/v1, its
 * REST route (trpc-to-openapi reads `openapi`).
 */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, z } from 'zod';
import { APP_ERRORS, AppError, asAppError, describeZodError, type AppErrorCode } from '~/server/errors';
import type { ApiKeyScope } from '~/utils/api-scopes';
import { toTRPCError } from './app-errors';
import type { InnerContext } from './context';

/** A procedure without a scope is closed to API keys (the account's own keys, billing, ...). */
export type ProcedureMeta = OpenApiMeta<{ scope?: ApiKeyScope }>;

/**
 * A subscription waits quietly for minutes (a video); pings keep load balancers with an idle
 * timeout (60 s is common) from cutting it, and a client that hears nothing reconnects. The update
 * stream's own route (server/http/update-stream-route.ts) speaks with the same settings.
 */
export const SSE_SETTINGS = { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } } as const;

const t = initTRPC.context<InnerContext>().meta<ProcedureMeta>().create({
  transformer: superjson,
  sse: SSE_SETTINGS,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const appCode: AppErrorCode | null = cause instanceof AppError ? cause.code : null;
    const appDetails = cause instanceof AppError ? (cause.details ?? null) : null;
    const zodError = cause instanceof ZodError ? z.flattenError(cause) : null;
    // Unexpected failures never show their internals (SQL, paths) to the caller.
    const hidden = error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof AppError);
    // A refused input reads as one line naming each field, not zod's JSON dump.
    const message = hidden ? APP_ERRORS.internal.message : cause instanceof ZodError ? describeZodError(cause) : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined, appCode, appDetails, zodError } };
  },
});

/** Turns AppErrors thrown by services (and a lost database connection) into TRPCErrors with the mapped code. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const appError = result.ok ? null : asAppError(result.error.cause);
  if (!result.ok && appError) {
    const mapped = toTRPCError(appError);
    return { ...result, error: mapped } as typeof result;
  }
  return result;
});

/** The one door for a key's scopes: a call made with a key runs only procedures of a scope it holds. */
const apiKeyScope = t.middleware(({ ctx, meta, next }) => {
  const key = ctx.apiKey;
  if (key && !(meta?.scope && key.scopes.includes(meta.scope))) {
    throw new AppError('api_key_scope', meta?.scope ? `This API key does not have the '${meta.scope}' scope.` : 'API keys cannot be used for this request.', {
      details: meta?.scope ? { scope: meta.scope } : undefined,
    });
  }
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const baseProcedure = t.procedure.use(appErrors).use(apiKeyScope);
export { TRPCError };
