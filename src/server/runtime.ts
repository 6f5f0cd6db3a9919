/**
 * Background parts of a server process, started once on first use: the generation engine's
 * heartbeat and, on a real PostgreSQL server, the cross-instance update bus.
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { ensureEngineStarted } from '~/server/services/generation/engine';
import { startPostgresBus } from '~/server/services/generation/pg-bus';

const holder = globalThis as unknown as { studioRuntime?: { db: Db } };

export function ensureServerRuntime(db: Db): void {
  if (holder.studioRuntime?.db === db) return;
  holder.studioRuntime = { db };
  ensureEngineStarted(db);
  const url = getEnv().DATABASE_URL;
  if (url) {
    void isRealPostgres(db).then((real) => {
      // PGlite is a single session in one process: a second LISTEN connection would break it.
      if (!real) return;
      startPostgresBus(url, db).catch((error: unknown) =>
        console.error('[runtime] cross-instance updates unavailable:', error instanceof Error ? error.message : error),
      );
    });
  }
}

async function isRealPostgres(db: Db): Promise<boolean> {
  try {
    const rows = await db.$queryRaw<{ version: string }[]>`SELECT version() AS version`;
    return !/pglite|emscripten/i.test(rows[0]?.version ?? '');
  } catch {
    return false;
  }
}
