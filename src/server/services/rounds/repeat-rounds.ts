/**
 * A background round repeated on every instance (a sweep, a queue of exports): the next round
 * starts LOOK_EVERY after the previous one ended, never beside it, and the timer keeps no process
 * alive. The answer stops the repetition and resolves once the round at work has ended, so a clean
 * stop never cuts a round in half. `round` handles its own errors; one that escapes is logged.
 */
export function repeatRounds(name: string, round: () => Promise<unknown>, everyMs: number): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(tick, everyMs);
    timer.unref?.();
  };
  const tick = () => {
    running = round()
      .then(() => undefined)
      .catch((error: unknown) => console.warn(`[${name}] the round failed:`, error instanceof Error ? error.message : error));
    void running.then(() => {
      if (!stopped) schedule();
    });
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
