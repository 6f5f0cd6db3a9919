/**
 * Status changes of generations, pushed to the owner's open subscriptions. In-process on one
 * instance; on a real PostgreSQL server also fanned out across instances with LISTEN/NOTIFY.
 */
import { EventEmitter } from 'node:events';

export type GenerationUpdate = { userId: string; generationId: string; status: string };

type Bus = { emitter: EventEmitter; remote?: (update: GenerationUpdate) => Promise<void> };
const holder = globalThis as unknown as { studioGenerationBus?: Bus };

function bus(): Bus {
  if (!holder.studioGenerationBus) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    holder.studioGenerationBus = { emitter };
  }
  return holder.studioGenerationBus;
}

/** Publishes to this process's subscribers, and to other instances when a remote bus is set. */
export async function publishGenerationUpdate(update: GenerationUpdate): Promise<void> {
  const { emitter, remote } = bus();
  if (remote) {
    // The NOTIFY comes back to this instance's listener too, which emits locally.
    await remote(update).catch(() => emitter.emit('update', update));
    return;
  }
  emitter.emit('update', update);
}

/** Used by the LISTEN side to re-emit updates that came from any instance. */
export function emitLocalGenerationUpdate(update: GenerationUpdate): void {
  bus().emitter.emit('update', update);
}

export function setRemoteGenerationBus(remote: ((update: GenerationUpdate) => Promise<void>) | undefined): void {
  bus().remote = remote;
}

export function onGenerationUpdate(listener: (update: GenerationUpdate) => void): () => void {
  const { emitter } = bus();
  emitter.on('update', listener);
  return () => emitter.off('update', listener);
}
