/**
 * Reading one generation by id, for the poll path (GET /api/unigen/{id}, prediction.get), from a
 * bounded in-process cache that the change bus keeps fresh (events.ts).
 *
 * - It serves only while this process hears every change: on a database this process alone
 *   writes (the embedded one) or while the cross-instance bus is up (runtime.ts sets the scope).
 *   Otherwise, and whenever the bus goes down or comes back, reads go to the database.
 * - A change announced for an id, by this process or any instance, drops its entry at once; a
 *   read that was under way when the change came keeps what it read to itself (it may predate the
 *   change), so an entry is never older than an announced change. Entries also expire, a safety
 *   net for an announcement lost with a failing connection.
 * - Rows are cached whoever owns them; who may see a row is decided per request by
 *   `isVisibleTo`, for cached and fresh rows alike.
 */
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { isRemoteGenerationBusUp, onGenerationChange, onRemoteGenerationBus } from './events';

/** 'process': every change happens in this process; 'bus': changes of all instances reach it by the bus. */
export type CacheScope = 'off' | 'process' | 'bus';

const MAX_ENTRIES = 5_000;
const ENTRY_TTL_MS = 30_000;

type Entry = { db: Db; row: Readonly<Generation>; expiresAt: number };
type Load = { db: Db; promise: Promise<Generation | null>; stale: boolean };
type Cache = { scope: CacheScope; entries: Map<string, Entry>; loads: Map<string, Load> };

const holder = globalThis as unknown as { studioGenerationCache?: Cache };

function cache(): Cache {
  if (!holder.studioGenerationCache) {
    const state: Cache = { scope: 'off', entries: new Map(), loads: new Map() };
    holder.studioGenerationCache = state;
    onGenerationChange(({ generationId }) => forget(state, generationId));
    // Changes made while the bus was down were not heard: start again from the database.
    onRemoteGenerationBus(() => forgetAll(state));
  }
  return holder.studioGenerationCache;
}

function serving(state: Cache): boolean {
  return state.scope === 'process' || (state.scope === 'bus' && isRemoteGenerationBusUp());
}

function forget(state: Cache, id: string): void {
  state.entries.delete(id);
  const load = state.loads.get(id);
  if (load) {
    load.stale = true;
    state.loads.delete(id);
  }
}

function forgetAll(state: Cache): void {
  state.entries.clear();
  for (const load of state.loads.values()) load.stale = true;
  state.loads.clear();
}

export function setGenerationCacheScope(scope: CacheScope): void {
  const state = cache();
  state.scope = scope;
  forgetAll(state);
}

/** Who may read a generation: its owner, or anyone when it is public; nobody once deleted. */
export function isVisibleTo(row: Pick<Generation, 'deletedAt' | 'isPublic' | 'userId'>, viewerId: string | null): boolean {
  return row.deletedAt === null && (row.isPublic || (viewerId !== null && row.userId === viewerId));
}

/** The generation if this viewer may see it (null otherwise, exactly as if it did not exist). */
export async function findVisibleGeneration(db: Db, id: string, viewerId: string | null): Promise<Readonly<Generation> | null> {
  const row = await findGeneration(db, id);
  return row && isVisibleTo(row, viewerId) ? row : null;
}

/** One generation by id, whoever owns it (callers decide visibility). Callers must not modify it. */
export function findGeneration(db: Db, id: string): Promise<Readonly<Generation> | null> {
  const state = cache();
  if (!serving(state)) return db.generation.findUnique({ where: { id } });
  const entry = state.entries.get(id);
  if (entry && entry.db === db && entry.expiresAt > Date.now()) {
    // Most recently used last: the oldest entry is the one dropped when the cache is full.
    state.entries.delete(id);
    state.entries.set(id, entry);
    return Promise.resolve(entry.row);
  }
  const running = state.loads.get(id);
  if (running && running.db === db) return running.promise;
  return load(state, db, id);
}

function load(state: Cache, db: Db, id: string): Promise<Generation | null> {
  const pending: Load = { db, stale: false, promise: Promise.resolve(null) };
  const done = () => {
    if (state.loads.get(id) === pending) state.loads.delete(id);
  };
  pending.promise = db.generation.findUnique({ where: { id } }).then(
    (row) => {
      done();
      if (row && !pending.stale && serving(state)) remember(state, id, { db, row: Object.freeze(row), expiresAt: Date.now() + ENTRY_TTL_MS });
      return row;
    },
    (error: unknown) => {
      done();
      throw error;
    },
  );
  state.loads.set(id, pending);
  return pending.promise;
}

function remember(state: Cache, id: string, entry: Entry): void {
  state.entries.delete(id);
  state.entries.set(id, entry);
  if (state.entries.size > MAX_ENTRIES) {
    const oldest = state.entries.keys().next().value;
    if (oldest !== undefined) state.entries.delete(oldest);
  }
}
