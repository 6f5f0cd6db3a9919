/**
 * /billing/success asks the server to confirm the checkout (billing.confirm, idempotent: asking
 * again grants nothing more). A delayed payment answers 'pending': the page asks again, first
 * every few seconds, then less often, until the payment is granted or refused, or the page closes.
 * The webhook grants it either way; this only keeps the open page up to date.
 */
import type { Timers } from '~/utils/timers';
import type { ConfirmAnswer } from '../types';

/** The first wait after 'pending', the growth per attempt, and the longest wait (ms, unscaled). */
export const CONFIRM_POLL = { firstMs: 3000, factor: 1.5, maxMs: 30_000 } as const;

export type ConfirmLoopOptions = {
  confirm: () => Promise<ConfirmAnswer>;
  onAnswer: (answer: ConfirmAnswer) => void;
  onError: (failure: unknown) => void;
  timers: Timers;
  /** 1 in production; tests run faster with a smaller factor. */
  timeScale?: number;
};

export function confirmUntilSettled(options: ConfirmLoopOptions): { dispose: () => void } {
  const scale = options.timeScale ?? 1;
  let disposed = false;
  let handle: unknown = null;
  let waitMs: number = CONFIRM_POLL.firstMs;

  const ask = async () => {
    handle = null;
    let answer: ConfirmAnswer;
    try {
      answer = await options.confirm();
    } catch (failure) {
      if (!disposed) options.onError(failure);
      return;
    }
    if (disposed) return;
    options.onAnswer(answer);
    if (answer.state !== 'pending') return;
    handle = options.timers.setTimeout(() => void ask(), Math.max(50, waitMs * scale));
    waitMs = Math.min(CONFIRM_POLL.maxMs, waitMs * CONFIRM_POLL.factor);
  };

  void ask();
  return {
    dispose: () => {
      disposed = true;
      if (handle !== null) options.timers.clearTimeout(handle);
    },
  };
}
