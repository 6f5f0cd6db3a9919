/**
 * One PGlite (PostgreSQL compiled to WebAssembly) served over a loopback TCP port by
 * `@electric-sql/pglite-socket`, so clients talk to it with the same `@prisma/adapter-pg` as to a
 * real server. The embedded database (embedded.ts) and the migrations' throwaway shadow database
 * (migrations.ts) both start theirs here; this file applies no migrations, so neither imports the
 * other through it.
 *
 * PGlite is ONE session: clients must use a pool of at most one connection (concurrent connections
 * interleave their protocol messages).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export type DatabaseHandle = { connectionString: string; stop(): Promise<void> };

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

/**
 * The contrib extensions the migrations create (history search: accent folding, and pg_trgm, whose
 * trigram index migration history_search creates and search_owner_keys drops for a per-user index:
 * a new database runs both).
 * PGlite only has an extension whose bundle it was started with; a real server ships them in its
 * contrib package (both are "trusted": a database owner may create them).
 */
async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

async function createPersistentPglite(dataDir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ dataDir, extensions: await pgliteExtensions() });
}

// A fresh PGlite runs initdb (~5 s here); loading a dump of a freshly initialised one takes ~1 s.
// The dump is made once per PGlite version and cached in node_modules/.cache (and in the process).

type TemplateGlobal = { studioPgliteTemplate?: Promise<Blob | undefined> };
const templateHolder = globalThis as unknown as TemplateGlobal;

async function createInMemoryPglite(): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  let fresh: PGlite | undefined;
  templateHolder.studioPgliteTemplate ??= (async () => {
    const file = await templateFile();
    const cached = file && existsSync(file) ? await readFile(file).catch(() => undefined) : undefined;
    if (cached) return new Blob([cached], { type: 'application/x-gzip' });
    fresh = await PGlite.create({ extensions });
    const dump = await fresh.dumpDataDir('gzip');
    if (file) await writeAtomically(file, Buffer.from(await dump.arrayBuffer())).catch(() => undefined);
    return dump;
  })().catch(() => undefined);
  const template = await templateHolder.studioPgliteTemplate;
  if (fresh) return fresh;
  if (template) {
    try {
      return await PGlite.create({ loadDataDir: template, extensions });
    } catch {
      // A damaged cache: forget it and initialise from scratch.
      templateHolder.studioPgliteTemplate = Promise.resolve(undefined);
      const file = await templateFile();
      if (file) await unlink(file).catch(() => undefined);
    }
  }
  return PGlite.create({ extensions });
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
