/** The worker's order: one step at a time, checks before a job's next step, one job at a time with places in line, bounds. */
import { describe, expect, it } from 'vitest';
import { createInferenceQueue, QueueFullError, StepAbortedError } from '~/server/inference/task-queue';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the inference queue', () => {
  it('runs a waiting check before the next step of a running job', async () => {
    const queue = createInferenceQueue({ maxWaitingChecks: 4, maxWaitingJobs: 4 });
    const order: string[] = [];
    const firstTile = gate();
    const job = queue.job(async () => {
      await queue.jobStep(async () => {
        order.push('tile 1');
        await firstTile.opened;
      });
      await queue.jobStep(async () => void order.push('tile 2'));
    });
    await new Promise((resolve) => setImmediate(resolve));
    const check = queue.check(async () => void order.push('check'));
    firstTile.open();
    await Promise.all([job, check]);
    expect(order).toEqual(['tile 1', 'check', 'tile 2']);
  });

  it('gives waiting jobs their place in line and runs them one at a time, in order', async () => {
    const queue = createInferenceQueue({ maxWaitingChecks: 4, maxWaitingJobs: 4 });
    const first = gate();
    const places: Record<string, number[]> = { b: [], c: [] };
    const ran: string[] = [];
    const a = queue.job(async () => {
      ran.push('a');
      await first.opened;
    });
    const b = queue.job(async () => void ran.push('b'), (p) => places.b!.push(p));
    const c = queue.job(async () => void ran.push('c'), (p) => places.c!.push(p));
    expect(queue.stats()).toMatchObject({ jobsWaiting: 2, jobRunning: true });
    first.open();
    await Promise.all([a, b, c]);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(places).toEqual({ b: [1], c: [2, 1] });
  });

  it('refuses at once past its bounds, and withdraws a check whose caller stopped waiting', async () => {
    const queue = createInferenceQueue({ maxWaitingChecks: 1, maxWaitingJobs: 1 });
    const busy = gate();
    const running = queue.check(() => busy.opened);
    const stop = new AbortController();
    let ranWithdrawn = false;
    const withdrawn = queue.check(async () => void (ranWithdrawn = true), stop.signal);
    await expect(queue.check(async () => 1)).rejects.toBeInstanceOf(QueueFullError);
    stop.abort();
    await expect(withdrawn).rejects.toBeInstanceOf(StepAbortedError);
    busy.open();
    await running;
    expect(ranWithdrawn).toBe(false);

    const hold = gate();
    const job = queue.job(() => hold.opened);
    const second = queue.job(async () => 2);
    await expect(queue.job(async () => 3)).rejects.toBeInstanceOf(QueueFullError);
    hold.open();
    expect(await Promise.all([job, second])).toEqual([undefined, 2]);
  });
});
