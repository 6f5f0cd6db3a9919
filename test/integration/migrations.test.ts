/**
 * The committed migrations (prisma/migrations) and prisma/schema.prisma agree, apply idempotently,
 * and build the expected tables; the embedded database persists, migrates itself and is locked to
 * one process; the migrate CLI fails in one line on an unreachable server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '~/server/db/embedded';
import { applyMigrations, diagnoseMigrations, diffMigrationsToSchema } from '~/server/db/migrations';
import { createTestDb, getTestDatabase, type TestDatabase, type TestDb } from '@test/helpers/database';

const repoRoot = process.cwd();

async function committedMigrations(): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, 'prisma', 'migrations'), { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('committed migrations', () => {
  it('produce exactly prisma/schema.prisma (run `npm run db:migration:new -- <name>` if this fails)', async () => {
    const drift = await diffMigrationsToSchema();
    expect(drift, `schema.prisma differs from prisma/migrations; missing migration:\n${drift}`).toBe('');
  }, 120_000);

  it('include the lock file Prisma expects', async () => {
    const lock = await readFile(path.join(repoRoot, 'prisma', 'migrations', 'migration_lock.toml'), 'utf8');
    expect(lock).toMatch(/provider\s*=\s*"postgresql"/);
    expect((await committedMigrations()).length).toBeGreaterThan(0);
  });
});

describe('applying the migrations to a fresh test database', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await getTestDatabase(); // applies them once
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it('records every migration in _prisma_migrations, as prisma migrate deploy would', async () => {
    const rows = await withClient(database.connectionString, async (client) => {
      const result = await client.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
        'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
      );
      return result.rows;
    });
    expect(rows.map((r) => r.migration_name)).toEqual(await committedMigrations());
    for (const row of rows) {
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
  });

  it('is idempotent', async () => {
    expect(await applyMigrations(database.connectionString)).toEqual({ applied: [] });
    expect(await applyMigrations(database.connectionString)).toEqual({ applied: [] });
    const diagnosis = await diagnoseMigrations(database.connectionString);
    expect(diagnosis).toMatchObject({ history: null, failedMigrationNames: [], editedMigrationNames: [], hasMigrationsTable: true });
  }, 60_000);

  it('leaves the expected tables', async () => {
    const tables = await withClient(database.connectionString, async (client) => {
      const result = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      return result.rows.map((r) => r.table_name);
    });
    expect(tables).toEqual(
      expect.arrayContaining([
        'User',
        'Account',
        'Session',
        'VerificationToken',
        'CreditLedgerEntry',
        'Generation',
        'StoredObject',
        'WebhookDelivery',
        '_prisma_migrations',
      ]),
    );
  });
});

describe('createTestDb', () => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb();
  }, 120_000);

  afterAll(async () => {
    await testDb?.stop();
  });

  it('gives a Prisma client on a migrated database, enforcing the schema constraints', async () => {
    const { db } = testDb;
    const user = await db.user.create({ data: { email: 'migrations-test@example.test', credits: 5 } });
    await db.creditLedgerEntry.create({ data: { userId: user.id, amount: 5, balanceAfter: 5, reason: 'grant' } });
    expect(await db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(1);
    await expect(db.user.create({ data: { email: 'migrations-test@example.test' } })).rejects.toThrow();
  });
});

describe('the embedded database', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-embedded-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function exitedPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  }

  async function writeLock(dir: string, pid: number): Promise<void> {
    await writeFile(path.join(dir, 'pglite.lock'), JSON.stringify({ pid, start: null, host: os.hostname() }));
  }

  it('is created and migrated on first start, reused while running, and persists across restarts', async () => {
    // A lock left by a process that died is stale: it is taken over.
    await writeLock(dataDir, await exitedPid());
    const first = await startEmbeddedDatabase(dataDir);
    expect(first.applied).toEqual(await committedMigrations());
    expect(await startEmbeddedDatabase(dataDir)).toBe(first); // one per process and folder
    await withClient(first.connectionString, (client) =>
      client.query(`INSERT INTO "WebhookDelivery" (id, provider) VALUES ('persisted', 'test')`),
    );
    await first.stop();

    const second = await startEmbeddedDatabase(dataDir);
    try {
      expect(second).not.toBe(first);
      expect(second.applied).toEqual([]);
      const rows = await withClient(second.connectionString, (client) =>
        client.query<{ id: string }>('SELECT id FROM "WebhookDelivery"'),
      );
      expect(rows.rows.map((r) => r.id)).toEqual(['persisted']);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('refuses a data folder locked by another live process, in one sentence', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-locked-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeLock(dir, other.pid!);
      await expect(startEmbeddedDatabase(dir)).rejects.toThrow(
        new RegExp(`^The embedded database in .+ is in use by another process \\(pid ${other.pid}\\)`),
      );
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run db:migrate', () => {
  it('prints one line and exits 1 when the server is unreachable', async () => {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/scripts/migrate.ts', 'deploy'],
        {
          cwd: repoRoot,
          env: { ...process.env, DATABASE_URL: 'postgresql://studio:secret@127.0.0.1:1/studio' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach the PostgreSQL server at postgresql:\/\/studio:\*\*\*@127\.0\.0\.1:1\/studio/);
  }, 60_000);
});
