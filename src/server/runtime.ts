/**
 * Background parts of a server process, started once on first use: the generation engine's
 * heartbeat, the callbacks' sender, the privacy loops (exports, deletions, upload retention), the sweep that screens public
 * creations again when their screen got no answer, on a real PostgreSQL server the cross-instance update bus, and
 * the scope of the generation read cache (which changes this process is sure to hear of).
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { startPremiumSweep } from '~/server/services/billing/premium-sweep';
import { startCallbackSender } from '~/server/services/callbacks/sender';
import { ensureEngineStarted, stopEngine } from '~/server/services/generation/engine';
import { startPostgresBus } from '~/server/services/generation/pg-bus';
import { setGenerationCacheScope } from '~/server/services/generation/read-cache';
import { startScreeningSweep } from '~/server/services/moderation/screen-sweep';
import { startPrivacyLoops } from '~/server/services/privacy/loops';

type Runtime = {
  db: Db;
  bus?: Promise<(() => Promise<void>) | undefined>;
  stopPremiumSweep?: () => void;
  stopCallbacks?: () => Promise<void>;
  stopPrivacy?: () => Promise<void>;
  stopScreening?: () => Promise<void>;
};
const holder = globalThis as unknown as { studioRuntime?: Runtime };

export function ensureServerRuntime(db: Db): void {
  if (holder.studioRuntime?.db === db) return;
  if (holder.studioRuntime) void stopParts(holder.studioRuntime);
  const runtime: Runtime = { db };
  holder.studioRuntime = runtime;
  ensureEngineStarted(db);
  runtime.stopPremiumSweep = startPremiumSweep(db);
  runtime.stopCallbacks = startCallbackSender(db);
  runtime.stopPrivacy = startPrivacyLoops(db);
  runtime.stopScreening = startScreeningSweep(db);
  const url = getEnv().DATABASE_URL;
  if (!url) {
    // The embedded database belongs to this process alone: every change happens here.
    setGenerationCacheScope('process');
    return;
  }
  setGenerationCacheScope('off');
  runtime.bus = isRealPostgres(db).then((real) => {
    if (holder.studioRuntime !== runtime) return undefined;
    // PGlite is a single session in one process: a second LISTEN connection would break it, and
    // every change happens in this process anyway.
    if (!real) {
      setGenerationCacheScope('process');
      return undefined;
    }
    // Other instances may write too: the cache serves while the bus is up.
    setGenerationCacheScope('bus');
    return startPostgresBus(url, db).catch((error: unknown) => {
      console.error('[runtime] cross-instance updates unavailable:', error instanceof Error ? error.message : error);
      return undefined;
    });
  });
}

/** Resolves once the background parts are up (the bus connected, when there is one). */
export async function serverRuntimeReady(): Promise<void> {
  await holder.studioRuntime?.bus;
}

/** Stops the background parts (tests, and a clean shutdown). */
export async function stopServerRuntime(): Promise<void> {
  const runtime = holder.studioRuntime;
  holder.studioRuntime = undefined;
  setGenerationCacheScope('off');
  await Promise.all([stopEngine(), runtime && stopParts(runtime)]);
}

/** Stops what one runtime started, its update bus included (the engine is the process's: see ensureEngineStarted). */
async function stopParts(runtime: Runtime): Promise<void> {
  runtime.stopPremiumSweep?.();
  await Promise.all([runtime.stopCallbacks?.(), runtime.stopPrivacy?.(), runtime.stopScreening?.()]);
  const stopBus = await runtime.bus;
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
