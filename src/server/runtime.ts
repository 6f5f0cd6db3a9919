/**
 * Background parts of a server process, started once on first use: the generation engine's
 * heartbeat and, on a real PostgreSQL server, the cross-instance update bus.
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { ensureEngineStarted, stopEngine } from '~/server/services/generation/engine';
import { startPostgresBus } from '~/server/services/generation/pg-bus';

type Runtime = { db: Db; bus?: Promise<(() => Promise<void>) | undefined> };
const holder = globalThis as unknown as { studioRuntime?: Runtime };

export function ensureServerRuntime(db: Db): void {
  if (holder.studioRuntime?.db === db) return;
  const runtime: Runtime = { db };
  holder.studioRuntime = runtime;
  ensureEngineStarted(db);
  const url = getEnv().DATABASE_URL;
  if (url) {
    runtime.bus = isRealPostgres(db).then((real) =>
      // PGlite is a single session in one process: a second LISTEN connection would break it.
      real
        ? startPostgresBus(url, db).catch((error: unknown) => {
            console.error('[runtime] cross-instance updates unavailable:', error instanceof Error ? error.message : error);
            return undefined;
          })
        : undefined,
    );
  }
}

/** Stops the background parts (tests, and a clean shutdown). */
export async function stopServerRuntime(): Promise<void> {
  const runtime = holder.studioRuntime;
  holder.studioRuntime = undefined;
  await stopEngine();
  const stopBus = await runtime?.bus;
  await stopBus?.();
}

async function isRealPostgres(db: Db): Promise<boolean> {
  try {
    const rows = await db.$queryRaw<{ version: string }[]>`SELECT version() AS version`;
    return !/pglite|emscripten/i.test(rows[0]?.version ?? '');
  } catch {
    return false;
  }
}
