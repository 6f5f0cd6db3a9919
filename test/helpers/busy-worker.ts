/**
 * Keeps the inference worker busy with face checks, as a rush of portrait submits does: one runs
 * and the line of quick checks stays full, so any other quick check (a screen's) is refused for as
 * long as it lasts.
 */
import { countFaces, decodeRgb, QueueFullError, type RgbImage } from '~/server/inference';
import { photo } from './photos';

/** More than the line holds: the excess is refused at once, and the line is full from the start. */
const OFFERED = 24;

export type BusyWorker = { stop(): Promise<void> };

export async function keepWorkerBusy(): Promise<BusyWorker> {
  const image: RgbImage = await decodeRgb(photo('astronaut'), { maxBytes: 1 << 24, maxPixels: 1 << 24, timeoutSeconds: 5 }, 256);
  let stopped = false;
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
      (error: unknown) => {
        if (!(error instanceof QueueFullError)) process.nextTick(offer);
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
    },
  };
}
