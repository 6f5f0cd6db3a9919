/**
 * Fair to everyone else (issue 38, item 5): with the engine's concurrency limits of these settings
 * (4 jobs per provider and per model), one user's batch of 30 takes the slots one after another,
 * and another user's single job, once due, takes the next free slot instead of waiting behind the
 * whole batch; the limits hold throughout. The engine runs as the server runs it (its timers and
 * its periodic round); the local engine does the work. Speeds are measured by `npm run bench`
 * (test/bench/batches.ts), not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '@test/helpers/poll';
import { startStudio, waitForGeneration, type Studio } from '@test/helpers/studio';
import { ensureServerRuntime } from '~/server/runtime';

const LIMIT = 4;
let studio: Studio;

beforeAll(async () => {
  // A local job then runs about 0.1 s (flux-schnell: 20 s × 0.1 × 0.05), long enough to hold its slot.
  studio = await startStudio({ env: { PROVIDER_CONCURRENCY: String(LIMIT), MODEL_CONCURRENCY: String(LIMIT), TIME_SCALE: '0.05' } });
  ensureServerRuntime(studio.db);
});

afterAll(async () => {
  await studio?.stop();
});

/** The most jobs that were at their provider at once, from when each was sent to when it ended. */
function peakRunning(rows: { dispatchedAt: Date | null; completedAt: Date | null }[]): number {
  const edges = rows.flatMap((row) => [
    { at: row.dispatchedAt!.getTime(), step: 1 },
    { at: row.completedAt!.getTime(), step: -1 },
  ]);
  // An end and a start at the same millisecond: the end first (the slot was free).
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let running = 0;
  let peak = 0;
  for (const edge of edges) peak = Math.max(peak, (running += edge.step));
  return peak;
}

const busy = () => studio.db.generation.count({ where: { status: { in: ['starting', 'processing'] } } });

describe('round-robin claims across users', () => {
  it('a single job of user B takes the next free slot while user A’s batch of 30 runs; no more than 4 run at once', async () => {
    const a = await studio.createUser({ credits: 30, premium: true });
    const b = await studio.createUser({ credits: 2, premium: true });
    const alone = await studio.caller(b).generation.submit({ model_id: 'flux-schnell', prompt: 'alone' });
    await waitForGeneration(studio.db, alone.id, ['succeeded']);

    const batch = await studio.caller(a).generation.submitBatch({ model_id: 'flux-schnell', prompts: ['a lighthouse'], variations: 16 });
    const more = await studio.caller(a).generation.submitBatch({ model_id: 'flux-schnell', prompts: ['a harbour'], variations: 14 });
    const batchIds = [...batch.ids, ...more.ids];
    await pollUntil(busy, (n) => n === LIMIT, 'the batch to fill every slot', { timeoutMs: 30_000 });
    const single = await studio.caller(b).generation.submit({ model_id: 'flux-schnell', prompt: 'among a batch' });
    const singleRow = await waitForGeneration(studio.db, single.id, ['succeeded'], 60_000);
    for (const id of batchIds) await waitForGeneration(studio.db, id, ['succeeded'], 60_000);

    const batchRows = await studio.db.generation.findMany({ where: { id: { in: batchIds } } });
    // Items of the batch sent after B's job was due and before it went: only those already claimed
    // when it became due (at most one per slot). Without turns, all that were left (over 20) went first.
    const ahead = batchRows.filter((row) => row.dispatchedAt! > singleRow.dispatchAt && row.dispatchedAt! < singleRow.dispatchedAt!);
    const leftWhenDue = batchRows.filter((row) => row.dispatchedAt! > singleRow.dispatchAt);
    expect(leftWhenDue.length).toBeGreaterThan(2 * LIMIT);
    expect(ahead.length).toBeLessThanOrEqual(LIMIT);
    expect(peakRunning([...batchRows, singleRow])).toBe(LIMIT);
  });

  it('a single job of user B goes ahead of the first items of 40 other users’ batches, none of whom has been served yet', async () => {
    const b = await studio.createUser({ credits: 2, premium: true });
    const alone = await studio.caller(b).generation.submit({ model_id: 'flux-schnell', prompt: 'alone' });
    await waitForGeneration(studio.db, alone.id, ['succeeded']);

    const owners = await Promise.all(Array.from({ length: 40 }, () => studio.createUser({ credits: 2, premium: true })));
    const batches = await Promise.all(owners.map((owner, i) => studio.caller(owner).generation.submitBatch({ model_id: 'flux-schnell', prompts: [`batch ${i}`], variations: 2 })));
    const batchIds = batches.flatMap((batch) => batch.ids);
    await pollUntil(busy, (n) => n === LIMIT, 'the batches to fill every slot', { timeoutMs: 30_000 });
    const single = await studio.caller(b).generation.submit({ model_id: 'flux-schnell', prompt: 'among 40 batches' });
    const singleRow = await waitForGeneration(studio.db, single.id, ['succeeded'], 60_000);
    for (const id of batchIds) await waitForGeneration(studio.db, id, ['succeeded'], 60_000);

    const batchRows = await studio.db.generation.findMany({ where: { id: { in: batchIds } } });
    // Owners none of whose items had gone when B's job came due: by the time each was served last,
    // B (served before them all) would have waited for every one of them.
    const servedBeforeDue = new Set(batchRows.filter((row) => row.dispatchedAt! <= singleRow.dispatchAt).map((row) => row.userId));
    expect(owners.filter((owner) => !servedBeforeDue.has(owner.id)).length).toBeGreaterThan(2 * LIMIT);
    const ahead = batchRows.filter((row) => row.dispatchedAt! > singleRow.dispatchAt && row.dispatchedAt! < singleRow.dispatchedAt!);
    expect(ahead.length).toBeLessThanOrEqual(LIMIT);
    expect(peakRunning([...batchRows, singleRow])).toBe(LIMIT);
  });
});
