/**
 * The one way a test waits for a state nobody tells it about (a row's status, a request a fake
 * received, a server that starts answering): it asks again until the answer is the one it waits
 * for. The limit only detects a hang: every wait ends as soon as its state comes, and a busy 2-core
 * machine takes seconds where an idle one takes milliseconds. Plain Node, no test runner: the
 * studio's helpers also run under tsx (test/helpers/instance-main.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';

/** How long any wait of the suite may last before it counts as a hang (within the integration tier's 60 s per test). */
export const WAIT_MS = 20_000;

/** Between two asks: short beside what is waited for (a render, a poll round, a query). */
const POLL_INTERVAL_MS = 20;

export type PollOptions = {
  /** Past this the wait fails (default WAIT_MS). */
  timeoutMs?: number;
  /** Between two asks, when each ask is work of its own (an engine round, a claim attempt). */
  intervalMs?: number;
};

/**
 * Calls `read` until `done` accepts its answer, and returns that answer. Past the time limit it
 * fails with `what` and the last answer.
 */
export async function pollUntil<T, S extends T>(read: () => T | Promise<T>, done: (value: T) => value is S, what: string, options?: PollOptions): Promise<S>;
export async function pollUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, options?: PollOptions): Promise<T>;
export async function pollUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, options: PollOptions = {}): Promise<T> {
  const { timeoutMs = WAIT_MS, intervalMs = POLL_INTERVAL_MS } = options;
  // The monotonic clock: a test may move Date (vi.setSystemTime) while it waits.
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() >= until) throw new Error(`waited ${timeoutMs} ms for ${what}; the last answer: ${inspect(value, { depth: 3, breakLength: Infinity })}`);
    await delay(intervalMs);
  }
}

/** For pollUntil's `done`: an answer that is there (neither null nor undefined). */
export function isPresent<T>(value: T): value is NonNullable<T> {
  return value !== null && value !== undefined;
}
