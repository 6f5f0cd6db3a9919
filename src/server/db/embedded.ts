/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) served over a loopback TCP
 * port by `@electric-sql/pglite-socket`, so the app talks to it with the same `@prisma/adapter-pg`
 * as to a real server.
 *
 * PGlite is ONE session: clients must use a pool of at most one connection (concurrent connections
 * interleave their protocol messages). One process per data folder, enforced by a lock file.
 */
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrations';

export type DatabaseHandle = { connectionString: string; stop(): Promise<void> };
/** `applied`: the migrations this start applied (empty when the database was up to date). */
export type EmbeddedDatabase = DatabaseHandle & { applied: string[] };

export type PgliteServer = DatabaseHandle & { db: PGlite; activeConnections(): number };

/**
 * Serves one PGlite on 127.0.0.1 and a free port, with no migrations applied.
 * `dataDir` omitted: in memory. `maxConnections` (default 2) leaves room for a client's reconnect
 * overlapping its previous connection's teardown; a pool bigger than that fails loudly.
 */
export async function startPgliteServer(options: { dataDir?: string; maxConnections?: number }): Promise<PgliteServer> {
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = options.dataDir ? await createPersistentPglite(options.dataDir) : await createInMemoryPglite();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: options.maxConnections ?? 2 });
  try {
    await server.start();
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const port = server.getServerConn().split(':').at(-1);
  let stopped: Promise<void> | undefined;
  return {
    db,
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    activeConnections: () => server.getStats().activeConnections,
    stop: () =>
      (stopped ??= (async () => {
        await server.stop();
        await db.close();
      })()),
  };
}

async function createPersistentPglite(dataDir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ dataDir });
}

// A fresh PGlite runs initdb (~5 s here); loading a dump of a freshly initialised one takes ~1 s.
// The dump is made once per PGlite version and cached in node_modules/.cache (and in the process).

type TemplateGlobal = { studioPgliteTemplate?: Promise<Blob | undefined> };
const templateHolder = globalThis as unknown as TemplateGlobal;

async function createInMemoryPglite(): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  let fresh: PGlite | undefined;
  templateHolder.studioPgliteTemplate ??= (async () => {
    const file = await templateFile();
    const cached = file && existsSync(file) ? await readFile(file).catch(() => undefined) : undefined;
    if (cached) return new Blob([cached], { type: 'application/x-gzip' });
    fresh = await PGlite.create({});
    const dump = await fresh.dumpDataDir('gzip');
    if (file) await writeAtomically(file, Buffer.from(await dump.arrayBuffer())).catch(() => undefined);
    return dump;
  })().catch(() => undefined);
  const template = await templateHolder.studioPgliteTemplate;
  if (fresh) return fresh;
  if (template) {
    try {
      return await PGlite.create({ loadDataDir: template });
    } catch {
      // A damaged cache: forget it and initialise from scratch.
      templateHolder.studioPgliteTemplate = Promise.resolve(undefined);
      const file = await templateFile();
      if (file) await unlink(file).catch(() => undefined);
    }
  }
  return PGlite.create({});
}

/** node_modules/.cache/studio/pglite-<version>.tar.gz, or undefined when there is no node_modules here. */
async function templateFile(): Promise<string | undefined> {
  const modules = path.join(process.cwd(), 'node_modules');
  try {
    const pkg = JSON.parse(await readFile(path.join(modules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ? path.join(modules, '.cache', 'studio', `pglite-${pkg.version}.tar.gz`) : undefined;
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Waits (briefly) until the server has seen every client disconnect, so the next client gets a slot. */
async function settle(server: PgliteServer): Promise<void> {
  for (let i = 0; i < 100 && server.activeConnections() > 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An in-memory PGlite with the migrations applied, for tests. */
export async function startEphemeralDatabase(options: { root?: string } = {}): Promise<DatabaseHandle> {
  const server = await startPgliteServer({});
  try {
    await applyMigrations(server.connectionString, options);
    await settle(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { connectionString: server.connectionString, stop: server.stop };
}

// ---------------------------------------------------------------------------------------------
// The process-wide embedded database

type EmbeddedGlobal = { studioEmbeddedDatabases?: Map<string, Promise<EmbeddedDatabase>> };
const holder = globalThis as unknown as EmbeddedGlobal;

/**
 * Starts (once per process and data folder) the PGlite database in `<dataDir>/pglite`, created on
 * first run, and applies pending migrations. Later calls return the same handle, also across Next's
 * hot reloads.
 */
export function startEmbeddedDatabase(
  dataDir: string,
  options: { /** false: leave the migrations alone (migrate CLI's status/resolve). */ migrate?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir);
  holder.studioEmbeddedDatabases ??= new Map();
  const databases = holder.studioEmbeddedDatabases;
  const existing = databases.get(dir);
  if (existing) return existing;
  const started = startEmbedded(dir, options.migrate ?? true, () => databases.delete(dir));
  databases.set(dir, started);
  started.catch(() => {
    if (databases.get(dir) === started) databases.delete(dir);
  });
  return started;
}

async function startEmbedded(dir: string, migrate: boolean, forget: () => void): Promise<EmbeddedDatabase> {
  await mkdir(dir, { recursive: true });
  const releaseLock = await acquireLock(path.join(dir, 'pglite.lock'), dir);
  let server: PgliteServer | undefined;
  let applied: string[] = [];
  try {
    server = await startPgliteServer({ dataDir: path.join(dir, 'pglite') });
    if (migrate) ({ applied } = await applyMigrations(server.connectionString));
    await settle(server);
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await releaseLock();
    throw error;
  }
  const running = server;
  let stopped: Promise<void> | undefined;
  return {
    connectionString: running.connectionString,
    applied,
    stop: () =>
      (stopped ??= (async () => {
        forget();
        try {
          await running.stop();
        } finally {
          await releaseLock();
        }
      })()),
  };
}

// ---------------------------------------------------------------------------------------------
// Lock file: { pid, start (Linux process start time), host }

type LockInfo = { pid: number; start: string | null; host: string };

function processStart(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat (after the parenthesised command name) is the start time.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(info: LockInfo): boolean {
  if (info.pid === process.pid) return false; // ours from an earlier life of this pid: stale
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid exists; on Linux make sure it is the same process, not a reused pid.
  const start = processStart(info.pid);
  return info.start === null || start === null || start === info.start;
}

async function acquireLock(file: string, dir: string): Promise<() => Promise<void>> {
  const mine: LockInfo = { pid: process.pid, start: processStart(process.pid), host: hostname() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(mine));
      await handle.close();
      const removeOnExit = () => {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', removeOnExit);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        process.removeListener('exit', removeOnExit);
        await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holderInfo: LockInfo | undefined;
    try {
      holderInfo = JSON.parse(await readFile(file, 'utf8')) as LockInfo;
    } catch {
      holderInfo = undefined; // unreadable or half-written: treat as stale
    }
    if (holderInfo && typeof holderInfo.pid === 'number' && isAlive(holderInfo)) {
      throw new Error(
        `The embedded database in ${dir} is in use by another process (pid ${holderInfo.pid}): stop it, use another DATA_DIR, or set DATABASE_URL.`,
      );
    }
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`Cannot lock the embedded database in ${dir} (${file}).`);
}
