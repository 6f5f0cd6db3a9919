/**
 * Server start: connect to the database (embedded or DATABASE_URL) and start the engine, so jobs
 * left running by a previous process are reconciled right away. A database that cannot be
 * reached is reported in one clear line and the process exits, instead of a stack trace later.
 */
import { getDb } from '~/server/db/client';
import { ensureServerRuntime } from '~/server/runtime';

export async function bootServer(): Promise<void> {
  try {
    ensureServerRuntime(await getDb());
  } catch (error) {
    console.error(`[studio] ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exit(1);
  }
}
