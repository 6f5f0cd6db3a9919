/**
 * /api/v1: the REST routes generated from the procedures that carry an `openapi` meta
 * (trpc-to-openapi's Node handler, which runs each through tRPC's public server-side caller: its
 * doors, its input and output checks, its errors), and GET /api/v1/openapi.json, their document.
 *
 * The edge around it, as on the REST paths: one set of credentials (a key or a cookie), a cookie
 * request that changes something must come from our own pages, the body read with the same caps
 * and message (legacy-adapter.ts's parseJsonBody), the request counted (api-context.ts), and an
 * `Idempotency-Key` header taken as the body's idempotency_key. Whatever refuses a request before
 * its procedure runs is thrown from createContext, so the handler answers it in the same JSON shape
 * as a procedure's own error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { getEnv } from '~/env';
import { AppError, asAppError, retryAfterFor } from '~/server/errors';
import { toTRPCError } from '~/server/trpc/app-errors';
import type { InnerContext } from '~/server/trpc/context';
import { API_V1_PATH, openApiDocument } from '~/server/trpc/openapi-document';
import { appRouter } from '~/server/trpc/root';
import { apiContextFromRequest } from './api-context';
import { methodNotAllowedMessage, takesMethod } from './allowed-methods';
import { credentialsOf } from './credentials';
import { sendJson } from './json-answer';
import { BadRequest, parseJsonBody } from './legacy-adapter';

type V1Request = IncomingMessage & { query?: unknown; body?: unknown };

/** Why the request's body was refused, kept for createContext to answer. */
const refusedBodies = new WeakMap<IncomingMessage, unknown>();

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const STATUS_CODES: Record<number, TRPCError['code']> = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** A refusal as the TRPCError the handler shapes into its answer. */
function asTrpcError(error: unknown): unknown {
  if (error instanceof TRPCError) return error;
  if (error instanceof BadRequest) return new TRPCError({ code: STATUS_CODES[error.status] ?? 'BAD_REQUEST', message: error.message });
  const appError = asAppError(error);
  return appError ? toTRPCError(appError) : error;
}

async function createContext({ req, res }: { req: V1Request; res: object }): Promise<InnerContext> {
  try {
    if (refusedBodies.has(req)) throw refusedBodies.get(req);
    // The handler is given node:http's own response (apiV1Route's), whatever its option type allows.
    return await apiContextFromRequest(req, res as ServerResponse, credentialsOf(req), { countWithoutKey: true });
  } catch (error) {
    throw asTrpcError(error);
  }
}

const handler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext,
  responseMeta({ errors }) {
    const seconds = Math.max(0, ...errors.map((error) => (error.cause instanceof AppError ? (retryAfterFor(error.cause.code) ?? 0) : 0)));
    return { headers: seconds > 0 ? { 'Retry-After': String(seconds) } : {} };
  },
  onError({ error, path }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[api/v1] ${path ?? '?'}:`, error);
  },
});

/** The body, read before the handler (which would read only an exact `application/json`), with the Idempotency-Key header folded in. */
async function readBody(req: V1Request): Promise<void> {
  if (!BODY_METHODS.has(req.method ?? 'GET')) return;
  try {
    let body = await parseJsonBody(req, credentialsOf(req));
    const header = req.headers['idempotency-key'];
    if (typeof header === 'string' && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const given = (body as { idempotency_key?: unknown }).idempotency_key;
      if (given !== undefined && given !== header) throw new BadRequest('The Idempotency-Key header and the idempotency_key field differ: send one of them.');
      body = { ...body, idempotency_key: header };
    }
    req.body = body;
    // An empty body has no type to declare (a cancel); the handler asks every body for one.
    req.headers['content-type'] ??= 'application/json';
  } catch (error) {
    refusedBodies.set(req, error);
    req.body = {};
  }
}

function sendDocument(req: IncomingMessage, res: ServerResponse): void {
  if (!takesMethod(req.method, ['GET', 'HEAD'], res)) return sendJson(res, 405, { message: methodNotAllowedMessage(req.method, ['GET', 'HEAD']), code: 'METHOD_NOT_SUPPORTED' });
  res.setHeader('Cache-Control', 'public, max-age=300');
  sendJson(res, 200, openApiDocument(getEnv().appOrigin));
}

export async function apiV1Route(req: V1Request, res: ServerResponse): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.startsWith(API_V1_PATH) ? url.pathname.slice(API_V1_PATH.length) || '/' : url.pathname;
  if (path === '/openapi.json') return sendDocument(req, res);
  await readBody(req);
  // The handler routes by the path under /api/v1 and reads the query from the URL (Next's parsed
  // query also holds the catch-all's own parameter).
  req.url = `${path}${url.search}`;
  delete req.query;
  await handler(req, res);
}
