/**
 * Development/test-only time scale: every wait, poll interval and local-engine duration is
 * multiplied by TIME_SCALE (1 in production, enforced by env.ts), so end-to-end runs take seconds
 * while the catalogue keeps the spec's real constants.
 */
import { getEnv } from '~/env';

export function timeScale(): number {
  return getEnv().TIME_SCALE;
}

/** Seconds of spec time → milliseconds of wall time. */
export function scaledMs(seconds: number): number {
  return Math.round(seconds * 1000 * timeScale());
}
