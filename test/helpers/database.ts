/**
 * A fresh, migrated database for one test file.
 *
 * - TEST_DATABASE_URL set (a real PostgreSQL server; the role must be allowed to CREATE DATABASE):
 *   a uniquely named database is created on that server as a copy of a migrated template, and
 *   dropped by stop(). The template is migrated once per set of migrations (its name carries their
 *   hash), by whichever test process gets there first: copying it takes a fraction of the time
 *   that applying the migrations to every test file's database did.
 * - Otherwise: an in-memory PGlite served on a loopback port (migrations applied). PGlite is one
 *   session: connect to it with a pool of ONE connection (createTestDb does).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/** A name for the migrated template that changes whenever a migration does. */
function templateName(): string {
  const root = path.join(process.cwd(), 'prisma', 'migrations');
  const hash = createHash('sha256');
  for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(entry.name);
    if (entry.isDirectory()) hash.update(readFileSync(path.join(root, entry.name, 'migration.sql')));
  }
  return `studio_template_${hash.digest('hex').slice(0, 16)}`;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Any value: the lock that lets one test process build the template while the others wait for it. */
const TEMPLATE_LOCK = 7_310_524;
let template: Promise<string> | undefined;

/** The migrated template on this server, made once (under an advisory lock) if it is not there yet. */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= withAdmin(serverUrl, async (client) => {
    const name = templateName();
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        // Built under another name and renamed when complete: a crash midway never leaves a half-migrated template.
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${building}"`);
        await applyMigrations(databaseUrl(serverUrl, building));
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  template.catch(() => (template = undefined));
  return template;
}

async function createServerDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `studio_test_${Date.now().toString(36)}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const source = await migratedTemplate(serverUrl);
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= withAdmin(serverUrl, async (client) => {
      // WITH (FORCE) (PostgreSQL 13+) ends connections a test forgot to close.
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }));
  return { connectionString: databaseUrl(serverUrl, name), kind: 'postgres', maxConnections: 20, stop };
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
