/**
 * A whole studio for integration tests: a fresh migrated database, a temporary DATA_DIR, the
 * environment the test asks for (TIME_SCALE defaults to 0.01), the real API routes served over
 * HTTP, users with credits granted through the ledger, and tRPC callers for them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resetEnvCache } from '~/env';
import { createDb, type Db } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { stopServerRuntime } from '~/server/runtime';
import { runEngineOnce } from '~/server/services/generation/engine';
import { screeningsSettled } from '~/server/services/moderation/publishing';
import { setProviderOverrideForTests } from '~/server/services/generation/provider-registry';
import { setStorageDriverForTests } from '~/server/services/storage';
import { setSafeFetchTestNetwork } from '~/server/services/net/safe-fetch';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { serveRoutes, sessionCookieFor, type RouteServer, type RouteTable } from './api-route-server';
import { getTestDatabase, type TestDatabase } from './database';
import { makePng } from './images';
import { pollUntil, WAIT_MS } from './poll';

type DbHolder = { studioDb?: Promise<Db> };

export type StudioUser = { id: string; email: string };

export type Studio = {
  db: Db;
  database: TestDatabase;
  server: RouteServer;
  dataDir: string;
  createUser(options?: { email?: string; credits?: number; premium?: boolean }): Promise<StudioUser>;
  caller(user: StudioUser | null, options?: { signal?: AbortSignal }): ReturnType<typeof createCaller>;
  cookieFor(user: StudioUser): Promise<string>;
  balance(user: StudioUser): Promise<number>;
  /** Uploads a small PNG as the user would (signed URL, then PUT) and returns its public URL. */
  upload(user: StudioUser, options?: { color?: string }): Promise<string>;
  stop(): Promise<void>;
};

export async function allApiRoutes(): Promise<RouteTable> {
  return {
    '/api/get-user-details': await import('~/pages/api/get-user-details'),
    '/api/unigen': await import('~/pages/api/unigen/index'),
    '/api/unigen/check': await import('~/pages/api/unigen/check'),
    '/api/unigen/sync': await import('~/pages/api/unigen/sync/index'),
    '/api/unigen/sync/check': await import('~/pages/api/unigen/sync/check'),
    '/api/unigen/[id]': await import('~/pages/api/unigen/[id]'),
    '/api/unigen/batch': await import('~/pages/api/unigen/batch/index'),
    '/api/unigen/batch/[id]': await import('~/pages/api/unigen/batch/[id]'),
    '/api/unigen/batch/[id]/cancel': await import('~/pages/api/unigen/batch/[id]/cancel'),
    '/api/image2prompt': await import('~/pages/api/image2prompt'),
    '/api/caption-image': await import('~/pages/api/caption-image'),
    '/api/random-prompt': await import('~/pages/api/random-prompt'),
    '/api/get-signedurl': await import('~/pages/api/get-signedurl'),
    '/api/image-proxy': await import('~/pages/api/image-proxy'),
    '/api/storage/[...key]': await import('~/pages/api/storage/[...key]'),
    '/api/creations/archive': await import('~/pages/api/creations/archive'),
    '/api/webhooks/replicate': await import('~/pages/api/webhooks/replicate'),
    '/api/webhooks/fal': await import('~/pages/api/webhooks/fal'),
    '/api/webhooks/stripe': await import('~/pages/api/webhooks/stripe'),
  };
}

export async function startStudio(options: { env?: Record<string, string | undefined> } = {}): Promise<Studio> {
  const saved = { ...process.env };
  const database = await getTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-it-'));
  const server = await serveRoutes(await allApiRoutes());
  for (const name of Object.keys(process.env)) {
    if (/^(DATABASE_URL|REPLICATE_|FAL_|S3_|PUBLIC_BASE_URL|MAINTENANCE_|GOOGLE_|DEV_SIGNIN|LOCAL_ENGINE|STRIPE_|LOCAL_CHECKOUT)/.test(name)) delete process.env[name];
  }
  // Screening public creations (the inference worker) is on for the tests of moderation only, which ask for it.
  Object.assign(process.env, { DATABASE_URL: database.connectionString, DATA_DIR: dataDir, NEXTAUTH_URL: server.url, TIME_SCALE: '0.01', STARTING_CREDITS: '0', NSFW_CHECK: 'off' });
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  // The provider fakes serve outputs from 127.0.0.1, which production refuses to fetch.
  setSafeFetchTestNetwork({ loopbackHosts: ['127.0.0.1'] });
  // The routes' getDb() must use this database with the pool size it allows (PGlite: one session).
  const db = createDb(database.connectionString, { maxConnections: database.maxConnections });
  (globalThis as DbHolder).studioDb = Promise.resolve(db);
  let count = 0;
  const studio: Studio = {
    db,
    database,
    server,
    dataDir,
    async createUser({ email, credits = 0, premium = false } = {}) {
      count += 1;
      const user = await db.user.create({ data: { email: email ?? `user-${count}-${Date.now()}@example.test`, premium }, select: { id: true, email: true } });
      if (credits > 0) await grantCredits(db, user.id, credits, { reason: 'admin_grant', note: 'test grant' });
      return user;
    },
    caller: (user, options) => createCaller(createInnerContext({ db, user: user ? { id: user.id } : null }), options),
    cookieFor: (user) => sessionCookieFor(user.id),
    async upload(user, { color = '#3366cc' } = {}) {
      const bytes = await makePng({ width: 64, height: 48, color });
      const signed = await createCaller(createInnerContext({ db, user: { id: user.id } })).upload.signedUrl({
        contentType: 'image/png',
        remoteName: `${Date.now().toString(36)}${count}.png`,
        sourceSubfolder: 'uploads/2026-11-25',
        size: bytes.length,
      });
      const put = await fetch(signed.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
      if (!put.ok) throw new Error(`upload failed: ${put.status}`);
      return signed.publicUrl;
    },
    async balance(user) {
      return (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { credits: true } })).credits;
    },
    async stop() {
      await screeningsSettled();
      // The routes close first: every request starts the server runtime if none is running, so a
      // request answered after the runtime's stop would start its rounds again on this database.
      await server.close();
      // A handler whose client hung up goes on without its connection, and nothing signals its end:
      // its last statements get a moment before the runtime stops and the database goes away.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await stopServerRuntime();
      setSafeFetchTestNetwork(null);
      setProviderOverrideForTests(null);
      setStorageDriverForTests(null);
      await db.$disconnect().catch(() => undefined);
      delete (globalThis as DbHolder).studioDb;
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
      resetEnvCache();
    },
  };
  return studio;
}

/** Reads the generation until it reaches one of the statuses (or fails the test). */
export function waitForGeneration(db: Db, id: string, statuses: readonly string[], timeoutMs = WAIT_MS) {
  return pollUntil(() => db.generation.findUniqueOrThrow({ where: { id } }), (row) => statuses.includes(row.status), `generation ${id} to be ${statuses.join(' or ')}`, { timeoutMs });
}

/**
 * Runs the engine's rounds (as the server's timer would) until the generation reaches one of the
 * statuses, by default an end (or fails the test).
 */
export function runUntil(db: Db, id: string, statuses: readonly string[] = ['succeeded', 'failed'], timeoutMs = 30_000) {
  const round = async () => {
    await runEngineOnce(db);
    return db.generation.findUniqueOrThrow({ where: { id } });
  };
  return pollUntil(round, (row) => statuses.includes(row.status), `generation ${id} to be ${statuses.join(' or ')}`, { timeoutMs });
}
