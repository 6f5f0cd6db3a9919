/**
 * The routes the studio's production server (server.mjs, `npm start`) answers itself, before
 * Next's request pipeline; every other request goes to Next.
 *
 * Why: Next's pipeline (routing, locale and rewrite checks, loading the route module, API helpers,
 * tracing) costs about as much main-thread CPU per request as a webhook's or a submit's own work.
 * `npm run bench -- --only=direct` runs the same build both ways in interleaved rounds and
 * BENCHMARKS.md records what each route buys; a route stays here only while it buys at least 1.3×.
 *
 * Only a route that needs nothing Next adds to a request belongs here: it reads its raw body
 * itself, takes its session from the Cookie header (session-user.ts parses it when Next has not),
 * reads no route parameters or locale, and writes with node:http's own methods. The same handler
 * stays at its pages/api path, so `next dev`, DIRECT_ROUTES=off and any request for it that
 * reaches Next get the same answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stripeWebhookRoute } from './stripe-webhook-route';
import { submitRoute } from './submit-route';
import { directListReads } from './list-query-routes';
import { openUpdateStream } from './update-stream-route';

/**
 * A handler answers the request, or resolves to ANSWER_WITH_NEXT before it has read or written
 * anything: server.mjs then hands the same request to Next.
 */
export type DirectHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void | typeof ANSWER_WITH_NEXT>;

/** What a handler resolves to for a request it leaves to Next (server.mjs compares the same text). */
export const ANSWER_WITH_NEXT = 'answer-with-next';

/**
 * The live update stream: opened here when it is a signed-in caller's well-formed GET; anything
 * else is the tRPC route's, under Next. An open stream through Next holds Next's per-request state
 * for as long as it is open.
 */
const updateStreamDirect: DirectHandler = async (req, res) => ((await openUpdateStream(req, res)) ? undefined : ANSWER_WITH_NEXT);

/** Path → handler; the handler answers every method (it refuses those it does not take: 405), or hands the request to Next. */
const DIRECT_ROUTES: ReadonlyMap<string, DirectHandler> = new Map<string, DirectHandler>([
  ['/api/webhooks/stripe', stripeWebhookRoute],
  ['/api/unigen', submitRoute],
  ['/api/trpc/prediction.onUpdate', updateStreamDirect],
  // The list reads people repeat most: what they do not answer (errors, other shapes) goes to Next's tRPC route.
  ...Object.entries(directListReads).map(([path, answer]): [string, DirectHandler] => [path, async (req, res) => ((await answer(req, res)) ? undefined : ANSWER_WITH_NEXT)]),
]);

/** The handler that answers `url` (a request's path and query) here, or undefined: Next answers it. */
export function directRouteFor(url: string | undefined): DirectHandler | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  return DIRECT_ROUTES.get(query === -1 ? url : url.slice(0, query));
}
