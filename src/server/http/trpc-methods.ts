/**
 * The methods of the tRPC route: GET for queries and subscriptions, POST for mutations. tRPC's own
 * Fetch adapter cannot even hold some others (TRACE, TRACK: a 500), answers others 415 or 204, so
 * every other method is refused here, before tRPC reads the request: 405 in tRPC's error shape.
 * A GET to a mutation or a POST to a query tRPC refuses itself (405); either way the Allow header
 * names the method of the procedure at the path, which only tRPC knows (allowedFor).
 */
import type { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import { methodNotAllowedMessage } from './allowed-methods';

export const TRPC_METHODS = ['GET', 'POST'] as const;

/** tRPC's name for what is at a path ('unknown' when nothing is). */
type ProcedureKind = 'query' | 'mutation' | 'subscription' | 'unknown';

/**
 * The refusal of a method the route does not take, or null. The request then reads as a GET (which
 * tRPC's adapter can hold, and which carries no body) of a batch of one, as tRPC's clients send
 * their calls: tRPC answers the refusal in its JSON error shape without running any procedure (an
 * error passed on before tRPC is every call's answer), a subscription's too (alone, a subscription
 * is answered as an event stream, whose status is 200 whatever it says).
 */
export function methodRefusal(req: IncomingMessage): TRPCError | null {
  const method = req.method ?? 'GET';
  if ((TRPC_METHODS as readonly string[]).includes(method)) return null;
  req.method = 'GET';
  req.url = asBatchOfOne(req.url ?? '/');
  return new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: methodNotAllowedMessage(method, TRPC_METHODS) });
}

function asBatchOfOne(url: string): string {
  const [path = '/', search = ''] = url.split('?', 2);
  const query = new URLSearchParams(search);
  query.set('batch', '1');
  return `${path}?${query.toString()}`;
}

/** The Allow header of a 405 from the tRPC route, for what the path names. */
export function allowedFor(kind: ProcedureKind): string {
  if (kind === 'mutation') return 'POST';
  if (kind === 'unknown') return TRPC_METHODS.join(', ');
  return 'GET';
}
