/**
 * The studio's production server (`npm start`, after `npm run build`). It owns the process's start
 * and stop; the app itself is what `npm run build` compiled:
 * - Next.js answers every request, except the few routes in src/server/http/direct-routes.ts, which
 *   are answered here before Next's request pipeline (why, and which routes may be: that file).
 * - Those handlers, the settings (PORT, DIRECT_ROUTES) and the stop of the server state come from
 *   the compiled app: the compiled src/instrumentation.ts boots the server state and publishes them
 *   on globalThis (src/server/server-handle.ts). A production Next server runs instrumentation
 *   when it answers its first request, not when it prepares, so before serving anyone this file
 *   asks Next one request of its own on a loopback port (bootThroughNext). This file loads no
 *   TypeScript and reads no setting itself.
 *
 * A stop signal (SIGTERM, SIGINT) ends the process cleanly, so a rolling deploy loses no request:
 * the listening socket closes, idle connections close, every request in flight is answered (for up
 * to DRAIN_LIMIT_MS) with `Connection: close`, open event streams end (their clients reconnect to
 * another instance), then the server state stops (the engine's loops, claims released, the
 * inference worker, the database pool) and the process exits 0. A second signal exits at once.
 *
 * `npm start` runs it with `node --v8-pool-size=0`: Node sizes V8's GC helper pool from the
 * machine's available parallelism (README and BENCHMARKS.md say why it matters on small machines).
 */
import { createServer } from 'node:http';
import next from 'next';

const SERVER_HANDLE_KEY = Symbol.for('lumen-studio.server-handle');
/** How long requests in flight may take to finish once a stop is asked for. */
const DRAIN_LIMIT_MS = 10_000;
/** While draining, connections that go idle are closed this often (each answer also says `Connection: close`). */
const DRAIN_SWEEP_MS = 50;

/**
 * One request answered by Next on a private loopback port, before the public one opens: Next
 * registers instrumentation (src/instrumentation.ts) on the first request it handles and waits for
 * it, so once this answers, the server state is up and its handle published.
 */
async function bootThroughNext(answer) {
  const warmUp = createServer((req, res) => void answer(req, res));
  await new Promise((resolve) => warmUp.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${warmUp.address().port}/api/health`, { headers: { connection: 'close' } });
    await response.arrayBuffer();
  } finally {
    warmUp.closeAllConnections();
    await new Promise((resolve) => warmUp.close(resolve));
  }
}

const started = performance.now();
const app = next({ dev: false, hostname: 'localhost' });
await app.prepare();
const answerWithNext = app.getRequestHandler();
await bootThroughNext(answerWithNext);
const studio = globalThis[SERVER_HANDLE_KEY];
if (!studio) {
  console.error('[server] The build does not publish the server handle: run `npm run build` first.');
  process.exit(1);
}

/** Responses not yet finished, so a stop can tell when it may close the connections under them. */
const inFlight = new Set();
let stopping = false;

const server = createServer((req, res) => {
  inFlight.add(res);
  res.once('close', () => inFlight.delete(res));
  if (stopping) res.setHeader('Connection', 'close');
  const direct = studio.directRouteFor(req.url);
  if (!direct) {
    void answerWithNext(req, res);
    return;
  }
  direct(req, res).then((answer) => {
    // The handler left this request to Next (direct-routes.ts's ANSWER_WITH_NEXT) before reading or writing any of it.
    if (answer === 'answer-with-next') void answerWithNext(req, res);
  }, (error) => {
    // The handlers answer their own failures; this is the last resort, as Next's own 500 would be.
    console.error(`[server] ${req.url}:`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

server.listen(studio.port, () => {
  console.log(`✓ Ready in ${Math.round(performance.now() - started)}ms on http://localhost:${studio.port}`);
});

function isEventStream(res) {
  return String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

/** Resolves once every connection has closed, or after DRAIN_LIMIT_MS (the rest are then cut). */
function drain() {
  return new Promise((resolve) => {
    const sweep = () => {
      server.closeIdleConnections();
      // A subscription never ends by itself; its client reconnects and is served elsewhere.
      for (const res of inFlight) if (isEventStream(res)) res.socket?.destroy();
    };
    const sweeper = setInterval(sweep, DRAIN_SWEEP_MS);
    const limit = setTimeout(() => {
      console.warn(`[server] ${inFlight.size} request(s) still in flight after ${DRAIN_LIMIT_MS / 1000} s; closing their connections`);
      server.closeAllConnections();
    }, DRAIN_LIMIT_MS);
    server.close(() => {
      clearInterval(sweeper);
      clearTimeout(limit);
      resolve();
    });
    sweep();
  });
}

async function stop(signal) {
  const asked = performance.now();
  console.log(`[server] ${signal}: finishing ${inFlight.size} request(s) in flight, then stopping`);
  await drain();
  try {
    await studio.stop();
    await app.close();
  } catch (error) {
    console.error('[server] the stop failed:', error);
    process.exit(1);
  }
  console.log(`[server] stopped in ${Math.round(performance.now() - asked)}ms`);
  process.exit(0);
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) {
      console.log(`[server] ${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    void stop(signal);
  });
}
