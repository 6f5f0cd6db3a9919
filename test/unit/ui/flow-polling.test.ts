/** core-flow §4 step 5–6: the polling schedule (fake timers), statuses, pushes and fetch errors. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ESTIMATED_DURATION, MIN_POLL_INTERVAL, POLL_REPEAT } from '~/catalogue';
import { firstPollDelayMs, repeatPollDelayMs, startPolling } from '~/features/generator/flow/polling';
import { isRunningStatus } from '~/features/predictions/status';
import type { Prediction } from '~/features/predictions/types';
import { realTimers } from '~/utils/timers';
import { predictionFixture } from './helpers/prediction';

function prediction(status: string, id = 'gen-1'): Prediction {
  return predictionFixture({ id, status: status as Prediction['status'], error: status === 'failed' ? 'The model refused.' : null, queue: { dispatchAt: new Date(0), waitSeconds: 60, estimatedSeconds: 20 } });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the schedule', () => {
  it('first poll after wait + estimated duration (default 60 s), then every 60 s, never below 10 s', () => {
    expect(firstPollDelayMs({ waitSeconds: 60, estimatedSeconds: 20 }, 1)).toBe(80_000);
    expect(firstPollDelayMs({}, 1)).toBe(DEFAULT_ESTIMATED_DURATION * 1000);
    expect(firstPollDelayMs({ waitSeconds: 0, estimatedSeconds: 5 }, 1)).toBe(MIN_POLL_INTERVAL * 1000);
    expect(repeatPollDelayMs(1)).toBe(POLL_REPEAT * 1000);
    // The dev/test time scale shrinks every interval.
    expect(firstPollDelayMs({ waitSeconds: 60, estimatedSeconds: 20 }, 0.02)).toBe(1600);
    expect(repeatPollDelayMs(0.02)).toBe(1200);
  });

  it('keeps polling on pending, processing and processing_images only', () => {
    expect(['pending', 'processing', 'processing_images'].every(isRunningStatus)).toBe(true);
    expect(['starting', 'succeeded', 'failed', 'canceled', 'whatever'].some(isRunningStatus)).toBe(false);
  });
});

describe('the polling task', () => {
  it('polls at 80 s, 140 s, 200 s and stops on succeeded', async () => {
    const statuses = ['pending', 'processing', 'succeeded'];
    const fetch = vi.fn(async (id: string) => prediction(statuses.shift() ?? 'succeeded', id));
    const onDone = vi.fn();
    const onUpdate = vi.fn();
    const task = startPolling({ id: 'gen-1', timing: { waitSeconds: 60, estimatedSeconds: 20 }, timeScale: 1, fetch, timers: realTimers, onUpdate, onDone, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(79_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'pending' }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'succeeded' }));
    expect(task.isPolling).toBe(false);
    expect(task.data?.status).toBe('succeeded');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('ends on any status outside the running set (e.g. starting)', async () => {
    const fetch = vi.fn(async (id: string) => prediction('starting', id));
    const onDone = vi.fn();
    startPolling({ id: 'gen-1', timing: {}, timeScale: 1, fetch, timers: realTimers, onUpdate: vi.fn(), onDone, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'starting' }));
  });

  it('a fetch error records the error and stops polling', async () => {
    const failure = new TypeError('Failed to fetch');
    const fetch = vi.fn(async () => Promise.reject(failure));
    const onError = vi.fn();
    const task = startPolling({ id: 'gen-1', timing: {}, timeScale: 1, fetch, timers: realTimers, onUpdate: vi.fn(), onDone: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(task.isPolling).toBe(false);
    expect(task.error).toBe(failure);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a pushed final status ends the task at once; later polls never happen', async () => {
    const fetch = vi.fn(async (id: string) => prediction('processing', id));
    const onDone = vi.fn();
    const task = startPolling({ id: 'gen-1', timing: { waitSeconds: 60, estimatedSeconds: 20 }, timeScale: 1, fetch, timers: realTimers, onUpdate: vi.fn(), onDone, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(1000);
    task.receive(prediction('processing'));
    expect(onDone).not.toHaveBeenCalled();
    task.receive(prediction('succeeded', 'other-id'));
    expect(onDone).not.toHaveBeenCalled();
    task.receive(prediction('succeeded'));
    expect(onDone).toHaveBeenCalledTimes(1);
    task.receive(prediction('succeeded'));
    expect(onDone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stop() cancels quietly', async () => {
    const fetch = vi.fn(async (id: string) => prediction('succeeded', id));
    const onDone = vi.fn();
    const task = startPolling({ id: 'gen-1', timing: {}, timeScale: 1, fetch, timers: realTimers, onUpdate: vi.fn(), onDone, onError: vi.fn() });
    task.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
