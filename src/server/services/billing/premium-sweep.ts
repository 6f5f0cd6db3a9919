/**
 * Once a minute, each server ends premium whose time is up (cancelled at period end, past due
 * beyond the grace) even if the provider's event never comes. Idempotent and conditional, so
 * several instances sweeping at once change each row once.
 */
import type { Db } from '~/server/db/client';
import { expireLapsedPremium } from './premium';

const SWEEP_EVERY_MS = 60_000;

export function startPremiumSweep(db: Db): () => void {
  const timer = setInterval(() => {
    expireLapsedPremium(db).catch((error: unknown) => {
      // The next minute tries again; premium is also re-checked when the status is read.
      console.warn('[billing] premium sweep failed:', error instanceof Error ? error.message : error);
    });
  }, SWEEP_EVERY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
