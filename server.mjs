/**
 * The studio's production server (`npm start`, after `npm run build`): Next.js answers every
 * request, except the few routes in src/server/http/direct-routes.ts, which are answered here
 * before Next's request pipeline (why, and which routes may be: that file).
 *
 * Plain JavaScript run by node, so Next's own modules load as under `next start`. Our TypeScript
 * is loaded through tsx's require hook, registered for that module graph and removed once it is
 * loaded (below). Server state (the database client, the engine) lives on globalThis, so the
 * handlers loaded here share it with Next's bundles, as Next's bundles share it among themselves.
 *
 * Node flags go in package.json's start script (the tests and the bench read it to start the
 * studio as `npm start` does). It runs `node --v8-pool-size=1`: V8's GC helpers are one thread
 * instead of Node's default four. This server runs a CPU model in a worker thread on machines of
 * two cores; with four helpers beside the request thread and the model, the request thread's GC
 * pauses waited for helpers that got no core. The poll's p99 during a 4× upscale went from
 * 1.77–2.30× its idle p99 (5 runs of `npm run bench -- --only=models`) to 1.19× and 0.98× (2 runs),
 * and read 0.99× and 1.05× in two full benches (stop 31), where the Stripe webhook took 882 and
 * 1,224 deliveries a second, p99 39 and 30 ms (goal < 50), and the submit's p99 was 94 and 116 ms.
 * `--single-threaded-gc` was tried first: 1.24–1.86× on a fresh server, but 2.60× in a full bench
 * (every major GC of a grown heap on the request thread) and a fifth less throughput in the
 * saturating benches.
 *
 * PORT (default 3000) as `next start -p`; it listens on every interface, as `next start` does.
 * DIRECT_ROUTES=off hands every request to Next, direct routes included: the bench runs the studio
 * both ways (`npm run bench -- --only=direct`) to show what answering them here buys.
 */
import { createServer } from 'node:http';
import next from 'next';
import { register as registerTypeScript } from 'tsx/cjs/api';

const started = performance.now();
const port = Number(process.env.PORT || 3000);

const app = next({ dev: false, port, hostname: 'localhost' });
await app.prepare();
const answerWithNext = app.getRequestHandler();
// tsx's require hook, scoped to a namespace and removed once the edge's module graph is loaded: it
// would otherwise run for every module Next requires while it answers a request (about 6 % of the
// memory a poll allocates). Our server modules load everything statically; their lazy imports are
// of installed JavaScript packages, which need no hook.
const typeScript = registerTypeScript({ namespace: 'studio-edge' });
const { directRouteFor } = typeScript.require('./src/server/http/direct-routes.ts', import.meta.url);
typeScript.unregister();
const directRoutesOn = process.env.DIRECT_ROUTES !== 'off';

const server = createServer((req, res) => {
  const direct = directRoutesOn ? directRouteFor(req.url) : undefined;
  if (!direct) {
    void answerWithNext(req, res);
    return;
  }
  direct(req, res).catch((error) => {
    // The handlers answer their own failures; this is the last resort, as Next's own 500 would be.
    console.error(`[server] ${req.url}:`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

server.listen(port, () => {
  console.log(`✓ Ready in ${Math.round(performance.now() - started)}ms on http://localhost:${port}`);
});

// As `next start`: a stop signal ends the process once the server has stopped taking requests.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
