/**
 * The embedded database: a PGlite served on a loopback port (pglite-server.ts) in `<dataDir>/pglite`,
 * migrated on start, so the app talks to it with the same `@prisma/adapter-pg` as to a real server.
 *
 * PGlite is ONE session: clients must use a pool of at most one connection (concurrent connections
 * interleave their protocol messages). One process per data folder, enforced by a lock file.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { applyMigrations } from './migrations';
import { startPgliteServer, type DatabaseHandle, type PgliteServer } from './pglite-server';

export type { DatabaseHandle } from './pglite-server';
/** `applied`: the migrations this start applied (empty when the database was up to date). */
export type EmbeddedDatabase = DatabaseHandle & { applied: string[] };

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

/** Stops every embedded database this process started (a clean stop: the data is flushed and the folder's lock released). */
export async function stopEmbeddedDatabases(): Promise<void> {
  const started = [...(holder.studioEmbeddedDatabases?.values() ?? [])];
  await Promise.allSettled(started.map(async (database) => (await database).stop()));
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
