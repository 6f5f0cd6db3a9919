/** What a provider's progress report changes on a running job, and the time left it shows. */
import { describe, expect, it } from 'vitest';
import { etaSeconds, progressPatch, type EtaRow, type ProgressRow } from '~/server/services/generation/progress';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const at = (secondsFromNow: number) => new Date(NOW + secondsFromNow * 1000);
const options = { now: NOW, scale: 1, toleranceMs: 1000 };

function running(overrides: Partial<ProgressRow> = {}): ProgressRow {
  return { status: 'processing', progress: null, queuePosition: null, expectedDoneAt: null, dispatchedAt: at(-20), estimatedSeconds: 60, ...overrides };
}

describe('progressPatch', () => {
  it('a tqdm report: progress and the end it announces', () => {
    expect(progressPatch(running(), 'processing', { progress: 0.5, remainingSeconds: 12 }, options)).toEqual({ progress: 0.5, expectedDoneAt: at(12) });
  });

  it('progress alone: the end follows the pace since dispatch (20 s for 40 % → 30 s more)', () => {
    expect(progressPatch(running(), 'processing', { progress: 0.4 }, options)).toEqual({ progress: 0.4, expectedDoneAt: at(30) });
  });

  it('too little done to judge a pace: progress only', () => {
    expect(progressPatch(running(), 'processing', { progress: 0.02 }, options)).toEqual({ progress: 0.02 });
  });

  it('progress never goes back, and tiny moves are not written', () => {
    const row = running({ progress: 0.6, expectedDoneAt: at(10) });
    expect(progressPatch(row, 'processing', { progress: 0.3 }, options)).toBeNull();
    expect(progressPatch(row, 'processing', { progress: 0.602 }, options)).toBeNull();
    expect(progressPatch(row, 'processing', { progress: 0.61, remainingSeconds: 10.4 }, options)).toEqual({ progress: 0.61 });
  });

  it('the same fraction later does not push the end back', () => {
    expect(progressPatch(running({ progress: 0.5, expectedDoneAt: at(20) }), 'processing', { progress: 0.5 }, options)).toBeNull();
  });

  it('a provider queue: its place, updated as it moves; leaving it starts the estimated clock', () => {
    const queued = running({ status: 'starting', queuePosition: null });
    expect(progressPatch(queued, 'starting', { queuePosition: 3 }, options)).toEqual({ queuePosition: 3 });
    expect(progressPatch({ ...queued, queuePosition: 3 }, 'starting', { queuePosition: 3 }, options)).toBeNull();
    expect(progressPatch({ ...queued, queuePosition: 3 }, 'starting', { queuePosition: 1 }, options)).toEqual({ queuePosition: 1 });
    expect(progressPatch({ ...queued, queuePosition: 1 }, 'processing', {}, options)).toEqual({ status: 'processing', queuePosition: null, expectedDoneAt: at(60) });
  });

  it('status only moves forward; nothing new is no write', () => {
    expect(progressPatch(running(), 'starting', {}, options)).toBeNull();
    expect(progressPatch(running({ status: 'starting' }), 'processing', {}, options)).toEqual({ status: 'processing' });
  });

  it('under a time scale, leaving the queue counts the estimate in scaled time', () => {
    const row = running({ status: 'starting', queuePosition: 2 });
    expect(progressPatch(row, 'processing', {}, { ...options, scale: 0.1 })?.expectedDoneAt).toEqual(at(6));
  });
});

function etaRow(overrides: Partial<EtaRow> = {}): EtaRow {
  return { status: 'processing', progress: null, queuePosition: null, expectedDoneAt: null, dispatchAt: at(-30), dispatchedAt: at(-30), createdAt: at(-40), estimatedSeconds: 60, ...overrides };
}

describe('etaSeconds', () => {
  it('in our free-tier queue: the wait left plus the estimated duration', () => {
    expect(etaSeconds(etaRow({ status: 'queued', dispatchAt: at(45), dispatchedAt: null }), NOW, 1)).toBe(105);
  });

  it('running: to the provider’s expected end, else to the estimate from dispatch, never below 0', () => {
    expect(etaSeconds(etaRow({ expectedDoneAt: at(12.2) }), NOW, 1)).toBe(13);
    expect(etaSeconds(etaRow(), NOW, 1)).toBe(30);
    expect(etaSeconds(etaRow({ dispatchedAt: at(-90) }), NOW, 1)).toBe(0);
    expect(etaSeconds(etaRow({ expectedDoneAt: at(-5) }), NOW, 1)).toBe(0);
  });

  it('waiting in a provider’s queue, or over: unknown', () => {
    expect(etaSeconds(etaRow({ status: 'starting', queuePosition: 2 }), NOW, 1)).toBeNull();
    for (const status of ['succeeded', 'failed', 'canceled']) expect(etaSeconds(etaRow({ status }), NOW, 1)).toBeNull();
  });

  it('in catalogue seconds under a dev time scale (wall seconds ÷ scale)', () => {
    expect(etaSeconds(etaRow({ expectedDoneAt: at(1.5) }), NOW, 0.1)).toBe(15);
    expect(etaSeconds(etaRow({ status: 'queued', dispatchAt: at(3), dispatchedAt: null }), NOW, 0.1)).toBe(90);
  });
});
