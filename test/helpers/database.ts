/**
 * A fresh, migrated database for one test file.
 *
 * - TEST_DATABASE_URL set (a real PostgreSQL server; the role must be allowed to CREATE DATABASE):
 *   a uniquely named database is created on that server, migrated, and dropped by stop().
 * - Otherwise: an in-memory PGlite served on a loopback port (migrations applied). PGlite is one
 *   session: connect to it with a pool of ONE connection (createTestDb does).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '~/server/db/client';
import { startEphemeralDatabase } from '~/server/db/embedded';
import { applyMigrations } from '~/server/db/migrations';

export type TestDatabase = {
  connectionString: string;
  /** 'postgres' for a database on TEST_DATABASE_URL's server, 'pglite' for an in-memory PGlite. */
  kind: 'postgres' | 'pglite';
  /** The pool size to use with it: 1 for PGlite (one session), 20 for a real server. */
  maxConnections: number;
  stop(): Promise<void>;
};

export async function getTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) {
    const pglite = await startEphemeralDatabase();
    return { connectionString: pglite.connectionString, kind: 'pglite', maxConnections: 1, stop: pglite.stop };
  }
  return createServerDatabase(serverUrl);
}

async function createServerDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `studio_test_${Date.now().toString(36)}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= admin(async (client) => {
      // WITH (FORCE) (PostgreSQL 13+) ends connections a test forgot to close.
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }));
  try {
    await applyMigrations(connectionString);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { connectionString, kind: 'postgres', maxConnections: 20, stop };
}

export type TestDb = { db: Db; database: TestDatabase; stop(): Promise<void> };

/** A Prisma client on a fresh test database; stop() disconnects it and removes the database. */
export async function createTestDb(): Promise<TestDb> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: database.maxConnections });
  let stopped: Promise<void> | undefined;
  return {
    db,
    database,
    stop: () =>
      (stopped ??= (async () => {
        await db.$disconnect().catch(() => undefined);
        await database.stop();
      })()),
  };
}
