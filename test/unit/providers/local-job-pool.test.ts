/**
 * The local engine's pool: at most `concurrency` jobs work at once, the rest wait their turn in
 * order, a poll never waits for work, and each outcome is handed out once.
 */
import { describe, expect, it } from 'vitest';
import { createJobPool } from '~/server/providers/local/job-pool';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('local engine job pool', () => {
  it('runs at most `concurrency` jobs at once and starts the next when one ends', async () => {
    const pool = createJobPool<string>(2);
    const work = Array.from({ length: 5 }, () => deferred<string>());
    const started: number[] = [];
    const poll = (i: number) => pool.poll(`job-${i}`, () => (started.push(i), work[i]!.promise));
    for (let i = 0; i < 5; i += 1) expect(poll(i)).toEqual({ state: 'running' });
    await settle();
    expect(started).toEqual([0, 1]);
    expect(pool.stats()).toEqual({ active: 2, waiting: 3, peakActive: 2 });

    work[1]!.resolve('one');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(poll(1)).toEqual({ state: 'done', value: 'one' });
    // Collected once: the pool forgets it (a later poll would be a new job).
    expect(pool.stats()).toEqual({ active: 2, waiting: 2, peakActive: 2 });

    work[0]!.reject(new Error('broken input'));
    await settle();
    expect(poll(0)).toEqual({ state: 'failed', error: new Error('broken input') });
    expect(started).toEqual([0, 1, 2, 3]);
    // Polling a running job does not start it twice.
    expect(poll(2)).toEqual({ state: 'running' });
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('never starts a job forgotten while it waited (a canceled generation)', async () => {
    const pool = createJobPool<string>(1);
    const first = deferred<string>();
    const ran: string[] = [];
    pool.poll('a', () => (ran.push('a'), first.promise));
    pool.poll('b', () => (ran.push('b'), Promise.resolve('b')));
    pool.forget('b');
    first.resolve('a');
    await settle();
    await settle();
    expect(ran).toEqual(['a']);
    expect(pool.stats()).toEqual({ active: 0, waiting: 0, peakActive: 1 });
  });

  it('refuses a concurrency that is not a positive integer', () => {
    expect(() => createJobPool(0)).toThrow('Invalid local engine concurrency: 0');
  });
});
