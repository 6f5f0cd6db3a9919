/**
 * The studio's production server (`npm start`, after `npm run build`): Next.js answers every
 * request, except the few routes in src/server/http/direct-routes.ts, which are answered here
 * before Next's request pipeline (why, and which routes may be: that file).
 *
 * Plain JavaScript run by node, so Next's own modules load as under `next start`. Our TypeScript
 * is loaded through tsx's scoped import: its hooks apply to that module graph only, never to the
 * modules Next requires on each request. Server state (the database client, the engine) lives on
 * globalThis, so the handlers loaded here share it with Next's bundles, as Next's bundles share it
 * among themselves.
 *
 * PORT (default 3000) as `next start -p`; it listens on every interface, as `next start` does.
 */
import { createServer } from 'node:http';
import next from 'next';
import { tsImport } from 'tsx/esm/api';

const started = performance.now();
const port = Number(process.env.PORT || 3000);

const app = next({ dev: false, port, hostname: 'localhost' });
await app.prepare();
const answerWithNext = app.getRequestHandler();
const { directRouteFor } = await tsImport('./src/server/http/direct-routes.ts', import.meta.url);

const server = createServer((req, res) => {
  const direct = directRouteFor(req.url);
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
