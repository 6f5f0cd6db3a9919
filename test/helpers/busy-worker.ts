/**
 * Keeps the inference worker busy with face checks, as a rush of portrait submits does: one runs
 * and the line of quick checks stays full, so any other quick check (a screen's) is refused for as
 * long as it lasts.
 */
import { countFaces, decodeRgb, type RgbImage } from '~/server/inference';
import { photo } from './photos';

/** More than the line holds: the excess is refused at once, and the line is full from the start. */
const OFFERED = 24;

export type BusyWorker = { stop(): Promise<void> };

/**
 * By name, not class: the inference host lives on globalThis, so in a test worker shared between
 * files it may be an earlier file's, whose errors are instances of that file's copy of the class.
 */
const refusedByFullLine = (error: unknown): boolean => error instanceof Error && error.name === 'QueueFullError';

export async function keepWorkerBusy(): Promise<BusyWorker> {
  const image: RgbImage = await decodeRgb(photo('astronaut'), { maxBytes: 1 << 24, maxPixels: 1 << 24, timeoutSeconds: 5 }, 256);
  let stopped = false;
  let failure: unknown;
  const running = new Set<Promise<void>>();
  const offer = (): void => {
    if (stopped) return;
    const check: Promise<void> = countFaces(image).then(
      // A finished check is replaced, and one more is offered: that one takes a place freed by a
      // step that was not ours (a screen that got in before the rush), or is refused by a full line.
      // Offered a tick later, once the line has moved its next check to the worker.
      () =>
        process.nextTick(() => {
          offer();
          offer();
        }),
      // Any other failure ends the rush and fails stop(): offering again at once would turn a
      // refusal that comes without waiting into a loop that never lets the event loop turn.
      (error: unknown) => {
        if (refusedByFullLine(error)) return;
        failure ??= error;
        stopped = true;
      },
    );
    running.add(check);
    void check.finally(() => running.delete(check));
  };
  for (let index = 0; index < OFFERED; index += 1) offer();
  return {
    async stop() {
      stopped = true;
      while (running.size > 0) await Promise.allSettled([...running]);
      if (failure !== undefined) throw failure;
    },
  };
}
