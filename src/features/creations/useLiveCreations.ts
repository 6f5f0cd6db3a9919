/**
 * Keeps listed creations that are still running up to date: the server pushes each change of
 * status or progress (prediction.onUpdate), and a slow poll stays as the fallback. Listens only
 * while something listed runs; a job seen ending while the tab is hidden is signalled.
 */
import { useEffect, useRef } from 'react';
import { MIN_POLL_INTERVAL } from '~/catalogue/public';
import { isRunningStatus } from '~/features/predictions/status';
import type { Prediction } from '~/features/predictions/types';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { useCompletionSignal } from '~/features/progress/useCompletionSignal';
import { trpc } from '~/utils/trpc';

export type LiveCreationsOptions = {
  /** Puts a pushed creation in place; false when it is not listed (then the list is refetched). */
  replace: (creation: Prediction) => boolean;
  refetch: () => void;
};

export function useLiveCreations(items: readonly Prediction[], { replace, refetch }: LiveCreationsOptions): void {
  const { timeScale } = useSystemStatus();
  const signalCompletion = useCompletionSignal();
  const running = items.some((item) => isRunningStatus(item.status));
  const latest = useRef({ items, replace, refetch, signalCompletion });
  latest.current = { items, replace, refetch, signalCompletion };

  trpc.prediction.onUpdate.useSubscription(undefined, {
    enabled: running,
    onData: (creation) => {
      const { items: listed, replace: put, refetch: reload, signalCompletion: signal } = latest.current;
      const before = listed.find((item) => item.id === creation.id);
      if (!put(creation)) reload();
      if (before && isRunningStatus(before.status) && !isRunningStatus(creation.status)) signal(creation);
    },
    onError: () => undefined, // the poll below carries on
  });

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => latest.current.refetch(), Math.max(100, MIN_POLL_INTERVAL * 1000 * timeScale));
    return () => clearInterval(timer);
  }, [running, timeScale]);
}

/**
 * `items` with `creation` in place of the one with its id; null when it is not there. A pushed
 * prediction replaces what it carries; the list's own fields (the owner's star) stay.
 */
export function withCreation<T extends { id: string }, U extends { id: string }>(items: readonly T[], creation: U): T[] | null {
  const index = items.findIndex((item) => item.id === creation.id);
  if (index < 0) return null;
  const next = items.slice();
  next[index] = { ...items[index]!, ...creation };
  return next;
}
