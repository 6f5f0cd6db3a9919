/**
 * npx tsx test/bench/batches.ts — batches (issue 38), measured in-process on PostgreSQL with the
 * local engine (TEST_DATABASE_URL or BENCH_DATABASE_URL): prints, records nothing.
 *
 * 1. Admitting a batch of 50: generation.submitBatch (50 prompts × 1 variation: admission, 50 items
 *    parsed and priced, one transaction with 50 generations and 50 ledger rows), one after another;
 *    median, p95, p99. Its goal: p99 < 150 ms.
 * 2. Fairness: the test's settings (4 jobs per provider and per model, TIME_SCALE 0.05), 100 users
 *    each with one batch of 5 submitted at once, then user B's single job. B's time from submit to
 *    its result, against B's time alone (median of 3), and how many batch items went between B's due
 *    time and B's start (first-come-first-served would send every item queued before it first).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import { startStudio, type Studio, type StudioUser } from '../helpers/studio';
import { ensureServerRuntime } from '~/server/runtime';
import { stopEngine } from '~/server/services/generation/engine';
import { median } from './median';

(process.env as Record<string, string>).NODE_ENV = 'test';
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server whose role may create databases.');
  process.exit(2);
}
process.env.TEST_DATABASE_URL = serverUrl;

const ADMISSIONS = Number(process.argv.find((a) => a.startsWith('--admissions='))?.split('=')[1] ?? 200);
const USERS = Number(process.argv.find((a) => a.startsWith('--users='))?.split('=')[1] ?? 100);
const PER_BATCH = 5;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function admitting(): Promise<void> {
  // A free user's queue wait at full time scale is 60 s: nothing is dispatched while this runs.
  const studio = await startStudio({ env: { TIME_SCALE: '1' } });
  try {
    const user = await studio.createUser({ credits: 10_000_000 });
    const prompts = Array.from({ length: 50 }, (_, i) => `a lighthouse at dusk, study ${i + 1}`);
    const submit = () => studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts, variations: 1 });
    for (let i = 0; i < 20; i += 1) await submit();
    const times: number[] = [];
    for (let i = 0; i < ADMISSIONS; i += 1) {
      const started = performance.now();
      await submit();
      times.push(performance.now() - started);
    }
    console.log(`Admitting a batch of 50 (${ADMISSIONS} batches one after another, after 20 to warm up; load ${loadavg()[0]?.toFixed(2)}):`);
    console.log(`  median ${round(median(times))} ms, p95 ${round(percentile(times, 95))} ms, p99 ${round(percentile(times, 99))} ms, max ${round(Math.max(...times))} ms (goal: p99 < 150 ms)`);
  } finally {
    await stopEngine();
    await studio.stop();
  }
}

async function finishedIn(studio: Studio, user: StudioUser, prompt: string): Promise<{ ms: number; id: string }> {
  const started = performance.now();
  const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt });
  for (;;) {
    const row = await studio.db.generation.findUniqueOrThrow({ where: { id }, select: { status: true, error: true } });
    if (row.status === 'succeeded') return { ms: performance.now() - started, id };
    if (row.status === 'failed' || row.status === 'canceled') throw new Error(`${id} ${row.status}: ${row.error}`);
    await sleep(10);
  }
}

async function fairness(): Promise<void> {
  const studio = await startStudio({ env: { PROVIDER_CONCURRENCY: '4', MODEL_CONCURRENCY: '4', TIME_SCALE: '0.05' } });
  try {
    ensureServerRuntime(studio.db);
    const b = await studio.createUser({ credits: 100, premium: true });
    const alone: number[] = [];
    for (let i = 0; i < 3; i += 1) alone.push((await finishedIn(studio, b, `alone ${i}`)).ms);

    const users = await Promise.all(Array.from({ length: USERS }, () => studio.createUser({ credits: PER_BATCH, premium: true })));
    const batches = await Promise.all(
      users.map((user, i) => studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts: [`user ${i}'s batch`], variations: PER_BATCH })),
    );
    const itemIds = batches.flatMap((batch) => batch.ids);
    while ((await studio.db.generation.count({ where: { status: { in: ['starting', 'processing'] } } })) < 4) await sleep(10);
    const loaded = await finishedIn(studio, b, 'among 100 batches');
    const single = await studio.db.generation.findUniqueOrThrow({ where: { id: loaded.id } });
    const items = await studio.db.generation.findMany({ where: { id: { in: itemIds } }, select: { dispatchedAt: true, dispatchAt: true } });
    const queuedBefore = items.filter((item) => item.dispatchAt <= single.dispatchAt && (item.dispatchedAt === null || item.dispatchedAt > single.dispatchAt)).length;
    const wentFirst = items.filter((item) => item.dispatchedAt !== null && item.dispatchedAt > single.dispatchAt && item.dispatchedAt < single.dispatchedAt!).length;
    const all = performance.now();
    while ((await studio.db.generation.count({ where: { id: { in: itemIds }, status: { in: ['queued', 'starting', 'processing'] } } })) > 0) await sleep(50);
    console.log(`Fairness at ${USERS} users with one batch of ${PER_BATCH} each (4 jobs per provider and per model, TIME_SCALE 0.05, premium queue wait 0.5 s):`);
    console.log(`  B's single job alone: ${alone.map(round).join(', ')} ms (median ${round(median(alone))} ms)`);
    console.log(`  B's single job among the batches: ${round(loaded.ms)} ms = ${(loaded.ms / median(alone)).toFixed(2)}× alone`);
    console.log(`  batch items queued and due before B's job when it came due: ${queuedBefore}; sent between its due time and its start: ${wentFirst}`);
    console.log(`  the rest of the batches then ended within ${round(performance.now() - all)} ms more`);
  } finally {
    await stopEngine();
    await studio.stop();
  }
}

async function main(): Promise<void> {
  await admitting();
  await fairness();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
