/**
 * One studio instance in its own process, for tests that need several: the real API routes (REST
 * and tRPC) served over HTTP, its own database pool, engine, update bus and caches, on the
 * DATABASE_URL it is given. Prints `READY <url>` once the runtime (and its bus) is up; stops on
 * SIGTERM. Run with tsx: `node node_modules/tsx/dist/cli.mjs test/helpers/instance-main.ts`.
 */
import { getDb } from '~/server/db/client';
import { ensureServerRuntime, serverRuntimeReady, stopServerRuntime } from '~/server/runtime';
import { serveRoutes } from './api-route-server';
import { allApiRoutes } from './studio';

async function main(): Promise<void> {
  const server = await serveRoutes({
    ...(await allApiRoutes()),
    '/api/trpc/prediction.get': await import('~/pages/api/trpc/prediction.get'),
    '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]'),
  });
  const db = await getDb();
  ensureServerRuntime(db);
  await serverRuntimeReady();
  process.stdout.write(`READY ${server.url}\n`);
  process.once('SIGTERM', () => {
    void (async () => {
      await stopServerRuntime();
      await server.close();
      await db.$disconnect();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
