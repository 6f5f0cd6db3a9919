/** A running job's bar and time left between the server's reports, and when it is late. */
import { describe, expect, it } from 'vitest';
import { graceSeconds, progressView } from '~/features/progress/progress-view';

const report = (progress: number | null, etaSeconds: number | null, queuePosition: number | null = null) => ({ progress, etaSeconds, queuePosition });

describe('progressView', () => {
  it('without a fraction from the provider: the share of the estimate spent, the time left counting down', () => {
    expect(progressView(report(null, 60), 0, 60)).toEqual({ kind: 'running', value: 0, secondsLeft: 60 });
    expect(progressView(report(null, 60), 15, 60)).toEqual({ kind: 'running', value: 0.25, secondsLeft: 45 });
    expect(progressView(report(null, 30), 0, 60)).toEqual({ kind: 'running', value: 0.5, secondsLeft: 30 });
  });

  it('the free-tier wait still ahead (eta beyond the estimate) keeps the bar at 0', () => {
    expect(progressView(report(null, 70), 5, 60)).toEqual({ kind: 'running', value: 0, secondsLeft: 65 });
  });

  it('with the provider’s fraction: it fills from there toward the announced end', () => {
    expect(progressView(report(0.5, 10), 0, 60)).toEqual({ kind: 'running', value: 0.5, secondsLeft: 10 });
    expect(progressView(report(0.5, 10), 5, 60)).toEqual({ kind: 'running', value: 0.75, secondsLeft: 5 });
    expect(progressView(report(0.5, 10), 9.5, 60)).toEqual({ kind: 'running', value: 0.975, secondsLeft: 1 });
  });

  it('past the end: a short grace ("almost done"), then honestly late, never stuck at 99 %', () => {
    expect(graceSeconds(60)).toBe(6);
    expect(graceSeconds(20)).toBe(5);
    expect(graceSeconds(900)).toBe(30);
    expect(progressView(report(null, 60), 62, 60)).toEqual({ kind: 'finishing', value: 0.99 });
    expect(progressView(report(null, 60), 67, 60)).toEqual({ kind: 'overdue' });
    expect(progressView(report(0.9, 0), 100, 60)).toEqual({ kind: 'overdue' });
  });

  it('in a provider’s queue: its place, no promise of time', () => {
    expect(progressView(report(null, null, 3), 40, 60)).toEqual({ kind: 'provider-queue', position: 3 });
  });

  it('nothing known about time: the fraction if any, no time left', () => {
    expect(progressView(report(0.3, null), 10, 60)).toEqual({ kind: 'running', value: 0.3, secondsLeft: null });
    expect(progressView(report(null, null), 10, 60)).toEqual({ kind: 'running', value: null, secondsLeft: null });
  });
});
