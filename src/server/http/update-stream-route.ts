/**
 * /api/trpc/prediction.onUpdate: a person's live generation updates as Server-Sent Events in tRPC's
 * wire format (what httpSubscriptionLink reads: a `connected` event with the client's settings, each
 * prediction as superjson's text, a `ping` while nothing happens), answered as an ordinary route.
 *
 * Why not through tRPC's adapter: an open stream there holds a Fetch Request and Response, web
 * streams piped through two transforms, nested async generators and a ping timer each, and Next's
 * per-request state, for as long as it is open (BENCHMARKS.md, 'Open streams'). Here a stream is its
 * connection and one watcher in the process's notifier (services/generation/update-notifier.ts):
 * the notifier reads, checks and presents each change once for every stream of its owner, this
 * route serialises it once, and one timer pings the open streams, a group each second.
 *
 * The stream ends when its connection closes (the response's 'close', which node:http emits when
 * the client goes away, under Next's API routes too), and its watcher goes with it. A slow client
 * whose unsent events pass MAX_UNSENT_BYTES is cut off (its client reconnects and reads afresh).
 *
 * Only a well-formed GET of a signed-in caller is opened here; anything else (another method, input
 * the schema refuses, no session, connectionParams) is the tRPC route's to answer, with its errors.
 * The production server answers it before Next (direct-routes.ts); its pages/api file is the same
 * handler for `next dev` and DIRECT_ROUTES=off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
import superjson from 'superjson';
import { onUpdateInput } from '~/server/routers/prediction/on-update.schema';
import { watchGenerationUpdates } from '~/server/services/generation/update-notifier';
import type { Prediction } from '~/server/services/generation/present';
import { SSE_SETTINGS } from '~/server/trpc/init';
import { signedInCaller } from '~/server/trpc/procedures';
import { apiKeyOf } from './credentials';
import { jsonNestsDeeperThan } from './json-depth';
import { contextFromRequest } from './request-context';
import { superjsonText } from './superjson-text';
import { trpcRouteAt } from './trpc-route';

const PATH = 'prediction.onUpdate';

/** Unsent bytes a stream may hold for a client that does not read before it is cut off. */
export const MAX_UNSENT_BYTES = 1024 * 1024;

/** tRPC's event framing (its sseStreamProducer): each field on its line, then a blank line. */
const CONNECTED = `event: connected\ndata: ${JSON.stringify(SSE_SETTINGS.client)}\n\n\n`;
const PING = 'event: ping\ndata: \n\n\n';

/** The response headers tRPC's adapter sends with a stream. */
const HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive', vary: 'trpc-accept, accept' };

/**
 * Open streams in groups, one pinged each second: every stream hears a ping once an interval, and
 * the writes are spread over it (10,000 streams: about 670 a second rather than 10,000 at once, a
 * burst that stalls every other request for tens of milliseconds).
 */
const PING_GROUPS = Math.max(1, Math.round(SSE_SETTINGS.ping.intervalMs / 1000));
const groups: Array<Set<ServerResponse>> = Array.from({ length: PING_GROUPS }, () => new Set());
let joined = 0;
let pinged = 0;
let pinger: ReturnType<typeof setInterval> | undefined;

function write(res: ServerResponse, text: string): void {
  if (res.writableLength > MAX_UNSENT_BYTES) {
    res.destroy();
    return;
  }
  res.write(text);
}

function startPinging(): void {
  if (pinger) return;
  pinger = setInterval(() => {
    pinged = (pinged + 1) % PING_GROUPS;
    for (const res of groups[pinged]!) write(res, PING);
  }, SSE_SETTINGS.ping.intervalMs / PING_GROUPS);
  pinger.unref();
}

/** Each prediction's event text, made once for all the streams it goes to. */
const events = new WeakMap<Prediction, string>();
function eventOf(prediction: Prediction): string {
  let text = events.get(prediction);
  if (text === undefined) {
    text = `data: ${superjsonText(prediction)}\n\n\n`;
    events.set(prediction, text);
  }
  return text;
}

/** The subscription's input (deserialised), or the reason this request is the tRPC route's. */
function inputOf(req: IncomingMessage): { input: unknown } | null {
  if (req.method !== 'GET' || apiKeyOf(req) !== null) return null;
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  if (query.has('connectionParams')) return null;
  const text = query.get('input');
  if (text === null) return { input: undefined };
  if (jsonNestsDeeperThan(text)) return null;
  try {
    return { input: superjson.deserialize(JSON.parse(text) as Parameters<typeof superjson.deserialize>[0]) };
  } catch {
    return null;
  }
}

/** Opens the stream when the request is one this route answers; false: it is the tRPC route's. */
export async function openUpdateStream(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const asked = inputOf(req);
  if (!asked) return false;
  const input = onUpdateInput.safeParse(asked.input);
  if (!input.success) return false;
  let ctx;
  let userId: string;
  try {
    ctx = await contextFromRequest(req);
    userId = (await signedInCaller(ctx)).id;
  } catch {
    return false;
  }
  // The client may have gone while its session was read: nothing to open, and no 'close' to come.
  if (res.destroyed || req.socket.destroyed) return true;
  res.writeHead(200, HEADERS);
  res.write(CONNECTED);
  const group = groups[joined++ % PING_GROUPS]!;
  group.add(res);
  startPinging();
  const stop = watchGenerationUpdates(ctx.db, { userId, ids: input.data?.ids ? new Set(input.data.ids) : null, send: (prediction) => write(res, eventOf(prediction)) });
  res.once('close', () => {
    group.delete(res);
    stop();
  });
  return true;
}

/** Streams open in this process. */
export function openUpdateStreams(): number {
  return groups.reduce((count, group) => count + group.size, 0);
}

/** The route under Next (`next dev`, DIRECT_ROUTES=off): what is not opened here goes to the tRPC route. */
export async function updateStreamRoute(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  if (!(await openUpdateStream(req, res))) await trpcRouteAt(PATH, req, res);
}
