/**
 * What the tRPC route reads before tRPC does (Next's body parser is off for it): the body with the
 * same kind of size cap as the other routes, and every JSON input (the POST body, or a query's
 * `input` parameter) under the nesting cap; before that, a POST (a mutation) must come from our own
 * pages (same-origin.ts). A refusal reaches tRPC as an error, so the caller gets it in tRPC's own
 * error shape (413 PAYLOAD_TOO_LARGE, 400 BAD_REQUEST, 403 FORBIDDEN).
 */
import type { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '~/server/http/json-depth';
import { crossSiteRefusal } from '~/server/http/same-origin';
import { BodyTooLargeError, readBody, RequestAbortedError } from '~/server/http/read-body';

/** Next's own default for API routes: masks drawn in the editor may travel as data URIs. */
export const TRPC_BODY_LIMIT_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';

type Readable = IncomingMessage & { body?: unknown };

function queryInput(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost').searchParams.get('input');
  } catch {
    return null;
  }
}

/** Reads and checks the request's input; leaves the body text on req.body for tRPC to parse. */
export async function readTrpcInput(req: Readable): Promise<void> {
  // tRPC reads req.body when the property exists: it must never read the stream after us.
  req.body = undefined;
  const query = queryInput(req);
  if (query && jsonNestsDeeperThan(query)) throw new TRPCError({ code: 'BAD_REQUEST', message: JSON_TOO_DEEP_MESSAGE });
  if (req.method !== 'POST') return;
  // A POST is a mutation: from our own pages only, as the REST routes' (same-origin.ts).
  const refusal = crossSiteRefusal(req);
  if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
  let raw: Buffer;
  try {
    raw = await readBody(req, TRPC_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE });
    if (error instanceof RequestAbortedError) {
      // The client is gone: logged as an abort; the route's onError reports only server errors.
      console.info(`[trpc] ${error.message}`);
      throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: error.message, cause: error });
    }
    throw error;
  }
  const text = raw.toString('utf8');
  if (jsonNestsDeeperThan(text)) throw new TRPCError({ code: 'BAD_REQUEST', message: JSON_TOO_DEEP_MESSAGE });
  req.body = text.length > 0 ? text : undefined;
}
