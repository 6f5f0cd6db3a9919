/**
 * When a failed delivery is tried again: 30 s after the first attempt, then each wait twice the one
 * before, and a last attempt when 24 hours have passed since the event (README, "Callbacks").
 * Spec time, so TIME_SCALE shortens it in tests.
 */
import { scaledMs } from '~/server/config/time-scale';

const FIRST_RETRY_SECONDS = 30;
/** How long a delivery is tried, and how long an endpoint may fail every attempt before it is disabled. */
export const DELIVERY_WINDOW_SECONDS = 24 * 60 * 60;

/** The next attempt after `attemptsMade` failed ones, or null when the 24 hours are over. */
export function nextAttemptAt(createdAt: Date, attemptsMade: number, now: Date): Date | null {
  const end = createdAt.getTime() + scaledMs(DELIVERY_WINDOW_SECONDS);
  if (now.getTime() >= end) return null;
  const wait = scaledMs(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attemptsMade - 1));
  return new Date(Math.min(now.getTime() + wait, end));
}

/** Whether an endpoint failing since `failingSince` has failed for the whole window by `now`. */
export function failedForWholeWindow(failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= scaledMs(DELIVERY_WINDOW_SECONDS);
}
