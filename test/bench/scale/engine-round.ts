/**
 * The engine's round (expire stuck queued jobs, claim due ones, claim stale running ones) timed on
 * each database from this process, before any studio runs on them (nothing is due or stale there:
 * the seeded running rows are held; a round that found work would time the work, not the queries).
 * The two databases alternate round by round, so drift of the machine falls on both alike.
 */
import type { Db } from '~/server/db/client';
import { runEngineOnce } from '~/server/services/generation/engine';

export type EngineRoundRow = { rounds: number; smallMedianMs: number; largeMedianMs: number; smallP90Ms: number; largeP90Ms: number };

const ROUNDS = 200;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function timedRound(db: Db): Promise<number> {
  const started = performance.now();
  await runEngineOnce(db);
  return performance.now() - started;
}

export async function measureEngineRound(small: Db, large: Db): Promise<EngineRoundRow> {
  // Warm-up: connections opened, statements prepared.
  for (let i = 0; i < 10; i += 1) {
    await timedRound(small);
    await timedRound(large);
  }
  const smallMs: number[] = [];
  const largeMs: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    smallMs.push(await timedRound(small));
    largeMs.push(await timedRound(large));
  }
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return {
    rounds: ROUNDS,
    smallMedianMs: round2(quantile(smallMs, 0.5)),
    largeMedianMs: round2(quantile(largeMs, 0.5)),
    smallP90Ms: round2(quantile(smallMs, 0.9)),
    largeP90Ms: round2(quantile(largeMs, 0.9)),
  };
}
