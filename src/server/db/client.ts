/**
 * The Prisma client, one per process (kept on globalThis so Next's hot reload reuses it).
 * With DATABASE_URL it talks to that PostgreSQL server; without, it starts the embedded PGlite
 * database in DATA_DIR (migrations applied on first use) and talks to it over a loopback socket
 * with the same pg adapter as production. On a PostgreSQL server every query runs as a prepared
 * statement (statement-names.ts): parsed and planned once per connection.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { getEnv } from '~/env';
import { PrismaClient } from './generated/client';
import { registerDirectPool } from './direct-query';
import { startEmbeddedDatabase, stopEmbeddedDatabases } from './embedded';
import { redactDatabaseUrl } from './redact';
import { statementNameFor } from './statement-names';

export type Db = PrismaClient;

type DbGlobal = { studioDb?: Promise<Db> };
const holder = globalThis as unknown as DbGlobal;

export function createDb(connectionString: string, options: { maxConnections?: number } = {}): Db {
  const max = options.maxConnections ?? 10;
  // Our own pool, handed to the adapter (which ends it on disconnect), so the submit's one statement
  // can run on the same connections directly (direct-query.ts). One connection (PGlite) is never
  // closed when idle, so a reconnect cannot race the server.
  const pool = new pg.Pool({ connectionString, max, ...(max === 1 ? { idleTimeoutMillis: 0 } : {}) });
  // Prepared statements live in the server session; PGlite's one session outlives its connections,
  // so a new connection's PARSE of a name would collide: statements are named on real servers only.
  const named = max !== 1;
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, ...(named ? { statementNameGenerator: statementNameFor } : {}) });
  // With one connection, transactions queue behind each other: give them time to get their turn.
  const db = max === 1 ? new PrismaClient({ adapter, transactionOptions: { maxWait: 30_000, timeout: 30_000 } }) : new PrismaClient({ adapter });
  registerDirectPool(db, pool, named);
  return db;
}

async function connect(): Promise<Db> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const db = createDb(env.DATABASE_URL);
    await db.$queryRawUnsafe('SELECT 1').catch(async (error: unknown) => {
      // This pool is abandoned (the next request tries again): close it rather than leak it.
      await db.$disconnect().catch(() => undefined);
      // Prisma's messages span several lines; the last non-empty one says what went wrong.
      const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((l) => l.trim()).filter(Boolean);
      const reason = lines.at(-1) ?? 'unknown error';
      // The cause keeps Prisma's code, so requests meanwhile answer 503 (database_unavailable).
      throw new Error(`Cannot reach the PostgreSQL server at DATABASE_URL (${redactDatabaseUrl(env.DATABASE_URL!)}): ${reason}`, { cause: error });
    });
    return db;
  }
  const embedded = await startEmbeddedDatabase(env.DATA_DIR);
  // PGlite is a single session: more than one connection corrupts concurrent transactions.
  return createDb(embedded.connectionString, { maxConnections: 1 });
}

export function getDb(): Promise<Db> {
  holder.studioDb ??= connect().catch((error: unknown) => {
    holder.studioDb = undefined;
    throw error;
  });
  return holder.studioDb;
}

/**
 * Closes the process's database client (its pool's connections end) and, on the embedded database,
 * the database itself: the last step of a clean stop. A later getDb() connects again.
 */
export async function closeDb(): Promise<void> {
  const current = holder.studioDb;
  holder.studioDb = undefined;
  const db = await current?.catch(() => undefined);
  await db?.$disconnect();
  await stopEmbeddedDatabases();
}
