/**
 * `npm run bench -- --only=webhook` serves the Stripe webhook route in this process of its own (the
 * route module itself, through the test route server: real HTTP, the handler Next would call,
 * Prisma on PostgreSQL), so the load generator does not share its event loop. Prints its URL.
 */
import { getDb } from '~/server/db/client';
import { ensureServerRuntime } from '~/server/runtime';
import { serveRoutes } from '../helpers/api-route-server';

async function main(): Promise<void> {
  const db = await getDb();
  // The background parts start with the first request in the app; here they start, and their first
  // rounds load what they load, before anything is measured (under tsx a module loads by compiling).
  ensureServerRuntime(db);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const server = await serveRoutes({ '/api/webhooks/stripe': await import('~/pages/api/webhooks/stripe') });
  console.log(`listening ${server.url}`);
  // A clean exit on the bench's signal, so --cpu-prof writes its profile.
  process.once('SIGTERM', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
