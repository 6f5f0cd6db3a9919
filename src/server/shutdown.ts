/**
 * A clean stop of this process's server state, once its requests are answered (server.mjs drains
 * them first): the engine's loops and the callbacks' sender end and the work they started finishes
 * (an attempt in flight is recorded, so its retry is scheduled), claims still held are
 * released so another instance takes those rows at once, then the inference worker and the
 * database pool close. Every piece lives on globalThis, so this stops the one copy the process has,
 * whichever bundle calls it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { closeDb } from '~/server/db/client';
import { stopInference } from '~/server/inference';
import { stopServerRuntime } from '~/server/runtime';
import { releaseHeldClaims } from '~/server/services/generation/claims';

/** How long the engine's started work (a provider call, a store of outputs) may take to finish before it is abandoned. */
const ENGINE_STOP_LIMIT_MS = 10_000;

export async function stopServer(): Promise<void> {
  const engineStopped = await Promise.race([stopServerRuntime().then(() => true), sleep(ENGINE_STOP_LIMIT_MS, false, { ref: false })]);
  if (!engineStopped) console.warn(`[server] the engine's work did not finish within ${ENGINE_STOP_LIMIT_MS / 1000} s; its claims are released`);
  const released = await releaseHeldClaims();
  if (released > 0) console.log(`[server] released ${released} claimed job(s) to the other instances`);
  await stopInference();
  await closeDb();
}
