/**
 * The retry schedule of a callback delivery, as README's "Callbacks" table writes it: waits that
 * double from 30 s, a last attempt 24 hours after the event, then none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { failedForWholeWindow, nextAttemptAt } from '~/server/services/callbacks/schedule';

afterEach(() => {
  delete process.env.TIME_SCALE;
  resetEnvCache();
});

/** The waits before attempts 2, 3, ... when every attempt fails at once, in seconds. */
function waits(): number[] {
  const event = new Date('2026-11-28T00:00:00Z');
  const out: number[] = [];
  let now = event;
  for (let made = 1; ; made += 1) {
    const next = nextAttemptAt(event, made, now);
    if (!next) return out;
    out.push((next.getTime() - now.getTime()) / 1000);
    now = next;
  }
}

describe('nextAttemptAt', () => {
  it('doubles from 30 s and makes the last attempt at 24 h after the event', () => {
    const doubling = [30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 30720];
    const before = doubling.reduce((sum, wait) => sum + wait, 0);
    expect(waits()).toEqual([...doubling, 86_400 - before]);
  });

  it('is shortened by TIME_SCALE', () => {
    process.env.TIME_SCALE = '0.01';
    resetEnvCache();
    expect(waits()[0]).toBeCloseTo(0.3);
    expect(waits().reduce((sum, wait) => sum + wait, 0)).toBeCloseTo(864);
  });
});

describe('failedForWholeWindow', () => {
  it('holds from 24 hours of failing on', () => {
    const since = new Date('2026-11-27T00:00:00Z');
    expect(failedForWholeWindow(since, new Date('2026-11-27T23:59:59Z'))).toBe(false);
    expect(failedForWholeWindow(since, new Date('2026-11-28T00:00:00Z'))).toBe(true);
  });
});
