/**
 * The routes the studio's production server (server.mjs, `npm start`) answers itself, before
 * Next's request pipeline; every other request goes to Next.
 *
 * Why: Next's pipeline (routing, locale and rewrite checks, loading the route module, API helpers,
 * tracing) costs about as much main-thread CPU per request as a webhook's own work. Under Stripe's
 * bursts (the bench keeps 20 deliveries in flight) the server then saturated near 450 deliveries a
 * second with a p99 around 120–130 ms; answered here, the same handler took 965–1,032 a second with
 * a p99 of 34–39 ms and well under half the CPU per delivery (BENCHMARKS.md, stop 30).
 *
 * Only a route that needs nothing of Next's request belongs here: a raw body it reads itself, no
 * parsed cookies, query or locale, and an answer written with node:http's own methods. The same
 * handler stays at its pages/api path, so `next dev`, and any request for it that reaches Next,
 * get the same answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stripeWebhookRoute } from './stripe-webhook-route';

export type DirectHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Path → handler; the handler answers every method (a webhook refuses all but POST itself). */
const DIRECT_ROUTES: ReadonlyMap<string, DirectHandler> = new Map([['/api/webhooks/stripe', stripeWebhookRoute]]);

/** The handler that answers `url` (a request's path and query) here, or undefined: Next answers it. */
export function directRouteFor(url: string | undefined): DirectHandler | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  return DIRECT_ROUTES.get(query === -1 ? url : url.slice(0, query));
}
