/**
 * Things that arrive in order (a fake's webhook deliveries, the requests a receiver got) and a wait
 * for the n-th: it ends when that one arrives, not by asking again.
 */
import { WAIT_MS } from './poll';

export type Arrivals<T> = {
  items: T[];
  add(item: T): void;
  /** Resolves once at least `count` have arrived (default 1), or rejects after timeoutMs. */
  waitFor(count?: number, timeoutMs?: number): Promise<T[]>;
  clear(): void;
};

/** `what` names the things in a timeout's message ('webhook(s)', 'fake-fal deliveries'). */
export function createArrivals<T>(what: string): Arrivals<T> {
  const items: T[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    items,
    add(item) {
      items.push(item);
      for (const waiter of [...waiters]) {
        if (items.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    },
    waitFor: (count = 1, timeoutMs = WAIT_MS) =>
      new Promise<T[]>((resolve, reject) => {
        if (items.length >= count) return resolve(items.slice());
        const timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms for ${count} ${what}, got ${items.length}`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(items.slice());
          },
        });
      }),
    clear() {
      items.length = 0;
    },
  };
}
