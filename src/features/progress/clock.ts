/**
 * Client clocks in the catalogue's seconds: one tick per second of the deployment's time scale
 * (1 in production, shorter in dev/test runs), so countdowns and bars move "each second".
 */
import { useEffect, useState } from 'react';

/** Wall milliseconds of one catalogue second (never below a frame). */
export function secondMs(timeScale: number): number {
  return Math.max(16, Math.round(1000 * timeScale));
}

/**
 * Date.now(), refreshed every catalogue second while `active`. The first reading stays for a whole
 * second (a countdown shows its full value first, however slow the first render was).
 */
export function useNow(timeScale: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  const step = secondMs(timeScale);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), step);
    return () => clearInterval(timer);
  }, [step, active]);
  return now;
}

/** The moment `key` last changed (a new report, a new countdown), kept across renders. */
export function useSince(key: string): number {
  const [anchor, setAnchor] = useState(() => ({ key, at: Date.now() }));
  if (anchor.key !== key) {
    const next = { key, at: Date.now() };
    setAnchor(next);
    return next.at;
  }
  return anchor.at;
}

/** Whole catalogue seconds left of a `seconds` countdown that started when it was first given; null when none. */
export function useCountdown(seconds: number | null, timeScale: number): number | null {
  const started = useSince(seconds === null ? '' : String(seconds));
  const now = useNow(timeScale, seconds !== null);
  if (seconds === null) return null;
  return Math.max(0, Math.ceil(seconds - Math.max(0, now - started) / (1000 * timeScale)));
}
