/**
 * Shared setup of the storage integration tests: a fresh test database, a temporary DATA_DIR, the
 * real API route handlers served over HTTP (their origin is the app origin), and helpers for users
 * and session cookies. Environment changes are undone by stop().
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resetEnvCache } from '~/env';
import { createDb, getDb, type Db } from '~/server/db/client';
import { setStorageDriverForTests } from '~/server/services/storage';
import { setSafeFetchTestNetwork } from '~/server/services/net/safe-fetch';
import { getTestDatabase } from '@test/helpers/database';
import { serveRoutes, sessionCookieFor, type RouteServer, type RouteTable } from '@test/helpers/api-route-server';

const MANAGED_ENV = [
  'DATABASE_URL',
  'DATA_DIR',
  'NEXTAUTH_URL',
  'PUBLIC_BASE_URL',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_BASE_URL',
] as const;

export type StorageTestEnv = {
  db: Db;
  server: RouteServer;
  dataDir: string;
  createUser(email?: string): Promise<{ id: string; email: string }>;
  cookieFor(userId: string): Promise<string>;
  stop(): Promise<void>;
};

export async function allStorageRoutes(): Promise<RouteTable> {
  return {
    '/api/get-signedurl': await import('~/pages/api/get-signedurl'),
    '/api/image-proxy': await import('~/pages/api/image-proxy'),
    '/api/storage/[...key]': await import('~/pages/api/storage/[...key]'),
  };
}

type DbHolder = { studioDb?: Promise<Db> };

function dropCachedDb(): void {
  delete (globalThis as DbHolder).studioDb;
}

export async function startStorageTestEnv(options: { env?: Record<string, string> } = {}): Promise<StorageTestEnv> {
  const saved = Object.fromEntries(MANAGED_ENV.map((name) => [name, process.env[name]]));
  const database = await getTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-storage-'));
  const server = await serveRoutes(await allStorageRoutes());
  for (const name of MANAGED_ENV) delete process.env[name];
  Object.assign(process.env, {
    DATABASE_URL: database.connectionString,
    DATA_DIR: dataDir,
    NEXTAUTH_URL: server.url,
    ...options.env,
  });
  resetEnvCache();
  dropCachedDb();
  // getDb() would open a pool of 10 on DATABASE_URL; PGlite is one session, so hand the handlers a
  // client with the pool size the test database wants (same holder getDb() reads).
  (globalThis as DbHolder).studioDb = Promise.resolve(createDb(database.connectionString, { maxConnections: database.maxConnections }));
  const db = await getDb();
  let users = 0;
  return {
    db,
    server,
    dataDir,
    async createUser(email) {
      users += 1;
      return db.user.create({ data: { email: email ?? `storage-user-${users}-${Date.now()}@example.test` }, select: { id: true, email: true } });
    },
    cookieFor: (userId) => sessionCookieFor(userId),
    async stop() {
      await server.close();
      await db.$disconnect().catch(() => undefined);
      dropCachedDb();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
      setStorageDriverForTests(null);
      setSafeFetchTestNetwork(null);
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvCache();
    },
  };
}
