/**
 * `npm run bench -- --only=webhook` serves the Stripe webhook route in this process of its own (the
 * route module itself, through the test route server: real HTTP, the handler Next would call,
 * Prisma on PostgreSQL), so the load generator does not share its event loop. Prints its URL.
 */
import { getDb } from '~/server/db/client';
import { serveRoutes } from '../helpers/api-route-server';

async function main(): Promise<void> {
  await getDb();
  const server = await serveRoutes({ '/api/webhooks/stripe': await import('~/pages/api/webhooks/stripe') });
  console.log(`listening ${server.url}`);
  // A clean exit on the bench's signal, so --cpu-prof writes its profile.
  process.once('SIGTERM', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
